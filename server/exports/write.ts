import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ParsedExportRequest } from '../../shared/api/exports.js';
import { BOM, csvHeading, csvLine, csvValue, xlsxCell, type Row } from './cells.js';
import { csvCell } from '../../shared/csv.js';
import type { ExportSource } from './source.js';

/**
 * Writes an export's file into `out` as its rows are read, never holding more than a page: the
 * header block (title, then the filters as label/value pairs, then a blank line), the headings,
 * the rows. Between pages it waits while `out` is full (a slow download slows the walk, and
 * memory stays flat) and stops when `stopped()` says the caller has gone.
 */

/** Waits until `out` takes more, or has closed. */
async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

function headerBlock(request: ParsedExportRequest): string[][] {
  return [[request.title], ...request.filters.map((f) => [f.label, f.value]), []];
}

async function writeCsv(source: ExportSource, out: Writable, stopped: () => boolean): Promise<number> {
  const { request } = source;
  let text = BOM;
  for (const line of headerBlock(request)) text += csvLine(line.map((c) => csvCell(c)));
  text += csvLine(request.columns.map((c) => csvCell(csvHeading(c))));
  out.write(text);
  let count = 0;
  for await (const rows of source.rows(stopped)) {
    let chunk = '';
    for (const row of rows)
      chunk += csvLine(request.columns.map((c) => csvValue(c, row, request.offsetMinutes)));
    out.write(chunk);
    count += rows.length;
    await drained(out);
  }
  return count;
}

/** A sheet's name: 31 characters at most, none of the seven a workbook refuses. */
export function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Export'
  );
}

async function writeXlsx(source: ExportSource, out: Writable, stopped: () => boolean): Promise<number> {
  const { request } = source;
  // Inline strings: shared strings would keep every distinct text in memory until the end.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName(request.title));
  const block = headerBlock(request);
  block.forEach((cells, i) => {
    const row = sheet.addRow(cells);
    if (i === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  const headings = sheet.addRow(request.columns.map((c) => c.label));
  headings.font = { bold: true };
  headings.commit();
  request.columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(12, c.label.length + 4));
  });
  let count = 0;
  for await (const rows of source.rows(stopped)) {
    for (const r of rows) writeRow(sheet, request, r);
    count += rows.length;
    await drained(out);
  }
  sheet.commit();
  await book.commit();
  return count;
}

function writeRow(sheet: ExcelJS.Worksheet, request: ParsedExportRequest, r: Row): void {
  const cells = request.columns.map((c) => xlsxCell(c, r, request.offsetMinutes));
  const row = sheet.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => {
    if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
  });
  row.commit();
}

/** Writes the file of `source` into `out`; the count of rows written. */
export function writeExport(source: ExportSource, out: Writable, stopped: () => boolean): Promise<number> {
  return source.request.format === 'xlsx' ? writeXlsx(source, out, stopped) : writeCsv(source, out, stopped);
}
