import type { Language } from '../../shared/codes.js';

/** Dates as an operator reads them in their language, in local time. */
export function formatDateTime(value: number | string | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
