import type { DailyRow } from '../../shared/api/reports.js';
import type { ChartOption } from '../kit/charts/echarts.js';
import { minorDigits } from '../components/money.js';
import type { Language } from '../../shared/codes.js';
import { formatAxisDay, type ShopItemTotal } from './columns.js';
import { numberFormat } from '../components/intl.js';

/**
 * The reports' charts as ECharts options, built from the server's answer alone (pure, so they are
 * tested in Node): the names of series and the way a value is written come from the screen, in
 * the console's language, so the tooltips speak it too.
 */

/** How the charts write values in their tooltips and axes. */
export interface ChartWords {
  /** A day on the axis. */
  day: (day: string) => string;
  count: (n: number) => string;
  /** Money in major units (the axis and the tooltip of revenue). */
  money: (major: number) => string;
  /** A share from 0 to 100. */
  percent: (pct: number) => string;
}

/** The words of a chart in `lang`; money in `currency` (its major units). */
export function chartWords(lang: Language, currency?: string): ChartWords {
  const count = numberFormat(lang, { maximumFractionDigits: 0 });
  const pct = numberFormat(lang, { maximumFractionDigits: 1 });
  let money: Intl.NumberFormat;
  try {
    money = currency
      ? numberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 2 })
      : numberFormat(lang, { maximumFractionDigits: 2 });
  } catch {
    // A currency code Intl does not know: the amount alone.
    money = numberFormat(lang, { maximumFractionDigits: 2 });
  }
  return {
    day: (day) => formatAxisDay(day, lang),
    count: (n) => count.format(n),
    money: (major) => money.format(major),
    percent: (v) => `${pct.format(v)}%`,
  };
}

/** The activity chart's series, in their order: a pick's seriesIndex names one of these. */
export const ACTIVITY_SERIES = ['dau', 'newPlayers', 'revenue'] as const;
export type ActivitySeries = (typeof ACTIVITY_SERIES)[number];

/** The retention chart's series, in their order. */
export const RETENTION_SERIES = ['d1', 'd7', 'd30', 'payRate'] as const;
export type RetentionSeries = (typeof RETENTION_SERIES)[number];

/** Minor units as major units for a chart (a chart draws the amount; the table writes it exactly). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A zoom on every report chart: wheel or drag inside, and the slider under it. */
const zoom = () => [{ type: 'inside' as const }, { type: 'slider' as const, height: 20, bottom: 8 }];

const grid = { left: 56, right: 64, top: 40, bottom: 72 };

/** DAU and new players as bars on the left axis, revenue as a line on the right axis. */
export function activityOption(
  days: readonly DailyRow[],
  currency: string,
  names: Record<ActivitySeries, string>,
  words: ChartWords,
): ChartOption {
  const counted = { valueFormatter: (v: unknown) => (typeof v === 'number' ? words.count(v) : '—') };
  return {
    animation: false,
    grid,
    legend: { top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: days.map((d) => words.day(d.day)), axisTick: { alignWithLabel: true } },
    yAxis: [
      { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => words.count(v) } },
      { type: 'value', axisLabel: { formatter: (v: number) => words.money(v) }, splitLine: { show: false } },
    ],
    dataZoom: zoom(),
    series: [
      { type: 'bar', name: names.dau, data: days.map((d) => d.dau), barMaxWidth: 14, tooltip: counted },
      {
        type: 'bar',
        name: names.newPlayers,
        data: days.map((d) => d.newPlayers),
        barMaxWidth: 14,
        tooltip: counted,
      },
      {
        type: 'line',
        name: names.revenue,
        yAxisIndex: 1,
        data: days.map((d) => toMajor(d.revenue, currency)),
        symbolSize: 6,
        tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? words.money(v) : '—') },
      },
    ],
  };
}

/** D1, D7, D30 retention and pay rate as lines in percent; a day not known yet is a gap. */
export function retentionOption(
  days: readonly DailyRow[],
  names: Record<RetentionSeries, string>,
  words: ChartWords,
): ChartOption {
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  return {
    animation: false,
    grid,
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? words.percent(v) : '—'),
    },
    xAxis: { type: 'category', data: days.map((d) => words.day(d.day)), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: (v: number) => words.percent(v) } },
    dataZoom: zoom(),
    series: RETENTION_SERIES.map((key) => ({
      type: 'line' as const,
      name: names[key],
      data: days.map((d) => pct(d[key])),
      connectNulls: false,
      symbolSize: 5,
    })),
  };
}

/** The shop's revenue per day as bars stacked by item, the items in the order given. */
export function shopRevenueOption(
  days: readonly string[],
  items: readonly ShopItemTotal[],
  revenueOf: (day: string, itemId: number) => number,
  words: ChartWords,
): ChartOption {
  return {
    animation: false,
    grid: { ...grid, right: 24 },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? words.count(v) : '—'),
    },
    xAxis: { type: 'category', data: days.map(words.day), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => words.count(v) } },
    dataZoom: zoom(),
    series: items.map((item) => ({
      type: 'bar' as const,
      name: item.item,
      stack: 'revenue',
      data: days.map((day) => revenueOf(day, item.itemId)),
      barMaxWidth: 24,
    })),
  };
}
