import { Button } from '@blueprintjs/core';

/** A table's sort: the column key and direction, and what a click on a sortable header does. */
export interface TableSort {
  column: string | null;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  /** The header's accessible name: "Sort by Created, ascending now". */
  label: (name: string, state: 'asc' | 'desc' | 'none') => string;
}

/** A column's heading that sorts the list by it: ascending, descending, then the list's own order. */
export function SortHeader({ name, sortKey, sort }: { name: string; sortKey: string; sort: TableSort }) {
  const state = sort.column === sortKey ? sort.order : 'none';
  const icon = state === 'asc' ? 'sort-asc' : state === 'desc' ? 'sort-desc' : 'double-caret-vertical';
  return (
    <Button
      variant="minimal"
      size="small"
      className="kit-sort-header"
      endIcon={icon}
      text={name}
      aria-label={sort.label(name, state)}
      data-sort={state}
      data-testid={`sort-${sortKey}`}
      onClick={() => sort.onSort(sortKey)}
    />
  );
}
