import type { Language } from '../../shared/codes.js';
import { numberFormat } from './intl.js';

/**
 * Money travels in minor units of its currency (fen, cents): integers, never floats. Screens show
 * and take major units, with the currency's own number of minor digits (Intl knows them: 2 for
 * CNY and USD, 0 for JPY). Every conversion works on the digits as text, so no float rounding can
 * show 0.29 as 0.28 or lose a fen on large totals. One module for every screen with money.
 */

const FALLBACK_DIGITS = 2;

const knownDigits = new Map<string, number>();

/** How many minor digits the currency has; 2 when the code is unknown or missing. */
export function minorDigits(currency: string | null | undefined): number {
  if (!currency) return FALLBACK_DIGITS;
  const known = knownDigits.get(currency);
  if (known !== undefined) return known;
  let digits = FALLBACK_DIGITS;
  try {
    const d = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    if (typeof d === 'number') digits = d;
  } catch {
    // An unknown code: the fallback.
  }
  knownDigits.set(currency, digits);
  return digits;
}

/** Minor units as a plain major-unit decimal text with `digits` decimals: 12345, 2 → "123.45". */
export function minorToMajorText(minor: number, digits: number): string {
  const negative = minor < 0;
  const abs = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${negative ? '-' : ''}${abs}`;
  const padded = abs.padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** An amount for an operator: the currency's symbol and digits, in their language. */
export function formatMoney(minor: number, currency: string | null | undefined, lang: Language): string {
  const digits = minorDigits(currency);
  const decimal = minorToMajorText(minor, digits) as `${number}`;
  const exact = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (!currency) return numberFormat(lang, exact).format(decimal);
  try {
    // Intl takes a decimal string and keeps its exact digits.
    return numberFormat(lang, { style: 'currency', currency, ...exact }).format(decimal);
  } catch {
    // An unknown currency code: still the amount, with the code the server gave.
    return `${decimal} ${currency}`;
  }
}

const MAJOR = /^(\d{1,12})(?:[.,](\d*))?$/;

/**
 * What an operator typed in major units, as minor units with `digits` decimals: "12.5", 2 →
 * 1250. Grouping spaces and commas between thousands are allowed ("1,000.50"); more decimals than
 * the currency has, a sign or anything else is null (the form says why), never silently rounded.
 */
export function parseMajorText(text: string, digits: number): number | null {
  let s = text.trim().replace(/[\s\u00a0]/g, '');
  // "1,000" or "1,000.50": commas as thousands separators, when a dot or nothing follows.
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  const m = MAJOR.exec(s);
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + (frac === '' ? 0 : Number(frac.padEnd(digits, '0')));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** `parseMajorText` with the currency's own digits. */
export function parseMajor(text: string, currency: string | null | undefined): number | null {
  return parseMajorText(text, minorDigits(currency));
}

/** Whole major units (the amount slider's thousands) as minor units. */
export function majorToMinor(major: number, currency: string | null | undefined): number {
  return Math.round(major) * 10 ** minorDigits(currency);
}
