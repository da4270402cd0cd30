import { describe, expect, it } from 'vitest';
import { dayRange } from './dayRange.js';

describe('pay order helpers', () => {
  it('defaults to the last 7 days, today included, and accepts a range given backwards', () => {
    const today = new Date(2026, 0, 15, 13, 30);
    const r = dayRange(null, null, today);
    expect([r.from, r.to]).toEqual(['2026-01-09', '2026-01-15']);
    expect(new Date(r.start).getTime()).toBe(new Date(2026, 0, 9).getTime());
    expect(new Date(r.end).getTime()).toBe(new Date(2026, 0, 16).getTime());
    expect(dayRange('2026-01-12', '2026-01-10', today)).toMatchObject({
      from: '2026-01-10',
      to: '2026-01-12',
    });
    expect(dayRange('2026-02-30', 'junk', today)).toMatchObject({ from: '2026-01-09', to: '2026-01-15' });
  });
});
