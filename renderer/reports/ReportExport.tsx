import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ExportColumn } from '../../shared/api/exports.js';
import type { EndpointId } from '../../shared/api/table.js';
import { ExportMenu } from '../kit/export/ExportMenu.js';
import type { ColumnDef, FigureKind } from './columns.js';

/** How each kind of report figure is written in a file: days as dates, shares as percents. */
const FILE_KIND: Record<FigureKind, NonNullable<ExportColumn['kind']>> = {
  day: 'date',
  text: 'text',
  count: 'number',
  money: 'money',
  ratio: 'percent',
};

/** A report table's columns as the file's: the screen's own list, its headings in the operator's language. */
export function reportFileColumns(
  columns: readonly Pick<ColumnDef<Record<string, unknown>>, 'key' | 'label' | 'kind'>[],
  t: TFunction,
  money: { currency?: string | undefined; currencyKey?: string | undefined } = {},
): ExportColumn[] {
  // A row's own currency (a table over several) wins over the report's one.
  const code = money.currency && /^[A-Z]{3}$/.test(money.currency) ? money.currency : undefined;
  const currency = money.currencyKey ? { currencyKey: money.currencyKey } : code ? { currency: code } : {};
  return columns.map((c) => ({
    key: c.key,
    label: t(c.label),
    kind: FILE_KIND[c.kind],
    ...(c.kind === 'money' ? currency : {}),
  }));
}

/** Where a report table's file comes from: the report's endpoint and range, the answer's array. */
export interface ReportFile {
  endpoint: EndpointId;
  input: { game: string; start: string; end: string };
  /** The answer's array the table is. */
  rows: string;
  title: string;
  timeZone: string;
}

/**
 * A report's table exported (CSV, XLSX) by the backend, from the report's own endpoint and range:
 * the same columns the screen draws, the range and the studio's time zone in the file's header.
 */
export function ReportExport({
  endpoint,
  input,
  rows,
  columns,
  currency,
  currencyKey,
  title,
  timeZone,
  testId,
}: ReportFile & {
  columns: readonly Pick<ColumnDef<Record<string, unknown>>, 'key' | 'label' | 'kind'>[];
  /** The money columns' currency: the report's, or the row's field that holds each row's. */
  currency?: string;
  currencyKey?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ExportMenu
      endpoint={endpoint}
      input={input}
      rows={rows}
      title={title}
      filters={[
        { label: t('reports.range.label'), value: `${input.start} – ${input.end}` },
        { label: t('reports.range.zoneLabel'), value: timeZone },
      ]}
      columns={reportFileColumns(columns, t, { currency, currencyKey })}
      testId={testId}
    />
  );
}
