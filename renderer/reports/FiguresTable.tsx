import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatFigure, type ColumnDef, type FigureFormat } from './columns.js';

/** A figure column's cells align right; days and text read from the left. */
export const figureClass = (kind: string): string => (kind === 'day' || kind === 'text' ? '' : 'cell-figure');

/** A report table's headings, from its column list, in the console's language. */
export function FigureHeadings({
  columns,
}: {
  columns: readonly { key: string; label: string; kind: string }[];
}) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c.key} scope="col" className={figureClass(c.kind)}>
            {t(c.label)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A report's table from its column list: headings in the console's language, every figure
 * written for its kind; `cell` may wrap a figure (a link to the rows behind it).
 */
export function FiguresTable<R>({
  label,
  columns,
  rows,
  rowKey,
  format,
  cell,
  testId,
}: {
  label: string;
  columns: readonly ColumnDef<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  format: FigureFormat;
  cell?: (column: ColumnDef<R>, row: R, text: string) => ReactNode;
  testId: string;
}) {
  return (
    // Wide and long: it scrolls, so it is reachable by keyboard and named for screen readers.
    <div className="report-table" tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      <HTMLTable compact striped aria-label={label}>
        <FigureHeadings columns={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) => {
                const text = formatFigure(c.kind, row[c.key], format);
                const shown = cell ? cell(c, row, text) : text;
                return i === 0 ? (
                  <th key={c.key} scope="row" data-col={c.key}>
                    {shown}
                  </th>
                ) : (
                  <td key={c.key} data-col={c.key} className={c.kind === 'text' ? '' : 'cell-figure'}>
                    {shown}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
