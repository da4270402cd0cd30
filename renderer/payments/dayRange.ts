/** The pay orders page's date range (amounts: components/money.ts; state tags: orders/tags.tsx). */

/** A local calendar day as YYYY-MM-DD (the date inputs' format). */
export function dayOf(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string | null): Date | null {
  const m = day ? DAY_RE.exec(day) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) || dayOf(d) !== day ? null : d;
}

/** How many days back the range starts when the URL says nothing: the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;

export interface DayRange {
  from: string;
  to: string;
  /** What the list endpoint takes: from the start of `from` to the end of `to`, local time. */
  start: string;
  end: string;
}

/**
 * The orders' range from the URL's from and to (local days), defaulting to the last 7 days up
 * to `today`; a range given backwards is put the right way round.
 */
export function dayRange(fromParam: string | null, toParam: string | null, today: Date): DayRange {
  const todayStart = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const to = parseDay(toParam) ?? todayStart;
  const fallbackFrom = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (DEFAULT_RANGE_DAYS - 1));
  let from = parseDay(fromParam) ?? fallbackFrom;
  let last = to;
  if (from > last) [from, last] = [last, from];
  const endExclusive = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from: dayOf(from), to: dayOf(last), start: from.toISOString(), end: endExclusive.toISOString() };
}
