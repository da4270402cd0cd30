import { TODO_CRITICAL_MS, type TodoItem } from '../../shared/api/todo.js';
import { shortSpan, type ShortUnit } from '../components/format.js';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as an <input type="datetime-local"> value, in local time, to the minute. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value (local time, no offset) as the instant the contract takes (ISO 8601, UTC),
 * or null when it is not a complete date and time.
 */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // new Date rolls 2026-02-31 over into March: such a value is not a date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
}

/** The default deadline of a new item: tomorrow, at the next whole hour from now. */
export function defaultDeadline(nowMs: number): string {
  const d = new Date(nowMs + DAY);
  d.setMinutes(0, 0, 0);
  return toLocalInput(d.getTime() + HOUR);
}
