import { DEFAULT_TIME_ZONE } from '../../shared/api/reports.js';
import { dateTimeFormat } from '../components/intl.js';

/**
 * A range of studio days held in the URL (`start`, `end`, YYYY-MM-DD). The default range ends
 * today in the studio's default zone; the answer names the zone the figures are really in. A
 * range the server refuses (start after end, too long) is sent as typed: its answer says why.
 */

const DAY_MS = 86_400_000;

export function todayIn(zone: string = DEFAULT_TIME_ZONE, now: number = Date.now()): string {
  return dateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now));
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export interface DayRange {
  start: string;
  end: string;
}

/** The range of the URL, or the `days` days up to today. */
export function rangeOf(search: URLSearchParams, days: number, today: string = todayIn()): DayRange {
  const end = search.get('end') || today;
  const start = search.get('start') || addDays(end, -(days - 1));
  return { start, end };
}
