import { DEFAULT_TIME_ZONE, MAX_COHORT_DAYS } from '../../shared/api/reports.js';
import { addDays, dayIn, daysBetween } from '../../shared/days.js';
import { applyPatch } from '../kit/listParams.js';

/**
 * A report's range in the URL (`?start=YYYY-MM-DD&end=YYYY-MM-DD`), in the studio's days: Back,
 * reload and a shared link show the same report. Whatever the URL says is sent as it is: the
 * server checks the order, the calendar and the length, and its answer (in both languages) is
 * what the page shows, so the rule is said in one place. Without a range the report covers the
 * last DEFAULT_DAYS studio days, today included.
 */

export const DEFAULT_DAYS = 30;
/** The quick choices of the range bar, in days up to today. */
export const QUICK_RANGES = [7, 30, 90] as const;

export const RANGE_PARAMS = { start: 'start', end: 'end' } as const;

export interface DayRange {
  start: string;
  end: string;
}

/** Days from `start` to `end`, both included (0 or less when the range runs backwards). */
export function daysIn(r: DayRange): number {
  return daysBetween(r.start, r.end) + 1;
}

/** The last `days` studio days up to today. */
export function lastDays(days: number, now: Date, zone: string = DEFAULT_TIME_ZONE): DayRange {
  const end = dayIn(zone, now);
  return { start: addDays(end, 1 - days), end };
}

/** The range the URL names; a missing end is today, a missing start DEFAULT_DAYS before the end. */
export function readRange(params: URLSearchParams, now: Date, zone: string = DEFAULT_TIME_ZONE): DayRange {
  const given = (key: string) => params.get(key)?.trim() || undefined;
  const end = given(RANGE_PARAMS.end) ?? dayIn(zone, now);
  const start = given(RANGE_PARAMS.start) ?? (DAY.test(end) ? addDays(end, 1 - DEFAULT_DAYS) : end);
  return { start, end };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The URL showing `r` (other params kept). */
export function withRange(prev: URLSearchParams, r: DayRange): URLSearchParams {
  return applyPatch(prev, { [RANGE_PARAMS.start]: r.start, [RANGE_PARAMS.end]: r.end });
}

/** Whether a date input's value is a whole day (an input being typed into gives ''). */
export const isDay = (value: string): boolean => DAY.test(value);

/**
 * The cohort grid's range within the report's: its last MAX_COHORT_DAYS days at most (the
 * server's limit), or null when the report's range is not one the server would take anyway.
 */
export function cohortRange(r: DayRange): DayRange | null {
  const n = daysIn(r);
  if (!isDay(r.start) || !isDay(r.end) || !Number.isFinite(n) || n < 1) return null;
  return n <= MAX_COHORT_DAYS ? r : { start: addDays(r.end, 1 - MAX_COHORT_DAYS), end: r.end };
}
