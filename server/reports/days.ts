import { Codes } from '../../shared/codes.js';
import { problem } from '../http/problem.js';

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

/** Refuses a range that ends before it starts or is longer than `max` days (40000, both languages). */
export function checkRange(start: string, end: string, max: number): void {
  if (start > end)
    throw problem(
      Codes.VALIDATION,
      `The report starts on ${start}, after its end ${end}: choose a start on or before the end.`,
      `报表开始日期 ${start} 晚于结束日期 ${end}：请选择不晚于结束日期的开始日期。`,
    );
  const days = daysBetween(start, end) + 1;
  if (days > max)
    throw problem(
      Codes.VALIDATION,
      `The range from ${start} to ${end} is ${days} days; a report covers at most ${max} days: shorten it.`,
      `${start} 至 ${end} 共 ${days} 天；一份报表最多 ${max} 天，请缩短范围。`,
    );
}
