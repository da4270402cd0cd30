import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { ariaSort } from './PageTable.js';
import { SortHeader, type TableSort } from './SortHeader.js';

/** A column heading of a RowsTable, sortable when it names the endpoint's sort key. */
export interface RowsColumn {
  name: string;
  sortKey?: string;
}

/**
 * A plain table of one page of rows, for a list whose rows are markup of their own (a log row that
 * opens its entry, a cell with folded detail) rather than the kit's cell grid: compact, striped,
 * every column named (a screen reader reads the heading per cell), the sortable ones as buttons.
 */
export function RowsTable({
  columns,
  rowCount,
  testId,
  sort,
  interactive = false,
  className,
  children,
}: {
  columns: readonly RowsColumn[];
  rowCount: number;
  testId: string;
  sort?: TableSort | undefined;
  /** Rows open something on click. */
  interactive?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="kit-table-scroll">
      <HTMLTable
        compact
        striped
        interactive={interactive}
        {...(className ? { className } : {})}
        data-testid={testId}
        data-row-count={rowCount}
      >
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} {...(sort && c.sortKey ? { 'aria-sort': ariaSort(sort, c.sortKey) } : {})}>
                {sort && c.sortKey ? <SortHeader name={c.name} sortKey={c.sortKey} sort={sort} /> : c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}
