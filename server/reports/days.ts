import { Codes } from '../../shared/codes.js';
import { problem } from '../http/problem.js';
import { daysBetween } from '../../shared/days.js';

/** Studio days' arithmetic is shared with the screens (shared/days.ts). */
export { addDays, dayIn, dayList, daysBetween } from '../../shared/days.js';

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
