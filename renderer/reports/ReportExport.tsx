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
export function reportFileColumns<R>(
  columns: readonly ColumnDef<R>[],
  t: TFunction,
  currency?: string,
): ExportColumn[] {
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
  return columns.map((c) => ({
    key: c.key,
    label: t(c.label),
    kind: FILE_KIND[c.kind],
    ...(c.kind === 'money' && code ? { currency: code } : {}),
  }));
}

/**
 * A report's table exported (CSV, XLSX) by the backend, from the report's own endpoint and range:
 * the same columns the screen draws, the range and the studio's time zone in the file's header.
 */
export function ReportExport<R>({
  endpoint,
  input,
  rows,
  columns,
  currency,
  title,
  timeZone,
  testId,
}: {
  endpoint: EndpointId;
  input: { game: string; start: string; end: string };
  /** The answer's array the table is. */
  rows: string;
  columns: readonly ColumnDef<R>[];
  currency?: string;
  title: string;
  timeZone: string;
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
      columns={reportFileColumns(columns, t, currency)}
      testId={testId}
    />
  );
}
