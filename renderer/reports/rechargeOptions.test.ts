import { describe, expect, it } from 'vitest';
import type { ChargeStats, MoneyFigures, RechargeStats } from '../../shared/api/reports.js';
import en from './en.json';
import zh from './zh-CN.json';
import {
  RECHARGE_COLUMNS,
  addDays,
  chargesOption,
  chargesPerDay,
  dayProviderGrid,
  packOption,
  payersOption,
  rechargeRange,
  revenueByDayOption,
} from './rechargeOptions.js';

const figures = (revenue: number, payments = 1): MoneyFigures => ({
  payments,
  revenue,
  refunds: 0,
  refunded: 0,
  failedDeliveries: 0,
  failedAmount: 0,
});

const head = { game: 'ymmj' as const, start: '2026-03-01', end: '2026-03-03', timeZone: 'Asia/Shanghai' };
const stats: RechargeStats = {
  ...head,
  days: ['2026-03-01', '2026-03-02', '2026-03-03'].map((day, i) => ({
    day,
    currency: 'CNY',
    ...figures(600 * i),
    payingPlayers: i,
    firstTimePayers: i > 0 ? 1 : 0,
  })),
  byProvider: [],
  byDayProvider: [
    { day: '2026-03-02', provider: 'paypal', currency: 'CNY', ...figures(200) },
    { day: '2026-03-02', provider: 'wechat', currency: 'CNY', ...figures(400) },
    { day: '2026-03-03', provider: 'wechat', currency: 'CNY', ...figures(1200, 2) },
    // Another currency is not stacked on the game's money; a group with no money left is no bar.
    { day: '2026-03-03', provider: 'alipay', currency: 'USD', ...figures(99) },
    { day: '2026-03-01', provider: 'payssion', currency: 'CNY', ...figures(0, 0) },
  ],
  byCurrency: [],
  byPack: [],
  byChannel: [],
};

describe('the recharge range', () => {
  const now = new Date('2026-11-26T17:30:00Z');
  it('is the last 30 studio days by default, today counted in the studio’s zone', () => {
    const r = rechargeRange(new URLSearchParams(), 'Asia/Shanghai', now);
    expect(r).toEqual({ start: '2026-10-29', end: '2026-11-27', defaulted: true });
    expect(rechargeRange(new URLSearchParams(), 'UTC', now).end).toBe('2026-11-26');
  });

  it('takes the URL’s days as written, a backwards or bad one too, for the server to refuse', () => {
    const q = (s: string) => rechargeRange(new URLSearchParams(s), 'UTC', now);
    expect(q('start=2026-03-05&end=2026-03-01')).toEqual({
      start: '2026-03-05',
      end: '2026-03-01',
      defaulted: false,
    });
    expect(q('end=2026-03-30')).toMatchObject({ start: '2026-03-01', end: '2026-03-30' });
    expect(q('start=2026-02-30')).toMatchObject({ start: '2026-02-30', end: '2026-11-26' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('revenue by day, stacked by provider', () => {
  it('has every day of the range and the providers that took the game’s money, in the usual order', () => {
    const grid = dayProviderGrid(stats);
    expect(grid).toEqual({
      days: ['2026-03-01', '2026-03-02', '2026-03-03'],
      providers: ['wechat', 'paypal'],
      revenue: [
        [0, 400, 1200],
        [0, 200, 0],
      ],
    });
    // Each day's parts add up to the day's revenue.
    grid.days.forEach((_, i) =>
      expect(grid.revenue.reduce((s, p) => s + (p[i] ?? 0), 0)).toBe(stats.days[i]?.revenue),
    );
  });

  it('draws a stacked bar series per provider, in major units, with the day axis', () => {
    const option = revenueByDayOption(
      dayProviderGrid(stats),
      { provider: (p) => p.toUpperCase(), day: (d) => d.slice(5) },
      (m) => m / 100,
    );
    expect(option.xAxis).toMatchObject({ data: ['03-01', '03-02', '03-03'] });
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'WECHAT', stack: 'revenue', data: [0, 4, 12] }),
      expect.objectContaining({ type: 'bar', name: 'PAYPAL', stack: 'revenue', data: [0, 2, 0] }),
    ]);
    expect(option).not.toHaveProperty('dataZoom');
  });

  it('zooms a range longer than 60 days', () => {
    const days = Array.from({ length: 90 }, (_, i) => addDays('2026-01-01', i));
    const option = payersOption(
      days.map((day) => ({ day, currency: 'CNY', ...figures(0), payingPlayers: 1, firstTimePayers: 0 })),
      { paying: 'paying', first: 'first', day: (d) => d },
    );
    expect(option.dataZoom).toBeDefined();
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'line', name: 'paying' }),
      expect.objectContaining({ type: 'line', name: 'first' }),
    ]);
  });
});

describe('packs and charges', () => {
  it('puts the largest pack on top', () => {
    const option = packOption(
      [
        { pack: 'small', revenue: 100 },
        { pack: 'big', revenue: 900 },
      ],
      'Revenue',
      (m) => m / 100,
    );
    expect(option.yAxis).toMatchObject({ data: ['small', 'big'] });
    expect(option.series).toEqual([expect.objectContaining({ data: [1, 9] })]);
  });

  it('adds the packs’ charges per day over the whole range', () => {
    const charges: ChargeStats = {
      ...head,
      rows: [
        { day: '2026-03-01', pack: 'a', currency: 'CNY', charges: 2, amount: 200, refunded: 1 },
        { day: '2026-03-01', pack: 'b', currency: 'CNY', charges: 3, amount: 900, refunded: 0 },
        { day: '2026-03-03', pack: 'a', currency: 'CNY', charges: 1, amount: 100, refunded: 0 },
      ],
    };
    const perDay = chargesPerDay(charges);
    expect(perDay).toEqual([
      { day: '2026-03-01', charges: 5, refunded: 1 },
      { day: '2026-03-02', charges: 0, refunded: 0 },
      { day: '2026-03-03', charges: 1, refunded: 0 },
    ]);
    const option = chargesOption(perDay, { charges: 'c', refunded: 'r', day: (d) => d });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'c', data: [5, 0, 1] }),
      expect.objectContaining({ name: 'r', data: [1, 0, 0] }),
    ]);
  });
});

describe('the tables’ columns', () => {
  it('name each column once, with a text key and a kind', () => {
    for (const [table, cols] of Object.entries(RECHARGE_COLUMNS)) {
      const keys = cols.map((c) => c.key);
      expect(new Set(keys).size, table).toBe(keys.length);
      for (const c of cols) {
        // reports.recharge.col.<name>: the feature's texts, in both languages.
        const name = c.label.replace(/^reports\.recharge\.col\./, '') as keyof typeof en.recharge.col;
        for (const texts of [en, zh]) expect(texts.recharge.col[name], `${table}.${c.key}`).toBeTruthy();
      }
    }
    expect(RECHARGE_COLUMNS.byProvider.map((c) => c.key)).toEqual([
      'provider',
      'currency',
      'payments',
      'revenue',
      'refunds',
      'refunded',
      'failedDeliveries',
      'failedAmount',
    ]);
  });
});
