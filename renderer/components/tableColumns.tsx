import type { ReactNode } from 'react';
import { Cell, Column } from '@blueprintjs/table';

/** One column of a page of rows shown in a Blueprint Table2. */
export interface TableColumn<T> {
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
 * The Table2 columns of `columns` over `rows`: each cell draws its row through the column's
 * render (Table2 may ask for a row past the end while a new page arrives; that cell is empty).
 */
export function tableColumns<T>(rows: readonly T[], columns: readonly TableColumn<T>[]) {
  const cell = (col: TableColumn<T>) => (rowIndex: number) => {
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
  return columns.map((c) => <Column key={c.key} name={c.name} cellRenderer={cell(c)} />);
}
