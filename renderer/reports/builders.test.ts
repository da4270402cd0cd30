import { describe, expect, it } from 'vitest';
import type { CohortGrid, DailyRow, ShopRow } from '../../shared/api/reports.js';
import { MAX_COHORT_DAYS } from '../../shared/api/reports.js';
import {
  ACTIVITY_SERIES,
  activityOption,
  chartWords,
  retentionOption,
  shopRevenueOption,
  toMajor,
} from './charts.js';
import { cohortRows, cohortWidth, heatStep, HEAT_STEPS } from './cohorts.js';
import { DAILY_COLUMNS, NO_FIGURE, formatFigure, shopTotals } from './columns.js';
import { readOrderFilters, searchInput } from '../orders/filters.js';
import { activityDrill, ordersOfDay, playersOfDay } from './drill.js';
import { cohortRange, daysIn, lastDays, readRange, withRange } from './range.js';

const row = (day: string, over: Partial<DailyRow> = {}): DailyRow => ({
  day,
  dau: 100,
  newPlayers: 10,
  d1: 0.5,
  d7: null,
  d30: null,
  revenue: 12345,
  payingPlayers: 4,
  firstTimePayers: 1,
  arpu: 123.45,
  arppu: 3086.25,
  payRate: 0.04,
  ...over,
});

describe('report range', () => {
  const now = new Date('2026-11-26T18:30:00Z'); // 02:30 on the 27th in Shanghai

  it("defaults to the last 30 studio days, today (the studio's) included", () => {
    expect(readRange(new URLSearchParams(), now)).toEqual({ start: '2026-10-29', end: '2026-11-27' });
    expect(readRange(new URLSearchParams(), now, 'UTC')).toEqual({ start: '2026-10-28', end: '2026-11-26' });
    expect(lastDays(7, now)).toEqual({ start: '2026-11-21', end: '2026-11-27' });
  });

  it('reads the URL as it is, so the server judges a bad range and says why', () => {
    const r = readRange(new URLSearchParams('start=2026-11-20&end=2026-11-01'), now);
    expect(r).toEqual({ start: '2026-11-20', end: '2026-11-01' });
    expect(daysIn(r)).toBeLessThan(1);
    expect(readRange(new URLSearchParams('end=2026-02-10'), now)).toEqual({
      start: '2026-01-12',
      end: '2026-02-10',
    });
    expect(
      withRange(new URLSearchParams('x=1&page=3'), { start: '2026-01-01', end: '2026-01-31' }).toString(),
    ).toBe('x=1&start=2026-01-01&end=2026-01-31');
  });

  it("keeps the cohort grid within the server's limit: the range's last days", () => {
    expect(cohortRange({ start: '2026-11-01', end: '2026-11-30' })).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
    });
    const long = cohortRange({ start: '2026-01-01', end: '2026-11-30' });
    expect(long && daysIn(long)).toBe(MAX_COHORT_DAYS);
    expect(long?.end).toBe('2026-11-30');
    expect(cohortRange({ start: '2026-11-30', end: '2026-11-01' })).toBeNull();
    expect(cohortRange({ start: 'soon', end: '2026-11-01' })).toBeNull();
  });
});

describe('report figures', () => {
  it('writes each kind in the language, and a figure not known as a dash', () => {
    expect(formatFigure('count', 12345, { lang: 'en' })).toBe('12,345');
    expect(formatFigure('ratio', 0.1234, { lang: 'en' })).toBe('12.3%');
    expect(formatFigure('ratio', null, { lang: 'zh-CN' })).toBe(NO_FIGURE);
    expect(formatFigure('money', 12345, { lang: 'en', currency: 'CNY' })).toBe('CN¥123.45');
    expect(formatFigure('money', 12345, { lang: 'zh-CN', currency: 'CNY' })).toBe('¥123.45');
    // An average of minor units is rounded to a whole one.
    expect(formatFigure('money', 3086.5, { lang: 'en', currency: 'USD' })).toBe('$30.87');
    expect(formatFigure('day', '2026-11-03', { lang: 'en' })).toBe('Nov 3, 2026');
    expect(formatFigure('day', '2026-11-03', { lang: 'zh-CN' })).toBe('2026年11月3日');
  });

  it('has a column for every figure of the daily report, each once', () => {
    const keys = DAILY_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(row('2026-11-01')).sort());
  });

  it('adds the shop rows up per item over the range, the best-selling first', () => {
    const shop = (day: string, itemId: number, revenue: number, buyers: number): ShopRow => ({
      day,
      itemId,
      item: `item ${itemId}`,
      purchases: 1,
      units: 2,
      revenue,
      buyers,
    });
    const totals = shopTotals([
      shop('2026-11-01', 1, 10, 1),
      shop('2026-11-01', 2, 50, 2),
      shop('2026-11-02', 1, 60, 1),
    ]);
    expect(totals).toEqual([
      { itemId: 1, item: 'item 1', purchases: 2, units: 4, revenue: 70, buyerDays: 2 },
      { itemId: 2, item: 'item 2', purchases: 1, units: 2, revenue: 50, buyerDays: 2 },
    ]);
  });
});

describe('report charts', () => {
  const words = chartWords('en', 'CNY');
  const days = [row('2026-11-01'), row('2026-11-02', { d1: null, payRate: null, revenue: 0 })];

  it('draws DAU and new players as bars and revenue in major units on its own axis, with zoom', () => {
    const o = activityOption(days, 'CNY', { dau: 'DAU', newPlayers: 'New', revenue: 'Revenue' }, words);
    const series = o.series as { type: string; name: string; data: unknown[]; yAxisIndex?: number }[];
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['bar', 'DAU'],
      ['bar', 'New'],
      ['line', 'Revenue'],
    ]);
    expect(series.map((s) => s.name)).toHaveLength(ACTIVITY_SERIES.length);
    expect(series[2]?.data).toEqual([123.45, 0]);
    expect(series[2]?.yAxisIndex).toBe(1);
    expect((o.xAxis as { data: string[] }).data).toEqual(['Nov 1', 'Nov 2']);
    expect(o.dataZoom).toHaveLength(2);
    expect(toMajor(500, 'JPY')).toBe(500);
  });

  it('draws retention and pay rate in percent, a day not known yet as a gap; tooltips in the language', () => {
    const o = retentionOption(
      days,
      { d1: 'D1', d7: 'D7', d30: 'D30', payRate: 'Pay rate' },
      chartWords('zh-CN'),
    );
    const series = o.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['D1', 'D7', 'D30', 'Pay rate']);
    expect(series[0]?.data).toEqual([50, null]);
    expect(series[3]?.data).toEqual([4, null]);
    const tooltip = o.tooltip as { valueFormatter: (v: unknown) => string };
    expect(tooltip.valueFormatter(12.5)).toBe('12.5%');
    expect(tooltip.valueFormatter(null)).toBe('—');
    expect((o.xAxis as { data: string[] }).data).toEqual(['11月1日', '11月2日']);
  });

  it('stacks the shop revenue by item per day, quiet days at zero', () => {
    const items = shopTotals([
      { day: '2026-11-01', itemId: 7, item: 'Gem pack', purchases: 1, units: 1, revenue: 30, buyers: 1 },
    ]);
    const o = shopRevenueOption(
      ['2026-11-01', '2026-11-02'],
      items,
      (d) => (d === '2026-11-01' ? 30 : 0),
      words,
    );
    expect(o.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Gem pack', stack: 'revenue', data: [30, 0] }),
    ]);
  });
});

describe('cohort grid', () => {
  const grid: CohortGrid = {
    game: 'ymmj',
    start: '2026-11-01',
    end: '2026-11-03',
    timeZone: 'Asia/Shanghai',
    cohorts: [
      { day: '2026-11-01', size: 10, retained: [10, 4, 1] },
      { day: '2026-11-02', size: 0, retained: [0, 0, null] },
      { day: '2026-11-03', size: 5, retained: [5, null, null] },
    ],
  };

  it('gives every cell its share of the cohort; not yet and empty cohorts have none', () => {
    const rows = cohortRows(grid);
    expect(cohortWidth(grid)).toBe(3);
    expect(rows[0]?.cells.map((c) => c.share)).toEqual([1, 0.4, 0.1]);
    expect(rows[1]?.cells.map((c) => c.share)).toEqual([null, null, null]);
    expect(rows[2]?.cells.map((c) => c.players)).toEqual([5, null, null]);
  });

  it('colours by steps whose text colour keeps the figure readable', () => {
    expect(heatStep(0)).toBe(HEAT_STEPS[0]);
    expect(heatStep(0.3)).toBe(HEAT_STEPS[2]);
    expect(heatStep(1)).toBe(HEAT_STEPS[4]);
    // Light steps carry dark text, dark steps white text.
    for (const s of HEAT_STEPS) expect(s.color).toBe(s.upTo <= 0.45 ? '#1c2127' : '#ffffff');
  });
});

describe('drill-down', () => {
  it("leads a day's revenue to its standing purchases and its new players to them, in the studio's zone", () => {
    expect(ordersOfDay('ymmj', '2026-11-03', 'Asia/Shanghai')).toBe(
      '/ymmj/recharge/retrive?kind=purchase&state=paid%2Cdelivered&paidFrom=2026-11-03&paidTo=2026-11-03&zone=Asia%2FShanghai',
    );
    expect(playersOfDay('lw', '2026-11-03', 'Asia/Shanghai')).toBe(
      '/lw/steamplayers?registered=2026-11-03&zone=Asia%2FShanghai',
    );
    expect(playersOfDay('lw', '2026-11-03', 'Asia/Shanghai', '2026-11-10')).toBe(
      '/lw/steamplayers?registered=2026-11-03&active=2026-11-10&zone=Asia%2FShanghai',
    );
    expect(activityDrill('ymmj', ACTIVITY_SERIES.indexOf('revenue'), '2026-11-03', 'UTC')).toBe(
      ordersOfDay('ymmj', '2026-11-03', 'UTC'),
    );
    expect(activityDrill('ymmj', ACTIVITY_SERIES.indexOf('newPlayers'), '2026-11-03', 'UTC')).toBe(
      playersOfDay('ymmj', '2026-11-03', 'UTC'),
    );
    expect(activityDrill('ymmj', ACTIVITY_SERIES.indexOf('dau'), '2026-11-03', 'UTC')).toBeNull();
  });

  it("leads a provider's part of a day to the purchases paid that studio day through it", () => {
    const to = ordersOfDay('ymmj', '2026-03-02', 'Asia/Shanghai', 'paypal') ?? '';
    expect(to.startsWith('/ymmj/recharge/retrive?')).toBe(true);
    const f = readOrderFilters(new URLSearchParams(to.split('?')[1]));
    expect(f).toEqual({
      provider: ['paypal'],
      kind: 'purchase',
      state: ['paid', 'delivered'],
      paymentStatus: [],
      paidFrom: '2026-03-02',
      paidTo: '2026-03-02',
      zone: 'Asia/Shanghai',
    });
    // The list asks for the payments of that day of the studio's zone (UTC+8), not of its creation.
    const input = searchInput(f, null, 'CNY');
    expect(input).toMatchObject({ paidFrom: '2026-03-01T16:00:00.000Z', paidTo: '2026-03-02T16:00:00.000Z' });
    expect(input).not.toHaveProperty('from');
  });
});
