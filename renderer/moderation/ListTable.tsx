import { SelectionModes, Table2 } from '@blueprintjs/table';
import { tableColumns, type TableColumn } from '../components/tableColumns.js';
import { useLanguage } from '../i18n/i18n.js';

const ROW_HEIGHT = 30;

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
  columns: readonly TableColumn<T>[];
  testId: string;
}) {
  const lang = useLanguage();
  const width = columns.reduce((sum, c) => sum + c.width, 0) + 2;
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
          {tableColumns(rows, columns)}
        </Table2>
      </div>
    </div>
  );
}
