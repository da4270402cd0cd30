import type { Language } from '../../shared/codes.js';
import type { DailyRow, ShopRow } from '../../shared/api/reports.js';
import { formatMoney } from '../components/money.js';
import { dateTimeFormat, numberFormat } from '../components/intl.js';

/**
 * The reports' tables, each declared once as a list of columns (a key of the row, the text key
 * of its heading, the kind of figure): the screens draw them, and an export can walk the same
 * list. How a figure is written follows from its kind alone.
 */

export type FigureKind = 'day' | 'text' | 'count' | 'money' | 'ratio';

export interface ColumnDef<R> {
  key: keyof R & string;
  /** Text key of the heading. */
  label: string;
  kind: FigureKind;
}

export const DAILY_COLUMNS: readonly ColumnDef<DailyRow>[] = [
  { key: 'day', label: 'reports.figure.day', kind: 'day' },
  { key: 'dau', label: 'reports.figure.dau', kind: 'count' },
  { key: 'newPlayers', label: 'reports.figure.newPlayers', kind: 'count' },
  { key: 'd1', label: 'reports.figure.d1', kind: 'ratio' },
  { key: 'd7', label: 'reports.figure.d7', kind: 'ratio' },
  { key: 'd30', label: 'reports.figure.d30', kind: 'ratio' },
  { key: 'revenue', label: 'reports.figure.revenue', kind: 'money' },
  { key: 'payingPlayers', label: 'reports.figure.payingPlayers', kind: 'count' },
  { key: 'firstTimePayers', label: 'reports.figure.firstTimePayers', kind: 'count' },
  { key: 'arpu', label: 'reports.figure.arpu', kind: 'money' },
  { key: 'arppu', label: 'reports.figure.arppu', kind: 'money' },
  { key: 'payRate', label: 'reports.figure.payRate', kind: 'ratio' },
];

/** One shop item over the whole range. */
export interface ShopItemTotal {
  itemId: number;
  item: string;
  purchases: number;
  units: number;
  revenue: number;
  /** Buyers of each day added up: one player buying on three days counts three times. */
  buyerDays: number;
}

/** The shop's revenue is in the game's own currency (gems, jade), so it is a count, not money. */
export const SHOP_ITEM_COLUMNS: readonly ColumnDef<ShopItemTotal>[] = [
  { key: 'item', label: 'reports.shop.col.item', kind: 'text' },
  { key: 'purchases', label: 'reports.shop.col.purchases', kind: 'count' },
  { key: 'units', label: 'reports.shop.col.units', kind: 'count' },
  { key: 'revenue', label: 'reports.shop.col.revenue', kind: 'count' },
  { key: 'buyerDays', label: 'reports.shop.col.buyerDays', kind: 'count' },
];

export const SHOP_DAY_COLUMNS: readonly ColumnDef<ShopRow>[] = [
  { key: 'day', label: 'reports.figure.day', kind: 'day' },
  { key: 'item', label: 'reports.shop.col.item', kind: 'text' },
  { key: 'purchases', label: 'reports.shop.col.purchases', kind: 'count' },
  { key: 'units', label: 'reports.shop.col.units', kind: 'count' },
  { key: 'revenue', label: 'reports.shop.col.revenue', kind: 'count' },
  { key: 'buyers', label: 'reports.shop.col.buyers', kind: 'count' },
];

/** What a figure is written with: the language, and the currency of money figures. */
export interface FigureFormat {
  lang: Language;
  currency?: string | undefined;
}

/** The mark of a figure that has no value (a retention not known yet, a rate of nobody). */
export const NO_FIGURE = '—';

/** A day's two styles; formatters come from intl.ts, made once (a year's tables write thousands). */
function dayFormat(lang: Language, style: 'medium' | 'axis'): Intl.DateTimeFormat {
  const opts: Intl.DateTimeFormatOptions =
    style === 'medium' ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' };
  return dateTimeFormat(lang, { ...opts, timeZone: 'UTC' });
}

/** A studio day as the operator reads it (the day itself, not a moment: no zone shift). */
export function formatDay(day: string, lang: Language): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFormat(lang, 'medium').format(d);
}

/** A day as a chart's axis reads it: short (Nov 3, 11月3日). */
export function formatAxisDay(day: string, lang: Language): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayFormat(lang, 'axis').format(d);
}

export function formatRatio(value: number | null, lang: Language): string {
  if (value === null || !Number.isFinite(value)) return NO_FIGURE;
  return numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** One figure of a table, written for its kind. */
export function formatFigure(kind: FigureKind, value: unknown, f: FigureFormat): string {
  if (value === null || value === undefined) return NO_FIGURE;
  switch (kind) {
    case 'day':
      return formatDay(String(value), f.lang);
    case 'text':
      return String(value);
    case 'count':
      return typeof value === 'number' ? numberFormat(f.lang).format(value) : String(value);
    case 'ratio':
      return typeof value === 'number' ? formatRatio(value, f.lang) : String(value);
    case 'money':
      // ARPU and ARPPU are averages: a fraction of a minor unit is rounded to the nearest one.
      return typeof value === 'number' ? formatMoney(Math.round(value), f.currency, f.lang) : String(value);
  }
}

/** Every shop item's figures over the range, the best-selling (by revenue) first. */
export function shopTotals(rows: readonly ShopRow[]): ShopItemTotal[] {
  const by = new Map<number, ShopItemTotal>();
  for (const r of rows) {
    const t = by.get(r.itemId) ?? {
      itemId: r.itemId,
      item: r.item,
      purchases: 0,
      units: 0,
      revenue: 0,
      buyerDays: 0,
    };
    t.purchases += r.purchases;
    t.units += r.units;
    t.revenue += r.revenue;
    t.buyerDays += r.buyers;
    by.set(r.itemId, t);
  }
  return [...by.values()].sort((a, b) => b.revenue - a.revenue || a.itemId - b.itemId);
}
