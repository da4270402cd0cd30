/**
 * CSV for the console's exports (every list and report, the system logs, a batch of codes), written to open cleanly in Excel and to be safe there:
 *
 * - UTF-8 with a byte-order mark (Excel otherwise reads it in the local code page, and Chinese
 *   names come out garbled), CRLF line ends, every cell quoted when it holds a quote, a comma or
 *   a line break (RFC 4180);
 * - no formulas: a cell that starts with = + - @, a tab or a carriage return would be run by a
 *   spreadsheet (operator text, targets and reasons come from people), so it gets a leading
 *   apostrophe, the OWASP advice, and is quoted;
 * - no cell longer than Excel holds (32,767 characters): a longer one (a large before/after) is
 *   cut and says so.
 */

export const BOM = '\uFEFF';
export const EXCEL_CELL_MAX = 32_767;
const CUT = '…[cut: longer than a spreadsheet cell holds]';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (text.length > EXCEL_CELL_MAX) text = text.slice(0, EXCEL_CELL_MAX - CUT.length - 1) + CUT;
  const formula = FORMULA_START.test(text);
  if (formula) text = `'${text}`;
  return formula || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return BOM + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** "2026-01-15 17:00:00" in the zone `offsetMinutes` east of UTC (the operator's, by default). */
export function localTime(iso: string, offsetMinutes = -new Date(iso).getTimezoneOffset()): string {
  const d = new Date(Date.parse(iso) + offsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ` +
    `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
  );
}

/** "UTC+08:00", for the time column's heading. */
export function zoneName(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A file name for an export made at `now`: system-logs-20260115-1700.csv (local time). The prefix
 * may be a page's title: what a file system refuses goes, letters of any script stay.
 */
export function exportFileName(prefix: string, now: Date, extension: 'csv' | 'xlsx' = 'csv'): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const base =
    prefix
      .trim()
      // Control characters went with the text rule (shared/api/text.ts) before any title got here.
      .replace(/[\\/:*?"<>|]+/g, '')
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 80) || 'export';
  return (
    `${base}-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-` +
    `${p(now.getHours())}${p(now.getMinutes())}.${extension}`
  );
}

/**
 * The rows of an RFC 4180 document (quoted fields, doubled quotes, CRLF or LF line ends, a
 * leading byte-order mark ignored); a last empty line is no row. For a CSV a backend wrote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
