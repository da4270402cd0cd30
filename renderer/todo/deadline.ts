import { TODO_CRITICAL_MS, type TodoItem } from '../../shared/api/todo.js';
import { shortSpan, type ShortUnit } from '../components/format.js';
import { localInputToIso, toLocalInput as localText } from '../kit/dates.js';

/**
 * How a to-do deadline reads (spec: relative time, "5m", "2h", "3d"; critical within 3 days).
 * Pure, so that the list, the popup and the tests agree.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeUnit = ShortUnit;

export interface RelativeTime {
  amount: number;
  unit: RelativeUnit;
  /** The deadline has passed: the amount is how long ago. */
  overdue: boolean;
}

/** The time left until `expireAtMs` (or since it, when overdue), in the console's short form. */
export function relativeDeadline(expireAtMs: number, nowMs: number): RelativeTime {
  const { amount, unit, past } = shortSpan(expireAtMs, nowMs);
  return { amount, unit, overdue: past };
}

/** Critical: the deadline is within 3 days, or already past. */
export function isCritical(expireAtMs: number, nowMs: number): boolean {
  return expireAtMs - nowMs < TODO_CRITICAL_MS;
}

/** Items by deadline ascending, then by when they were added (the server's order, kept on the page). */
export function byDeadline(items: readonly TodoItem[]): TodoItem[] {
  return [...items].sort(
    (a, b) =>
      Date.parse(a.expireAt) - Date.parse(b.expireAt) || Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
}

/** A moment as an <input type="datetime-local"> value, in local time, to the minute. */
export const toLocalInput = (ms: number): string => localText(new Date(ms));

/**
 * A datetime-local value (local time, no offset) as the instant the contract takes (ISO 8601, UTC),
 * or null when it is not a complete, real date and time.
 */
export const fromLocalInput = localInputToIso;

/** The default deadline of a new item: tomorrow, at the next whole hour from now. */
export function defaultDeadline(nowMs: number): string {
  const d = new Date(nowMs + DAY);
  d.setMinutes(0, 0, 0);
  return toLocalInput(d.getTime() + HOUR);
}
