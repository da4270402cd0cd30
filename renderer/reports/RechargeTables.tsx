import type { ReactNode } from 'react';
import { Card, H4, HTMLTable } from '@blueprintjs/core';
import type { Language } from '../../shared/codes.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { FigureHeadings, figureClass } from './FiguresTable.js';
import { ReportExport, type ReportFile } from './ReportExport.js';
import { RECHARGE_COLUMNS, type ColumnDef, type RechargeTable } from './rechargeOptions.js';

type Row = Readonly<Record<string, unknown>> & { currency?: string };

/** A figure as the column's kind says: counts and money in the console's language. */
export function cellText(
  col: ColumnDef,
  row: Row,
  lang: Language,
  name?: (key: string, v: string) => string,
): string {
  const v = row[col.key];
  if (col.kind === 'count' && typeof v === 'number') return v.toLocaleString(lang);
  if (col.kind === 'money' && typeof v === 'number') return formatMoney(v, row.currency, lang);
  const text = typeof v === 'string' ? v : String(v ?? '');
  return name ? name(col.key, text) : text;
}

/**
 * One of the page's tables, drawn from its column list (RECHARGE_COLUMNS): a heading, a row per
 * entry, the rows keyed by `rowKey`. `name` turns a code (a provider) into its name.
 */
export function FiguresTable({
  table,
  title,
  rows,
  rowKey,
  testId,
  name,
  empty,
  file,
}: {
  table: RechargeTable;
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId: string;
  name?: (key: string, value: string) => string;
  empty?: ReactNode;
  /** The table's file (CSV, XLSX), made by the backend from the same columns. */
  file?: ReportFile;
}) {
  const lang = useLanguage();
  const columns: readonly ColumnDef[] = RECHARGE_COLUMNS[table];
  return (
    <Card className="recharge-table" data-testid={testId}>
      <H4>{title}</H4>
      {file && rows.length > 0 && (
        <ReportExport {...file} columns={columns} currencyKey="currency" testId={testId} />
      )}
      {rows.length === 0 ? (
        empty
      ) : (
        <div className="recharge-table-scroll" tabIndex={0} role="region" aria-label={title}>
          <HTMLTable compact striped aria-label={title}>
            <FigureHeadings columns={columns} />
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={`${testId}-row`}>
                  {columns.map((c) => (
                    <td key={c.key} data-col={c.key} className={figureClass(c.kind)}>
                      {cellText(c, row, lang, name)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}
