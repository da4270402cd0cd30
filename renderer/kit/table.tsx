// The table's styles load with the first screen that has a table, not with the sign-in page.
import '@blueprintjs/table/lib/css/table.css';
import { useMemo, type ReactNode } from 'react';
import { Cell, Column, SelectionModes, Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../../shared/api/exports.js';
import { identityKey } from './identityKey.js';
import { useKeyboardScroll } from './keyboardScroll.js';
import { SortHeader, type TableSort } from './SortHeader.js';
import { ROW_HEIGHT, tableBoxHeight, tableBoxWidth, type TableHeight } from './tableSize.js';

export { ROW_HEIGHT } from './tableSize.js';
export { SortHeader, type TableSort } from './SortHeader.js';
export type { TableHeight } from './tableSize.js';

/** One column: its title, width and how a row's cell reads. */
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
  /** A class on every cell of the column (figures aligned right). */
  className?: string;
  /** The endpoint's sort key of the column, when the list can be sorted by it. */
  sortKey?: string;
  /**
   * How the list's export writes the column (renderer/kit/export/listColumns.ts): by default the
   * row's field named `key`, of the kind its schema says; a column drawn from another field, or
   * money, a day or a share, says so here; false leaves it out of the file.
   */
  export?: false | Partial<Omit<ExportColumn, 'label'>>;
}

/**
 * The Table2 columns of `columns` over `rows`: each cell draws its row through the column's
 * render (Table2 may ask for a row past the end while new rows arrive; that cell is empty).
 */
function tableColumns<T>(rows: readonly T[], columns: readonly TableColumn<T>[], sort?: TableSort) {
  const cell = (col: TableColumn<T>) => (rowIndex: number) => {
    const row = rows[rowIndex];
    return (
      <Cell
        interactive={col.interactive ?? false}
        className={col.className}
        tooltip={row !== undefined && col.tooltip ? col.tooltip(row) : undefined}
      >
        {row === undefined ? null : col.render(row)}
      </Cell>
    );
  };
  const header = (col: TableColumn<T>) => {
    const key = col.sortKey;
    if (!sort || key === undefined) return undefined;
    return () => <SortHeader name={col.name} sortKey={key} sort={sort} />;
  };
  return columns.map((c) => {
    const nameRenderer = header(c);
    return (
      <Column key={c.key} name={c.name} cellRenderer={cell(c)} {...(nameRenderer ? { nameRenderer } : {})} />
    );
  });
}

/**
 * Every table of the console: Blueprint's Table2 with the one row height, fixed column widths
 * and a box sized by `height` ('all' rows for a page of a list, or at most `{ rows }` and the
 * table scrolls and virtualises inside). The table is keyed on its rows, so a new page draws at
 * once instead of mixing old and new rows for a few frames. The box carries `testId` and the row
 * count for the end-to-end tests.
 */
export function DataTable<T>({
  rows,
  columns,
  height = 'all',
  testId,
  className,
  selectable = false,
  dependencies = [],
  onCompleteRender,
  label,
  sort,
}: {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  height?: TableHeight;
  testId?: string;
  className?: string;
  /** Whether cells can be selected; off for lists whose rows carry their own buttons. */
  selectable?: boolean;
  /** What else the cells read (the language, say); a change redraws them. */
  dependencies?: readonly unknown[];
  onCompleteRender?: () => void;
  /** What a screen reader calls a table that scrolls inside its box (its scroll area's name). */
  label?: string;
  /** Sortable headers (the columns with a sortKey). */
  sort?: TableSort;
}) {
  const { t } = useTranslation();
  const widths = useMemo(() => columns.map((c) => c.width), [columns]);
  const fit = height === 'all';
  const key = identityKey(rows);
  const scrollBox = useKeyboardScroll(label ?? t('kit.table.rows', { count: rows.length }), fit ? null : key);
  const box = (
    <div
      ref={fit ? undefined : scrollBox}
      className={['kit-table', className].filter(Boolean).join(' ')}
      style={{
        height: tableBoxHeight(rows.length, height),
        ...(fit ? { width: tableBoxWidth(widths) } : {}),
      }}
      data-testid={testId}
      data-row-count={rows.length}
    >
      <Table2
        key={key}
        numRows={rows.length}
        enableRowHeader={false}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={widths}
        cellRendererDependencies={[rows, columns, sort?.column, sort?.order, ...dependencies]}
        enableFocusedCell={false}
        {...(selectable ? {} : { selectionModes: SelectionModes.NONE })}
        {...(onCompleteRender ? { onCompleteRender } : {})}
      >
        {tableColumns(rows, columns, sort)}
      </Table2>
    </div>
  );
  // A box as wide as its columns scrolls sideways in the page rather than inside the table.
  return fit ? <div className="kit-table-scroll">{box}</div> : box;
}
