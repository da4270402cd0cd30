import type { ReactNode } from 'react';
import { Cell, Column, SelectionModes, Table2 } from '@blueprintjs/table';
import { useLanguage } from '../i18n/i18n.js';

export const ROW_HEIGHT = 30;

export interface ListColumn<T> {
  /** Stable key; also the column's React key. */
  key: string;
  name: string;
  width: number;
  render: (row: T) => ReactNode;
  /** Links and buttons need an interactive cell to be clickable. */
  interactive?: boolean;
  /** Full text on hover, for columns that may be cut off (reasons, notes). */
  tooltip?: (row: T) => string;
}

/**
 * A page of a server-paged list in a Blueprint Table2. The table is sized to all its rows and
 * columns, so it renders every cell (Table2 only renders what is in its own viewport) and the
 * page scrolls instead; at 20 rows a page that is cheap. The container carries the test id and
 * the row count for the end-to-end tests.
 */
export function ListTable<T>({
  rows,
  columns,
  testId,
}: {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  testId: string;
}) {
  const lang = useLanguage();
  const width = columns.reduce((sum, c) => sum + c.width, 0) + 2;
  const cell = (col: ListColumn<T>) => (rowIndex: number) => {
    const row = rows[rowIndex];
    return (
      <Cell
        interactive={col.interactive ?? false}
        tooltip={row !== undefined && col.tooltip ? col.tooltip(row) : undefined}
      >
        {row === undefined ? null : col.render(row)}
      </Cell>
    );
  };
  return (
    <div className="moderation-table-scroll">
      <div
        className="moderation-table"
        style={{ height: ROW_HEIGHT * (rows.length + 1) + 8, width }}
        data-testid={testId}
        data-row-count={rows.length}
      >
        <Table2
          numRows={rows.length}
          enableRowHeader={false}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={columns.map((c) => c.width)}
          cellRendererDependencies={[rows, columns, lang]}
          enableFocusedCell={false}
          // Rows carry their own action buttons; a selection box would only be noise.
          selectionModes={SelectionModes.NONE}
        >
          {columns.map((c) => (
            <Column key={c.key} name={c.name} cellRenderer={cell(c)} />
          ))}
        </Table2>
      </div>
    </div>
  );
}
