import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../shared/api/todo.js';
import {
  byDeadline,
  defaultDeadline,
  fromLocalInput,
  isCritical,
  relativeDeadline,
  toLocalInput,
} from './deadline.js';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative deadlines', () => {
  it('reads in the largest whole unit: minutes, hours, days', () => {
    expect(relativeDeadline(NOW + 5 * MIN, NOW)).toEqual({ amount: 5, unit: 'm', overdue: false });
    expect(relativeDeadline(NOW + 59 * MIN + 59_000, NOW)).toEqual({ amount: 59, unit: 'm', overdue: false });
    expect(relativeDeadline(NOW + HOUR, NOW)).toEqual({ amount: 1, unit: 'h', overdue: false });
    expect(relativeDeadline(NOW + 2 * HOUR + 50 * MIN, NOW)).toEqual({
      amount: 2,
      unit: 'h',
      overdue: false,
    });
    expect(relativeDeadline(NOW + DAY - 1, NOW)).toEqual({ amount: 23, unit: 'h', overdue: false });
    expect(relativeDeadline(NOW + 3 * DAY + 5 * HOUR, NOW)).toEqual({ amount: 3, unit: 'd', overdue: false });
    expect(relativeDeadline(NOW + 400 * DAY, NOW)).toEqual({ amount: 400, unit: 'd', overdue: false });
  });

  it('never says 0m, and says how long ago a passed deadline was', () => {
    expect(relativeDeadline(NOW + 10_000, NOW)).toEqual({ amount: 1, unit: 'm', overdue: false });
    expect(relativeDeadline(NOW, NOW)).toEqual({ amount: 1, unit: 'm', overdue: false });
    expect(relativeDeadline(NOW - 30_000, NOW)).toEqual({ amount: 1, unit: 'm', overdue: true });
    expect(relativeDeadline(NOW - 3 * HOUR, NOW)).toEqual({ amount: 3, unit: 'h', overdue: true });
    expect(relativeDeadline(NOW - 2 * DAY, NOW)).toEqual({ amount: 2, unit: 'd', overdue: true });
  });
});

describe('critical items', () => {
  it('are those due within 3 days, or already past', () => {
    expect(isCritical(NOW + 5 * MIN, NOW)).toBe(true);
    expect(isCritical(NOW + 3 * DAY - 1, NOW)).toBe(true);
    expect(isCritical(NOW + 3 * DAY, NOW)).toBe(false);
    expect(isCritical(NOW + 10 * DAY, NOW)).toBe(false);
    expect(isCritical(NOW - DAY, NOW)).toBe(true);
  });
});

describe('ordering', () => {
  const item = (name: string, expire: number, created = NOW): TodoItem => ({
    name,
    desc: '',
    expireAt: new Date(expire).toISOString(),
    createdAt: new Date(created).toISOString(),
  });
  it('sorts by deadline ascending, then by when an item was added', () => {
    const items = [
      item('c', NOW + DAY),
      item('a', NOW + HOUR),
      item('b2', NOW + DAY, NOW + 1),
      item('b1', NOW + DAY - 0, NOW - 1),
    ];
    expect(byDeadline(items).map((i) => i.name)).toEqual(['a', 'b1', 'c', 'b2']);
  });
});

describe('the deadline field', () => {
  it('turns a local date and time into the instant it names, and back', () => {
    const local = new Date(2026, 4, 20, 18, 30);
    expect(fromLocalInput('2026-05-20T18:30')).toBe(local.toISOString());
    expect(fromLocalInput('2026-05-20T18:30:15')).toBe(new Date(2026, 4, 20, 18, 30, 15).toISOString());
    expect(toLocalInput(local.getTime())).toBe('2026-05-20T18:30');
  });

  it('refuses what is not a whole date and time', () => {
    for (const bad of ['', '2026-05-20', '18:30', '2026-02-31T10:00', '2026-13-01T10:00', 'tomorrow'])
      expect(fromLocalInput(bad), bad).toBeNull();
  });

  it('offers tomorrow at a whole hour by default', () => {
    const now = new Date(2026, 0, 15, 9, 20).getTime();
    expect(defaultDeadline(now)).toBe('2026-01-16T10:00');
  });
});
