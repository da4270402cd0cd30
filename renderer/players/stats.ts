import type { OutputOf } from '../../shared/api/table.js';
import type { ChartOption } from '../kit/charts/echarts.js';

/**
 * Pure helpers of the player statistics page: the window choice in the URL, the level bands'
 * sizes and the chart of new players per day.
 */

export const STATS_WINDOWS = [7, 30, 90] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
export const DEFAULT_STATS_WINDOW: StatsWindow = 30;

export function parseStatsWindow(value: string | null): StatsWindow {
  const n = Number(value);
  return (STATS_WINDOWS as readonly number[]).includes(n) ? (n as StatsWindow) : DEFAULT_STATS_WINDOW;
}

export interface DayCount {
  day: string;
  count: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
}

function dayText(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Days in order with every day between the first and the last present (0 when missing). The
 * reference backend already sends every day; a studio's own service may leave quiet days out, and
 * a chart with holes would put bars against the wrong dates.
 */
export function fillDays(points: readonly DayCount[]): DayCount[] {
  const byDay = new Map<number, number>();
  for (const p of points) {
    const day = p.day.slice(0, 10);
    if (!DAY.test(day)) continue;
    const n = dayNumber(day);
    if (Number.isNaN(n)) continue;
    byDay.set(n, (byDay.get(n) ?? 0) + p.count);
  }
  if (byDay.size === 0) return [];
  const days = [...byDay.keys()];
  const first = Math.min(...days);
  const last = Math.max(...days);
  const out: DayCount[] = [];
  for (let n = first; n <= last; n++) out.push({ day: dayText(n), count: byDay.get(n) ?? 0 });
  return out;
}

/** Bar sizes as fractions of the largest (0..1); all zero when every count is 0. */
export function barFractions(counts: readonly number[]): number[] {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max > 0 ? Math.max(0, c) / max : 0));
}

/** A part of the total as a whole percent ("12%"), or null when there is no total to compare with. */
export function percentOf(part: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((part / total) * 100);
}

/** The share as printed: a few players among many read "<1", not a misleading "0". */
export function shareText(part: number, total: number): string | null {
  const pct = percentOf(part, total);
  if (pct === null) return null;
  return pct === 0 && part > 0 ? '<1' : String(pct);
}

/**
 * The chart of new players per day: one bar per day, the day's figure in the tooltip; past two
 * months the chart can be zoomed (wheel, drag, or the slider under it).
 */
export function newPerDayOption(
  days: readonly DayCount[],
  seriesName: string,
  label: (day: string) => string,
): ChartOption {
  const zoom = days.length > 60;
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 16, bottom: zoom ? 64 : 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: days.map((d) => label(d.day)), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1 },
    ...(zoom ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] } : {}),
    series: [{ type: 'bar', name: seriesName, data: days.map((d) => d.count), barMaxWidth: 16 }],
  };
}

export type PlayerStats = OutputOf<'players.stats'>;

/** How a figure tile is coloured; the page maps these to Blueprint intents. */
export type TileTone = 'primary' | 'success' | 'warning' | 'danger' | 'none';

/** The figures an operator looks at first, in reading order: size, state, flags, growth, activity. */
export const STAT_TILES: readonly { key: string; tone: TileTone; pick: (s: PlayerStats) => number }[] = [
  { key: 'total', tone: 'primary', pick: (s) => s.total },
  { key: 'active', tone: 'success', pick: (s) => s.byState.active },
  { key: 'inactive', tone: 'warning', pick: (s) => s.byState.inactive },
  { key: 'deleted', tone: 'danger', pick: (s) => s.byState.deleted },
  { key: 'banned', tone: 'danger', pick: (s) => s.banned },
  { key: 'testing', tone: 'primary', pick: (s) => s.testing },
  { key: 'special', tone: 'warning', pick: (s) => s.special },
  { key: 'newToday', tone: 'success', pick: (s) => s.newToday },
  { key: 'new7d', tone: 'success', pick: (s) => s.new7d },
  { key: 'active1d', tone: 'primary', pick: (s) => s.active1d },
  { key: 'active7d', tone: 'primary', pick: (s) => s.active7d },
  { key: 'active30d', tone: 'primary', pick: (s) => s.active30d },
  { key: 'neverSignedIn', tone: 'none', pick: (s) => s.neverSignedIn },
];
