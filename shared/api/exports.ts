import { z } from 'zod';
import { SERVICE_BASE_PATHS } from '../games.js';
import type { Endpoint } from './endpoint.js';

/**
 * Exports of a list or a report to a file (issue 20, "Exports"). The file is made where the data
 * is: the backend walks the endpoint's pages (or a report's rows) and streams CSV or XLSX into
 * the response, so a file of 100,000 rows costs the console no memory and the backend a few pages.
 *
 * It is not an entry of the endpoint table: its answer is a file, not an envelope (a refusal, made
 * before anything is written, is one). It is a POST on the admin service, signed in as an operator,
 * and reads the endpoint named in the request with exactly the access a normal call of it has.
 */

/** Where the route is, on the admin service. */
export const EXPORT_PATH = '/admin/exports';
export const EXPORT_ROUTE = `${SERVICE_BASE_PATHS.admin}${EXPORT_PATH}`;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How a column's values are written:
 * - `text`: as text (a number stays a number in XLSX);
 * - `number`: a number;
 * - `money`: an integer in minor units (cents), written in major units with its currency;
 * - `date`: a day (`YYYY-MM-DD`);
 * - `datetime`: an instant (ISO 8601), written in the operator's zone (`offsetMinutes`);
 * - `percent`: a share from 0 to 1.
 * A null or missing value is an empty cell whatever the kind.
 */
export const COLUMN_KINDS = ['text', 'number', 'money', 'date', 'datetime', 'percent'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

const keySchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a column key is a field name of the row (letters, digits, _)');

export const exportColumnSchema = z.strictObject({
  /** The row's field. */
  key: keySchema,
  /** The heading, in the operator's language. */
  label: z.string().trim().min(1, 'a column needs a heading').max(200),
  kind: z.enum(COLUMN_KINDS).default('text'),
  /** Money: a fixed currency code for the whole column. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a currency is a three-letter code')
    .optional(),
  /** Money: the row's field that holds each row's currency code (wins over `currency`). */
  currencyKey: keySchema.optional(),
  /** Money: digits after the point of the minor unit (2 for cents, 0 for yen). */
  decimals: z.number().int().min(0).max(4).default(2),
});
export type ExportColumn = z.input<typeof exportColumnSchema>;
export type ParsedExportColumn = z.output<typeof exportColumnSchema>;

/** The most rows one file holds; past it the file says it stopped (XLSX's own limit is 1,048,576). */
export const EXPORT_ROW_CAP = 1_000_000;
export const MAX_EXPORT_COLUMNS = 100;

export const exportRequestSchema = z.strictObject({
  /** The endpoint read: a list (its pages are walked) or a report (its `rows`). */
  endpoint: z.string().min(1).max(100),
  /** Its input, as a normal call of it takes it; paging is the export's own. */
  input: z.record(z.string(), z.unknown()).default({}),
  /**
   * A report's table to export, when its answer has several (`days`, `byProvider`): the field of
   * the answer that holds its rows. Not needed for a list, nor for a report with one table.
   */
  rows: keySchema.optional(),
  format: z.enum(EXPORT_FORMATS),
  /** The file's title (the page's), first line of its header block and the sheet's name. */
  title: z.string().trim().min(1).max(200),
  columns: z.array(exportColumnSchema).min(1, 'an export needs a column').max(MAX_EXPORT_COLUMNS),
  /** The filters the rows were read with, as the page shows them: a header block over the table. */
  filters: z
    .array(z.strictObject({ label: z.string().max(200), value: z.string().max(1000) }))
    .max(50)
    .default([]),
  /** The operator's zone, minutes east of UTC, for `datetime` columns. */
  offsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;
export type ParsedExportRequest = z.output<typeof exportRequestSchema>;

/** The answer's header that says how many rows the file will hold, when the endpoint said (a total). */
export const EXPORT_TOTAL_HEADER = 'X-Export-Total';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A list answers `items` one page at a time; a report answers all its rows at once, in one of
 * its tables (`rows`, `days`, `byProvider`: each array of objects of its answer).
 */
export type ExportShape =
  { kind: 'pages'; row: z.ZodObject } | { kind: 'rows'; tables: Map<string, z.ZodObject> };

function rowObject(field: unknown): z.ZodObject | null {
  return field instanceof z.ZodArray && field.element instanceof z.ZodObject ? field.element : null;
}

/** Whether an endpoint's answer is a page of rows or a report's rows, and the rows' schema. */
export function exportShape(ep: Endpoint): ExportShape | null {
  if (ep.method !== 'GET' || ep.audit || ep.auth || ep.access.kind === 'public') return null;
  if (!(ep.output instanceof z.ZodObject)) return null;
  const shape = ep.output.shape as Record<string, unknown>;
  const items = rowObject(shape['items']);
  if (items && 'total' in shape && 'page' in ep.input.shape && 'pageSize' in ep.input.shape)
    return { kind: 'pages', row: items };
  const tables = new Map<string, z.ZodObject>();
  for (const [name, field] of Object.entries(shape)) {
    const row = rowObject(field);
    if (row) tables.set(name, row);
  }
  return tables.size > 0 ? { kind: 'rows', tables } : null;
}

/**
 * The kind a column of `row` is exported as, from the row's schema: numbers as numbers, instants
 * as datetimes, the rest as text. A column says otherwise (money, a day, a share) itself.
 */
export function columnKindOf(row: z.ZodObject, key: string): ColumnKind | null {
  let field: unknown = (row.shape as Record<string, unknown>)[key];
  if (field === undefined) return null;
  while (field instanceof z.ZodNullable || field instanceof z.ZodOptional) field = field.unwrap();
  if (field instanceof z.ZodNumber) return 'number';
  if (field instanceof z.ZodISODateTime) return 'datetime';
  return 'text';
}
