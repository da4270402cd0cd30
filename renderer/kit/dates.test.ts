import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone, zoneDayStart } from './dates.js';

describe("a time zone's days", () => {
  it('name the day of a moment in that zone, not in the browser’s', () => {
    const at = new Date('2026-11-26T17:30:00Z');
    expect(dayIn('Asia/Shanghai', at)).toBe('2026-11-27');
    expect(dayIn('UTC', at)).toBe('2026-11-26');
    expect(dayIn('America/Los_Angeles', at)).toBe('2026-11-26');
  });

  it('start at that zone’s midnight, summer time included', () => {
    expect(zoneDayStart('2026-11-27', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(zoneDayStart('2026-11-27', 'UTC')?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    // Berlin: winter +1, summer +2; the day clocks go forward starts in winter time.
    expect(zoneDayStart('2026-01-15', 'Europe/Berlin')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(zoneDayStart('2026-07-15', 'Europe/Berlin')?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(zoneDayStart('2026-03-29', 'Europe/Berlin')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zoneDayStart('2026-03-30', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('are nothing for a day or a zone that does not exist', () => {
    expect(zoneDayStart('2026-02-30', 'UTC')).toBeNull();
    expect(zoneDayStart('2026-02-01', 'Mars/Olympus')).toBeNull();
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
  });
});
