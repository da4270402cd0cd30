import type { ParsedExportColumn } from '../../shared/api/exports.js';
import { BOM, csvCell, localTime } from '../../shared/csv.js';

/**
 * A row's value as each format writes it, by the column's kind. XLSX keeps numbers as numbers
 * and dates as dates (with a number format saying how to show them); CSV has no types, so it
 * writes what a spreadsheet reads back as the same number or date.
 */

export type Row = Readonly<Record<string, unknown>>;

/** A value for XLSX: a number, a Date, text or an empty cell, with its number format. */
export interface XlsxCell {
  value: number | string | Date | null;
  numFmt?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function numberOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // A list or an object (tags, a before/after): readable and complete.
  return JSON.stringify(v);
}

/** The currency of a money cell: the row's own, else the column's; '' when neither says. */
function currencyOf(col: ParsedExportColumn, row: Row): string {
  const own = col.currencyKey ? row[col.currencyKey] : undefined;
  return typeof own === 'string' && own !== '' ? own : (col.currency ?? '');
}

/** `#,##0.00 "CNY"`: the amount with its decimals, and its currency when there is one. */
function moneyFormat(decimals: number, currency: string): string {
  const digits = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  // Quotes would end the literal: a currency code is three letters, checked at the schema.
  return currency ? `#,##0${digits.slice(1)} "${currency}"` : `#,##0${digits.slice(1)}`;
}

export function xlsxCell(col: ParsedExportColumn, row: Row, offsetMinutes: number): XlsxCell {
  const v = row[col.key];
  if (v === null || v === undefined) return { value: null };
  switch (col.kind) {
    case 'number': {
      const n = numberOf(v);
      return n === null ? { value: textOf(v) } : { value: n };
    }
    case 'money': {
      const n = numberOf(v);
      if (n === null) return { value: textOf(v) };
      return { value: n / 10 ** col.decimals, numFmt: moneyFormat(col.decimals, currencyOf(col, row)) };
    }
    case 'percent': {
      const n = numberOf(v);
      return n === null ? { value: textOf(v) } : { value: n, numFmt: '0.00%' };
    }
    case 'date': {
      const m = typeof v === 'string' ? DAY.exec(v) : null;
      if (!m) return { value: textOf(v) };
      return {
        value: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))),
        numFmt: 'yyyy-mm-dd',
      };
    }
    case 'datetime': {
      const at = typeof v === 'string' ? Date.parse(v) : Number.NaN;
      if (Number.isNaN(at)) return { value: textOf(v) };
      // A spreadsheet's date has no zone: it shows the wall time of the operator's zone.
      return { value: new Date(at + offsetMinutes * 60_000), numFmt: 'yyyy-mm-dd hh:mm:ss' };
    }
    case 'text':
      return { value: typeof v === 'number' ? v : textOf(v) };
  }
}

/** One CSV cell: numbers bare (a negative one is a number, not a formula), text made safe. */
export function csvValue(col: ParsedExportColumn, row: Row, offsetMinutes: number): string {
  const v = row[col.key];
  if (v === null || v === undefined) return '';
  const n = numberOf(v);
  switch (col.kind) {
    case 'number':
      return n === null ? csvCell(textOf(v)) : String(n);
    case 'money': {
      if (n === null) return csvCell(textOf(v));
      const amount = (n / 10 ** col.decimals).toFixed(col.decimals);
      // A fixed currency is in the heading; a row's own is beside its amount.
      return col.currencyKey && currencyOf(col, row) ? csvCell(`${amount} ${currencyOf(col, row)}`) : amount;
    }
    case 'percent':
      // "12.50%": read back by a spreadsheet as the number 0.125.
      return n === null ? csvCell(textOf(v)) : `${(n * 100).toFixed(2)}%`;
    case 'datetime': {
      const at = typeof v === 'string' ? Date.parse(v) : Number.NaN;
      return Number.isNaN(at) ? csvCell(textOf(v)) : localTime(v as string, offsetMinutes);
    }
    case 'date':
    case 'text':
      return csvCell(textOf(v));
  }
}

/** A column's heading, with the column's fixed currency in CSV (where no cell can carry it). */
export function csvHeading(col: ParsedExportColumn): string {
  return col.kind === 'money' && col.currency && !col.currencyKey
    ? `${col.label} (${col.currency})`
    : col.label;
}

export function csvLine(cells: readonly string[]): string {
  return cells.join(',') + '\r\n';
}

export { BOM };
