import { zoneDayStart } from '../../shared/days.js';

// The zone-aware day helpers live in shared/days.ts, with the server's; screens import them here too.
export { dayIn, isTimeZone, zoneDayStart } from '../../shared/days.js';

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

/**
 * A day range as the calls want it, or 'reversed' when the last day comes before the first. With a
 * time zone (the studio's, when a report leads to a list), the days are that zone's.
 */
export function dayRange(
  from?: string,
  to?: string,
  zone?: string,
): { from?: string; to?: string } | 'reversed' {
  const startOf = (day: string) => (zone ? zoneDayStart(day, zone) : localDayStart(day));
  const start = from ? startOf(from) : null;
  const last = to ? localDayStart(to) : null;
  const next = last ? new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) : null;
  const end = next && zone ? zoneDayStart(plainDay(next), zone) : next;
  if (start && end && start.getTime() >= end.getTime()) return 'reversed';
  return { ...(start ? { from: start.toISOString() } : {}), ...(end ? { to: end.toISOString() } : {}) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
const plainDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A moment as `<input type="datetime-local">` text in the operator's time zone, to the minute. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * datetime-local text read as the operator's local time, or null when it is not a real moment
 * (the browser gives '' for a half-typed value; a hand-built one may say 31 February).
 */
export function parseLocalInput(local: string): Date | null {
  const m = LOCAL_INPUT.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    date.getHours() === h &&
    date.getMinutes() === mi;
  // A local time skipped by a daylight-saving jump does not exist either.
  return same ? date : null;
}

/** datetime-local text as the ISO instant the server takes ("…Z"), or null when not a moment. */
export function localInputToIso(local: string): string | null {
  const d = parseLocalInput(local);
  return d ? d.toISOString() : null;
}
