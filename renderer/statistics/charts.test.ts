import { describe, expect, it } from 'vitest';
import type { ApiStats, MatchStats } from '../../shared/api/statistics.js';
import { callsByHour, matchesByDay, matchesOption } from './charts.js';
import { rangeOf } from './range.js';

const head = { game: 'ymmj' as const, start: '2026-01-01', end: '2026-01-02', timeZone: 'Asia/Shanghai' };

describe('statistics charts', () => {
  it('stack matches by mode per day, in the order of the modes', () => {
    const stats: MatchStats = {
      ...head,
      modes: ['dungeon', 'arena'],
      rows: [
        { day: '2026-01-01', mode: 'dungeon', matches: 3, players: 9, avgSeconds: 400 },
        { day: '2026-01-01', mode: 'arena', matches: 1, players: 2, avgSeconds: 300 },
        { day: '2026-01-02', mode: 'dungeon', matches: 0, players: 0, avgSeconds: null },
        { day: '2026-01-02', mode: 'arena', matches: 5, players: 10, avgSeconds: 200 },
      ],
    };
    expect(matchesByDay(stats)).toEqual([
      { day: '2026-01-01', counts: [3, 1] },
      { day: '2026-01-02', counts: [0, 5] },
    ]);
    const option = matchesOption(stats, (m) => m.toUpperCase());
    expect(option.series).toMatchObject([
      { name: 'DUNGEON', stack: 'matches', data: [3, 0] },
      { name: 'ARENA', stack: 'matches', data: [1, 5] },
    ]);
  });

  it("put each hour's calls on the studio's day and hour, every endpoint together", () => {
    const row = (hour: string, endpoint: string, calls: number) => ({
      hour,
      endpoint,
      calls,
      errors: 0,
      p50: 5,
      p95: 10,
    });
    const stats: ApiStats = {
      ...head,
      scope: 'game',
      bucketsMs: [1, 2],
      // 16:00Z is midnight of the next day in Shanghai (UTC+8).
      hours: [
        row('2026-01-01T15:00:00.000Z', 'a', 2),
        row('2026-01-01T16:00:00.000Z', 'a', 3),
        row('2026-01-01T16:00:00.000Z', 'b', 4),
      ],
      endpoints: [],
    };
    const days = callsByHour(stats);
    expect(days.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02']);
    expect(days[0]?.hours[23]).toBe(2);
    expect(days[1]?.hours[0]).toBe(7);
    expect(days[1]?.hours.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('read the range from the URL, or the days up to today', () => {
    expect(rangeOf(new URLSearchParams('start=2026-02-01&end=2026-02-10'), 30)).toEqual({
      start: '2026-02-01',
      end: '2026-02-10',
    });
    expect(rangeOf(new URLSearchParams(''), 30, '2026-03-31')).toEqual({
      start: '2026-03-02',
      end: '2026-03-31',
    });
    expect(rangeOf(new URLSearchParams('end=2026-01-05'), 5, '2026-03-31')).toEqual({
      start: '2026-01-01',
      end: '2026-01-05',
    });
  });
});
