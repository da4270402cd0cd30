import type { Language } from '../../shared/codes.js';

/**
 * Order amounts travel in minor units of the order's currency (fen, cents). Screens show and take
 * major units. The number of minor digits is the currency's own (Intl knows it: 2 for CNY and
 * USD, 0 for JPY), and the conversions work on the digits as text so no float rounding can lose
 * a fen.
 */

const FALLBACK_DIGITS = 2;

/** How many minor digits the currency has; 2 when the code is unknown or missing. */
export function minorDigits(currency: string | null | undefined): number {
  if (!currency) return FALLBACK_DIGITS;
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return typeof digits === 'number' ? digits : FALLBACK_DIGITS;
  } catch {
    return FALLBACK_DIGITS;
  }
}

/** Minor units as a plain major-unit decimal string: 12345 CNY → "123.45". */
export function minorToMajorText(minor: number, currency: string | null | undefined): string {
  const digits = minorDigits(currency);
  const negative = minor < 0;
  const abs = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${negative ? '-' : ''}${abs}`;
  const padded = abs.padStart(digits + 1, '0');
  const major = padded.slice(0, -digits);
  const frac = padded.slice(-digits);
  return `${negative ? '-' : ''}${major}.${frac}`;
}

/** An amount for an operator: the currency's symbol and digits, in their language. */
export function formatAmount(minor: number, currency: string | null | undefined, lang: Language): string {
  const digits = minorDigits(currency);
  const decimal = minorToMajorText(minor, currency) as `${number}`;
  if (!currency) {
    return new Intl.NumberFormat(lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(decimal);
  }
  try {
    // Intl takes a decimal string and keeps its exact digits.
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(decimal);
  } catch {
    return `${decimal} ${currency}`;
  }
}

const MAJOR = /^(\d{1,12})(?:[.,](\d*))?$/;

/**
 * What an operator typed in major units, as minor units: "12.5" CNY → 1250. Grouping spaces and
 * commas between thousands are allowed ("1,000.50"); more decimals than the currency has, a sign
 * or anything else is null (the form says why), never silently rounded.
 */
export function parseMajor(text: string, currency: string | null | undefined): number | null {
  const digits = minorDigits(currency);
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

/** Whole major units (the amount slider's thousands) as minor units. */
export function majorToMinor(major: number, currency: string | null | undefined): number {
  return Math.round(major) * 10 ** minorDigits(currency);
}
