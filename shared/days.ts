/** Studio days as `YYYY-MM-DD` text: calendar arithmetic only, no zone (a day is a day). */

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function addDays(day: string, n: number): string {
  return new Date(ms(day) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((ms(to) - ms(from)) / DAY_MS);
}

/** Every day from start to end, both included. */
export function dayList(start: string, end: string): string[] {
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
}

/** The day `at` falls on in `zone`. */
export function dayIn(zone: string, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether `zone` is a time zone the platform knows (an IANA name such as Asia/Shanghai). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
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
 * The first instant of a calendar day in `zone`, or null for a day (`YYYY-MM-DD`, a real date)
 * or a zone that does not exist. The offset is taken twice: the one at the first guess, not at
 * UTC midnight, is the one that holds across a change of summer time.
 */
export function zoneDayStart(day: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isTimeZone(zone)) return null;
  const midnight = ms(day);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return null;
  const first = midnight - zoneOffsetMs(zone, midnight);
  return new Date(midnight - zoneOffsetMs(zone, first));
}
