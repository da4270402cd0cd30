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

/** Whether `zone` is a time zone this browser knows (Asia/Shanghai, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day in `zone` at a moment, as YYYY-MM-DD (the studio's day, not the browser's). */
export function dayIn(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** How far `zone`'s wall clock is ahead of UTC at a moment, in milliseconds. */
function zoneOffsetMs(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The moment a day starts in `zone`, or null when the text is not a real day or the zone is
 * unknown. Twice round, so a day whose offset differs from its eve's (summer time) starts right.
 */
export function zoneDayStart(day: string, zone: string): Date | null {
  if (!localDayStart(day) || !isTimeZone(zone)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const first = midnight - zoneOffsetMs(zone, midnight);
  return new Date(midnight - zoneOffsetMs(zone, first));
}

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
