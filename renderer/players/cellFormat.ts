import { formatMoney } from '../components/money.js';
import type { Language } from '../../shared/codes.js';
import type { Cell, TabRow } from '../../shared/api/players.js';
import type { ColumnDef } from '../../shared/player-tabs.js';
import { formatDateTime } from '../components/format.js';
import { numberFormat } from '../components/intl.js';

/**
 * How one tab cell is shown, decided from its column type (shared/player-tabs.ts). Pure, so the
 * table, the field list and the clipboard all show the same thing and tests can check it in Node.
 * Texts that need translating (yes/no, status codes) stay codes here; the screen translates them.
 */
export type CellView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'status'; value: string }
  | { kind: 'list'; items: readonly string[] };

const EMPTY: CellView = { kind: 'empty' };

/** A whole or fixed-decimal figure in the language's digits, its formatter made once. */
const fixed = (lang: Language, fractionDigits = 0) =>
  numberFormat(lang, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });

/** A count with the language's digit grouping ("12,345"). */
export function formatCount(n: number, lang: Language): string {
  return fixed(lang).format(n);
}

/**
 * Identifiers read best without digit grouping: an operator copies and compares them, and
 * "10,234" looks like a quantity.
 */
export function isIdentifierKey(key: string): boolean {
  return key === 'id' || key === 'num' || key === 'season' || /Id$|ID$/.test(key);
}

function textOf(value: Cell): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The view of `row[column.key]`; a value of an unexpected type is shown as text, never dropped. */
export function cellView(row: TabRow, column: ColumnDef, lang: Language): CellView {
  const value = row[column.key];
  if (value === undefined || value === null || value === '') return EMPTY;
  switch (column.type) {
    case 'int':
      if (typeof value !== 'number') return { kind: 'text', text: textOf(value) };
      return { kind: 'text', text: isIdentifierKey(column.key) ? String(value) : formatCount(value, lang) };
    case 'money': {
      if (typeof value !== 'number') return { kind: 'text', text: textOf(value) };
      const currency = row['currency'];
      return { kind: 'text', text: formatMoney(value, typeof currency === 'string' ? currency : null, lang) };
    }
    case 'bool':
      return typeof value === 'boolean' ? { kind: 'bool', value } : { kind: 'text', text: textOf(value) };
    case 'datetime':
      return typeof value === 'string' || typeof value === 'number'
        ? { kind: 'text', text: formatDateTime(value, lang) }
        : { kind: 'text', text: textOf(value) };
    case 'status':
      return typeof value === 'string' ? { kind: 'status', value } : { kind: 'text', text: textOf(value) };
    case 'list': {
      const items = Array.isArray(value) ? value : [String(value)];
      return items.length === 0 ? EMPTY : { kind: 'list', items };
    }
    case 'text':
      return { kind: 'text', text: textOf(value) };
  }
}

/** The translations a cell needs, passed in so this module stays free of i18next. */
export interface CellTexts {
  yes: string;
  no: string;
  none: string;
  status(value: string): string;
}

/** One line of text for a cell: table cells, the clipboard, titles. */
export function cellText(view: CellView, texts: CellTexts): string {
  switch (view.kind) {
    case 'empty':
      return texts.none;
    case 'text':
      return view.text;
    case 'bool':
      return view.value ? texts.yes : texts.no;
    case 'status':
      return texts.status(view.value);
    case 'list':
      return view.items.join(', ');
  }
}

/** Every cell of a tab's rows, computed once per data and language instead of on every paint. */
export function cellViews(
  rows: readonly TabRow[],
  columns: readonly ColumnDef[],
  lang: Language,
): CellView[][] {
  return rows.map((row) => columns.map((column) => cellView(row, column, lang)));
}
