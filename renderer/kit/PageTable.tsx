import { HTMLTable } from '@blueprintjs/core';
import { SortHeader } from './SortHeader.js';
import type { TableColumn, TableSort } from './table.js';

/**
 * One page of a server-paged list (at most a page of rows, all of them shown): a plain table with
 * the kit's columns, not Blueprint's Table2. Table2 is for rows that scroll inside a box
 * (DataTable: 10,000 pieces of equipment, a player's tabs), where it draws only the rows in view;
 * a page shows every row anyway, and Table2 would first mount its four quadrants, measure them and
 * draw in passes (issue 25: a list's first rows <= 150 ms after navigation). A real table also
 * reads as one to a screen reader: every cell under its column's heading. The columns keep their
 * widths (a fixed layout), and a cell cut short shows its whole text on hover, as in Table2.
 */
export function PageTable<T>({
  rows,
  columns,
  testId,
  className,
  label,
  sort,
}: {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  testId?: string;
  className?: string;
  /** The table's accessible name, when the page's heading does not give it. */
  label?: string;
  /** Sortable headers (the columns with a sortKey). */
  sort?: TableSort;
}) {
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  return (
    <div className="kit-table-scroll">
      {/* Not striped: a striped row's lighter ground in the dark theme takes a minimal danger
          tag's text under WCAG AA contrast (the a11y audit, with a delivery failed on the page). */}
      <HTMLTable
        compact
        className={['kit-table', 'kit-page-table', className].filter(Boolean).join(' ')}
        style={{ width }}
        data-testid={testId}
        data-row-count={rows.length}
        {...(label ? { 'aria-label': label } : {})}
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => {
              const key = c.sortKey;
              const sortable = sort !== undefined && key !== undefined;
              return (
                <th key={c.key} scope="col" {...(sortable ? { 'aria-sort': ariaSort(sort, key) } : {})}>
                  {sortable ? <SortHeader name={c.name} sortKey={key} sort={sort} /> : c.name}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  {...(c.className ? { className: c.className } : {})}
                  {...(c.tooltip ? { title: c.tooltip(row) } : {})}
                >
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export const ariaSort = (sort: TableSort, key: string): 'ascending' | 'descending' | 'none' =>
  sort.column !== key ? 'none' : sort.order === 'asc' ? 'ascending' : 'descending';
