import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ParsedExportRequest } from '../../shared/api/exports.js';
import { BOM, csvHeading, csvLine, csvValue, xlsxCell, type Row } from './cells.js';
import { csvCell } from '../../shared/csv.js';
import type { ExportSource } from './source.js';
import { PacedWorkbookWriter } from './paced-workbook.js';

/**
 * Writes an export's file into `out` as its rows are read, never holding more than a page: the
 * header block (title, then the filters as label/value pairs, then a blank line), the headings,
 * the rows. Between pages it waits while `out` is full, and for XLSX the zip before it (a slow
 * download slows the walk, and memory stays flat), and stops when `stopped()` says the caller
 * has gone.
 */

/**
 * Waits until `stream` takes more, or `out` (the response) has closed: a download cancelled
 * midway must not leave the walk waiting for ever. The listener that did not fire is removed:
 * an export waits once a page, and a listener left per page would pile up on the response.
 */
async function drained(stream: Writable, out: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed || out.destroyed) return;
  const settled = new AbortController();
  const { signal } = settled;
  try {
    await Promise.race([once(stream, 'drain', { signal }), once(out, 'close', { signal })]);
  } finally {
    settled.abort();
  }
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
    await drained(out, out);
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
  const book = new PacedWorkbookWriter({
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
  const styleOf = styleCache();
  let count = 0;
  for await (const rows of source.rows(stopped)) {
    for (const r of rows) writeRow(sheet, request, styleOf, r);
    count += rows.length;
    // The zip takes the page at the download's pace: the next is read once it has.
    if (book.lastPart) await drained(book.lastPart.zipped, out);
    await drained(out, out);
  }
  // A download that has gone takes no more: the file stays unfinished, and is dropped with the walk.
  if (stopped()) return count;
  sheet.commit();
  await book.commit();
  return count;
}

/**
 * The cells' styles, one object per number format, shared by every cell that has it. exceljs's
 * style registry knows a style object it has seen (a WeakMap from the object to its id); a cell's
 * own style object, which `cell.numFmt = ...` or a column's style gives each cell, is new every
 * time, and registering it serialises it to XML to look its id up: most of the writer's time.
 */
function styleCache(): (numFmt: string | undefined) => Partial<ExcelJS.Style> {
  const plain: Partial<ExcelJS.Style> = {};
  const byFormat = new Map<string, Partial<ExcelJS.Style>>();
  return (numFmt) => {
    if (numFmt === undefined) return plain;
    let style = byFormat.get(numFmt);
    if (!style) byFormat.set(numFmt, (style = { numFmt }));
    return style;
  };
}

function writeRow(
  sheet: ExcelJS.Worksheet,
  request: ParsedExportRequest,
  styleOf: ReturnType<typeof styleCache>,
  r: Row,
): void {
  const cells = request.columns.map((c) => xlsxCell(c, r, request.offsetMinutes));
  const row = sheet.addRow(cells.map((c) => c.value));
  // The row's own style too (exceljs registers it as a cell's; its typings leave it out).
  Object.assign(row, { style: styleOf(undefined) });
  cells.forEach((c, i) => {
    row.getCell(i + 1).style = styleOf(c.numFmt);
  });
  row.commit();
}

/** Writes the file of `source` into `out`; the count of rows written. */
export function writeExport(source: ExportSource, out: Writable, stopped: () => boolean): Promise<number> {
  return source.request.format === 'xlsx' ? writeXlsx(source, out, stopped) : writeCsv(source, out, stopped);
}
