import type { BriefFigure } from '../../shared/api/overview.js';
import type { Language } from '../../shared/codes.js';
import { formatMoney } from '../components/money.js';
import { dateTimeFormat, numberFormat } from '../components/intl.js';

/**
 * How the landing page reads a figure: its value in the operator's language (money in the game's
 * currency), and how it moved against a day before, as a direction, a share and words.
 */

/** Figures counted in money (minor units of the game's currency). */
const MONEY: ReadonlySet<BriefFigure> = new Set(['revenue', 'arppu']);

export function formatFigure(
  figure: BriefFigure,
  value: number | null,
  currency: string,
  lang: Language,
): string {
  if (value === null) return '–';
  // ARPPU is a quotient: shown to the currency's smallest unit, as every amount is.
  if (MONEY.has(figure)) return formatMoney(Math.round(value), currency, lang);
  return numberFormat(lang).format(value);
}

export type Direction = 'up' | 'down' | 'same' | 'none';

export interface Delta {
  direction: Direction;
  /**
   * The change as a share of the earlier value (0.25 = 25% more); null when there is no share to
   * give: the earlier value was 0 or either is unknown.
   */
  share: number | null;
}

/** How `now` moved against `before`. Unknown on either side is "none": nothing to compare. */
export function deltaOf(now: number | null, before: number | null): Delta {
  if (now === null || before === null) return { direction: 'none', share: null };
  if (now === before) return { direction: 'same', share: before === 0 ? null : 0 };
  return { direction: now > before ? 'up' : 'down', share: before === 0 ? null : (now - before) / before };
}

/** The share as a signed percentage in the operator's language ("+25%", "−3.4%"), or ''. */
export function formatShare(share: number | null, lang: Language): string {
  if (share === null) return '';
  return numberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: Math.abs(share) < 0.1 ? 1 : 0,
    signDisplay: 'exceptZero',
  }).format(share);
}

/**
 * Whether a move is good news: every figure of the landing page is better higher, so up is good
 * and down is bad; "same" and "none" are neither.
 */
export function intentOf(d: Delta): 'success' | 'danger' | 'none' {
  if (d.direction === 'up') return 'success';
  if (d.direction === 'down') return 'danger';
  return 'none';
}

/** The trend's points as an SVG polyline within width × height, nulls skipped; '' without two values. */
export function sparklinePoints(values: readonly (number | null)[], width: number, height: number): string {
  const known = values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  if (known.length < 2) return '';
  const lo = Math.min(...known.map((k) => k.v));
  const hi = Math.max(...known.map((k) => k.v));
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  // A flat line sits in the middle; otherwise the lowest value on the floor, the highest on top.
  const y = (v: number) => (hi === lo ? height / 2 : height - ((v - lo) / (hi - lo)) * height);
  return known.map((k) => `${round(k.i * step)},${round(y(k.v))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** "HH:MM" of `iso` in `timeZone`, 24-hour, as the page's "as of" says it. */
export function clockTime(iso: string, timeZone: string, lang: Language): string {
  return dateTimeFormat(lang, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
