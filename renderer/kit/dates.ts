/**
 * Days as the lists' date filters take them: the operator's local days, written YYYY-MM-DD in the
 * URL, both ends included. The calls take instants with an exclusive end, so a range is sent as
 * the first day's start and the start of the day after the last.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a local day, or null when the text is not a real day (2026-02-30, 2026-2-1). */
export function localDayStart(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** The day when the text is a real day, else undefined (a hand-edited URL is no filter). */
export const dayOf = (raw: string | null | undefined): string | undefined =>
  raw !== null && raw !== undefined && localDayStart(raw) !== null ? raw : undefined;

/** A day range as the calls want it, or 'reversed' when the last day comes before the first. */
export function dayRange(from?: string, to?: string): { from?: string; to?: string } | 'reversed' {
  const start = from ? localDayStart(from) : null;
  const last = to ? localDayStart(to) : null;
  const end = last ? new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) : null;
  if (start && end && start.getTime() >= end.getTime()) return 'reversed';
  return { ...(start ? { from: start.toISOString() } : {}), ...(end ? { to: end.toISOString() } : {}) };
}
