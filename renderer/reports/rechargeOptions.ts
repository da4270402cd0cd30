import type { ChargeStats, MoneyFigures, RechargeStats } from '../../shared/api/reports.js';
import { DEFAULT_TIME_ZONE } from '../../shared/api/reports.js';
import { PROVIDERS, type Provider } from '../../shared/api/orders.js';
import type { ChartOption } from '../kit/charts/echarts.js';
import { dayIn, isTimeZone, localDayStart } from '../kit/dates.js';

/**
 * What the recharge statistics page draws, as plain data from the server's answers (no React, so
 * tests check it in Node): the range from the URL, the charts' options and the tables' columns
 * (the order list a bar leads to is drill.ts's).
 */

/** The range's URL parameters: studio days, both ends included. */
export const RECHARGE_PARAMS = { start: 'start', end: 'end' } as const;

/** How many studio days the page shows when the URL names none: the last 30, today included. */
export const DEFAULT_RECHARGE_DAYS = 30;

let studioZone = DEFAULT_TIME_ZONE;

/**
 * The studio's time zone as last answered by the server (every report names it): the default
 * range is counted in it. Until the first answer, the deployment's default.
 */
export const knownStudioZone = (): string => studioZone;
export function rememberStudioZone(zone: string): void {
  if (isTimeZone(zone)) studioZone = zone;
}

/** `day` moved by `n` calendar days (days are dates here, not moments). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export interface RechargeRange {
  start: string;
  end: string;
  /** Neither end came from the URL: the last 30 studio days. */
  defaulted: boolean;
}

/**
 * The range the page asks for. A day the URL gives is sent as written, even backwards or too
 * long: the server checks the order and the length and says what is wrong, in both languages.
 * A missing end is today in the studio's zone; a missing start, 30 days before the end.
 */
export function rechargeRange(search: URLSearchParams, zone: string, now: Date): RechargeRange {
  const given = (name: string) => {
    const v = search.get(name)?.trim() ?? '';
    return v === '' ? undefined : v;
  };
  const startParam = given(RECHARGE_PARAMS.start);
  const endParam = given(RECHARGE_PARAMS.end);
  const end = endParam ?? dayIn(zone, now);
  const fromEnd = localDayStart(end) ? addDays(end, -(DEFAULT_RECHARGE_DAYS - 1)) : end;
  return { start: startParam ?? fromEnd, end, defaulted: !startParam && !endParam };
}

/** What one column of a figures table shows, and how it is formatted. */
export type ColumnKind = 'text' | 'day' | 'count' | 'money';

/** A table's column: its key in the row, its label's text key, its kind (exports reuse these). */
export interface ColumnDef<K extends string = string> {
  key: K;
  label: string;
  kind: ColumnKind;
}

const money: readonly ColumnDef<keyof MoneyFigures>[] = [
  { key: 'payments', label: 'reports.recharge.col.payments', kind: 'count' },
  { key: 'revenue', label: 'reports.recharge.col.revenue', kind: 'money' },
  { key: 'refunds', label: 'reports.recharge.col.refunds', kind: 'count' },
  { key: 'refunded', label: 'reports.recharge.col.refunded', kind: 'money' },
  { key: 'failedDeliveries', label: 'reports.recharge.col.failedDeliveries', kind: 'count' },
  { key: 'failedAmount', label: 'reports.recharge.col.failedAmount', kind: 'money' },
];
const currency: ColumnDef<'currency'> = {
  key: 'currency',
  label: 'reports.recharge.col.currency',
  kind: 'text',
};

/** The recharge statistics' tables, each a list of columns. */
export const RECHARGE_COLUMNS = {
  days: [
    { key: 'day', label: 'reports.recharge.col.day', kind: 'day' },
    ...money,
    { key: 'payingPlayers', label: 'reports.recharge.col.payingPlayers', kind: 'count' },
    { key: 'firstTimePayers', label: 'reports.recharge.col.firstTimePayers', kind: 'count' },
  ],
  byProvider: [{ key: 'provider', label: 'reports.recharge.col.provider', kind: 'text' }, currency, ...money],
  byCurrency: [currency, ...money],
  byPack: [{ key: 'pack', label: 'reports.recharge.col.pack', kind: 'text' }, currency, ...money],
  byChannel: [{ key: 'channel', label: 'reports.recharge.col.channel', kind: 'text' }, currency, ...money],
  charges: [
    { key: 'day', label: 'reports.recharge.col.day', kind: 'day' },
    { key: 'pack', label: 'reports.recharge.col.pack', kind: 'text' },
    currency,
    { key: 'charges', label: 'reports.recharge.col.charges', kind: 'count' },
    { key: 'amount', label: 'reports.recharge.col.amount', kind: 'money' },
    { key: 'refunded', label: 'reports.recharge.col.chargesRefunded', kind: 'count' },
  ],
} as const satisfies Record<string, readonly ColumnDef[]>;

export type RechargeTable = keyof typeof RECHARGE_COLUMNS;

/** Revenue per day and provider, in the game's currency: a row per day, a column per provider. */
export interface DayProviderGrid {
  days: string[];
  providers: string[];
  /** revenue[p][d]: the provider's revenue on the day (minor units). */
  revenue: number[][];
}

/** The stacked bars' figures: the range's every day, the providers that took money in order. */
export function dayProviderGrid(stats: RechargeStats): DayProviderGrid {
  const days = stats.days.map((d) => d.day);
  const gameCurrency = stats.days[0]?.currency;
  const rows = stats.byDayProvider.filter((r) => r.currency === gameCurrency && r.revenue !== 0);
  const seen = new Set(rows.map((r) => r.provider));
  const known = PROVIDERS.filter((p) => seen.has(p));
  const providers = [...known, ...[...seen].filter((p) => !known.includes(p as Provider)).sort()];
  const at = new Map(days.map((d, i) => [d, i]));
  const revenue = providers.map(() => days.map(() => 0));
  for (const r of rows) {
    const i = at.get(r.day);
    const p = providers.indexOf(r.provider);
    if (i !== undefined && p >= 0) revenue[p]![i]! += r.revenue;
  }
  return { days, providers, revenue };
}

/** Axis labels and the zoom a long range gets (more than 60 days: a slider under the chart). */
function dayAxis(
  days: readonly string[],
  label: (day: string) => string,
): Pick<ChartOption, 'xAxis' | 'grid' | 'dataZoom'> {
  const zoom = days.length > 60;
  return {
    grid: { left: 64, right: 16, top: 40, bottom: zoom ? 64 : 32 },
    xAxis: { type: 'category', data: days.map(label), axisTick: { alignWithLabel: true } },
    ...(zoom ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] } : {}),
  };
}

/**
 * Revenue by day, a bar per day stacked by provider, in major units of the game's currency (the
 * table beside it has the exact amounts). A click on a provider's part of a bar picks that day
 * and provider.
 */
export function revenueByDayOption(
  grid: DayProviderGrid,
  names: { provider: (p: string) => string; day: (d: string) => string },
  toMajor: (minor: number) => number,
): ChartOption {
  return {
    animation: false,
    ...dayAxis(grid.days, names.day),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: grid.providers.map(names.provider) },
    yAxis: { type: 'value' },
    series: grid.providers.map((p, i) => ({
      type: 'bar' as const,
      name: names.provider(p),
      stack: 'revenue',
      barMaxWidth: 18,
      emphasis: { focus: 'series' as const },
      data: (grid.revenue[i] ?? []).map(toMajor),
    })),
  };
}

/** Paying and first-time payers per day, two lines. */
export function payersOption(
  days: RechargeStats['days'],
  names: { paying: string; first: string; day: (d: string) => string },
): ChartOption {
  return {
    animation: false,
    ...dayAxis(
      days.map((d) => d.day),
      names.day,
    ),
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [names.paying, names.first] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: names.paying, data: days.map((d) => d.payingPlayers), showSymbol: false },
      { type: 'line', name: names.first, data: days.map((d) => d.firstTimePayers), showSymbol: false },
    ],
  };
}

/** Revenue by pack in the game's currency, a horizontal bar per pack, largest on top. */
export function packOption(
  packs: readonly { pack: string; revenue: number }[],
  seriesName: string,
  toMajor: (minor: number) => number,
): ChartOption {
  const sorted = [...packs].sort((a, b) => a.revenue - b.revenue);
  return {
    animation: false,
    grid: { left: 140, right: 24, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: sorted.map((p) => p.pack) },
    series: [{ type: 'bar', name: seriesName, data: sorted.map((p) => toMajor(p.revenue)), barMaxWidth: 18 }],
  };
}

/** The days from start to end, both included (an answer's range: checked by the server). */
export function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length <= 366; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Charges per day of the range (all packs), and how many of them were refunded since. */
export function chargesPerDay(stats: ChargeStats): { day: string; charges: number; refunded: number }[] {
  const days = daysOf(stats.start, stats.end);
  const sums = new Map(days.map((d) => [d, { charges: 0, refunded: 0 }]));
  for (const r of stats.rows) {
    const s = sums.get(r.day);
    if (s) {
      s.charges += r.charges;
      s.refunded += r.refunded;
    }
  }
  return days.map((day) => ({ day, ...(sums.get(day) ?? { charges: 0, refunded: 0 }) }));
}

export function chargesOption(
  perDay: readonly { day: string; charges: number; refunded: number }[],
  names: { charges: string; refunded: string; day: (d: string) => string },
): ChartOption {
  return {
    animation: false,
    ...dayAxis(
      perDay.map((d) => d.day),
      names.day,
    ),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [names.charges, names.refunded] },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.charges, data: perDay.map((d) => d.charges), barMaxWidth: 18 },
      { type: 'bar', name: names.refunded, data: perDay.map((d) => d.refunded), barMaxWidth: 18 },
    ],
  };
}
