import type { Language } from '../../shared/codes.js';

/**
 * Money the server sends in minor units (fen), shown in major units (yuan) with 2 decimals in
 * the operator's language. The division happens in text, so no float rounding can show 0.29 as
 * 0.28 or lose a fen on large totals.
 */
export function formatMoney(minor: number, currency: string | null, lang: Language): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const major = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const decimal = `${negative ? '-' : ''}${major}.${cents}` as `${number}`;
  if (!currency) {
    return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      decimal,
    );
  }
  try {
    // Intl accepts a decimal string and keeps its exact digits.
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(decimal);
  } catch {
    // An unknown currency code: still the amount, with the code the server gave.
    return `${decimal} ${currency}`;
  }
}
