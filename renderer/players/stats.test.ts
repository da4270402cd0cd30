import { describe, expect, it } from 'vitest';
import { barFractions, fillDays, newPerDayOption, parseStatsWindow, percentOf, shareText } from './stats.js';

describe('player statistics helpers', () => {
  it('reads the window from the URL, 30 days unless 7, 30 or 90', () => {
    expect(parseStatsWindow(null)).toBe(30);
    expect(parseStatsWindow('7')).toBe(7);
    expect(parseStatsWindow('90')).toBe(90);
    expect(parseStatsWindow('14')).toBe(30);
  });

  it('fills missing days with 0, in order', () => {
    expect(
      fillDays([
        { day: '2024-02-29', count: 2 },
        { day: '2024-02-27', count: 5 },
      ]),
    ).toEqual([
      { day: '2024-02-27', count: 5 },
      { day: '2024-02-28', count: 0 },
      { day: '2024-02-29', count: 2 },
    ]);
    expect(
      fillDays([
        { day: '2023-12-31T00:00:00Z', count: 1 },
        { day: '2024-01-01', count: 1 },
      ]),
    ).toHaveLength(2);
    expect(fillDays([])).toEqual([]);
    expect(fillDays([{ day: 'not a day', count: 3 }])).toEqual([]);
  });

  it('keeps a complete series as it is', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
      count: i,
    }));
    expect(fillDays(days)).toEqual(days);
  });

  it('sizes bars against the largest and shares against the total', () => {
    expect(barFractions([0, 5, 10])).toEqual([0, 0.5, 1]);
    expect(barFractions([0, 0])).toEqual([0, 0]);
    expect(percentOf(25, 200)).toBe(13);
    expect(percentOf(5, 0)).toBeNull();
    expect(shareText(3, 1234)).toBe('<1');
    expect(shareText(0, 1234)).toBe('0');
    expect(shareText(1000, 1234)).toBe('81');
  });

  it('draws one bar per day with its figure, zoomable past two months', () => {
    const days = fillDays([
      { day: '2026-01-01', count: 3 },
      { day: '2026-01-03', count: 5 },
    ]);
    const option = newPerDayOption(days, 'New players', (d) => d.slice(5));
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['01-01', '01-02', '01-03'] });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'New players', data: [3, 0, 5] }),
    ]);
    expect(option.dataZoom).toBeUndefined();
    const quarter = Array.from({ length: 90 }, (_, i) => ({
      day: `2026-0${1 + Math.floor(i / 31)}-01`,
      count: i,
    }));
    expect(newPerDayOption(quarter, 'x', String).dataZoom).toHaveLength(2);
  });
});
