import type { Language } from '../../shared/codes.js';
import { BYTES_BASE } from '../../shared/constants.js';
import { dateTimeFormat, numberFormat } from './intl.js';

/** Dates as an operator reads them in their language, in local time. */
export function formatDateTime(value: number | string | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The spec's short units of relative time: 5m, 2h, 3d. */
export type ShortUnit = 'm' | 'h' | 'd';

export interface ShortSpan {
  amount: number;
  unit: ShortUnit;
  /** `at` is before now: the amount is how long ago. */
  past: boolean;
}

/**
 * How far `atMs` is from `nowMs` in the spec's short form (5m, 2h, 3d): under an hour in
 * minutes, under a day in hours, else days. Rounded down, so "2h" means at least two hours; never
 * "0m": under a minute reads "1m", the smallest step shown. One rule for every list and deadline.
 */
export function shortSpan(atMs: number, nowMs: number): ShortSpan {
  const left = atMs - nowMs;
  const span = Math.abs(left);
  const past = left < 0;
  if (span < HOUR) return { amount: Math.max(1, Math.floor(span / MINUTE)), unit: 'm', past };
  if (span < DAY) return { amount: Math.floor(span / HOUR), unit: 'h', past };
  return { amount: Math.floor(span / DAY), unit: 'd', past };
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A size as the spec says it: base 1024, two decimals ("1.50 KB", "12.30 MB"); whole bytes
 * below a kilobyte ("512 B"). Figures in the operator's language's digits and separators.
 */
export function formatBytes(bytes: number, lang: Language): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let i = 0;
  let value = bytes;
  while (value >= BYTES_BASE && i < BYTE_UNITS.length - 1) {
    value /= BYTES_BASE;
    i++;
  }
  if (i === 0) return `${Math.floor(value).toLocaleString(lang)} B`;
  const figure = numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return `${figure} ${BYTE_UNITS[i]}`;
}
