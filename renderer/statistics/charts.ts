import type { ApiStats, MatchStats } from '../../shared/api/statistics.js';
import type { ChartOption } from '../kit/charts/echarts.js';
import { dateTimeFormat } from '../components/intl.js';

/**
 * The statistics' charts as ECharts options, apart from the screens so they are tested as data:
 * matches per day stacked by mode, and the API's calls as a heat map of days by hour of the day
 * (in the studio's zone).
 */

/** Days with the matches of each mode, in the order of `stats.modes`. */
export function matchesByDay(stats: MatchStats): { day: string; counts: number[] }[] {
  const days = new Map<string, number[]>();
  const at = new Map(stats.modes.map((m, i) => [m, i]));
  for (const r of stats.rows) {
    let counts = days.get(r.day);
    if (!counts) {
      counts = stats.modes.map(() => 0);
      days.set(r.day, counts);
    }
    const i = at.get(r.mode);
    if (i !== undefined) counts[i] = r.matches;
  }
  return [...days].map(([day, counts]) => ({ day, counts }));
}

export function matchesOption(stats: MatchStats, modeName: (mode: string) => string): ChartOption {
  const days = matchesByDay(stats);
  const zoom = days.length > 60;
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 40, bottom: zoom ? 64 : 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    xAxis: { type: 'category', data: days.map((d) => d.day), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1 },
    ...(zoom ? { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 8 }] } : {}),
    series: stats.modes.map((mode, i) => ({
      type: 'bar' as const,
      name: modeName(mode),
      stack: 'matches',
      data: days.map((d) => d.counts[i] ?? 0),
      barMaxWidth: 16,
    })),
  };
}

/** The hour of the day (0-23) and the day of an instant in `zone`. */
export function dayAndHour(iso: string, zone: string): { day: string; hour: number } {
  const parts = dateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** Calls per studio day and hour of the day, every endpoint together. */
export function callsByHour(stats: ApiStats): { day: string; hours: number[] }[] {
  const days = new Map<string, number[]>();
  for (const h of stats.hours) {
    const { day, hour } = dayAndHour(h.hour, stats.timeZone);
    let hours = days.get(day);
    if (!hours) {
      hours = new Array<number>(24).fill(0);
      days.set(day, hours);
    }
    hours[hour] = (hours[hour] ?? 0) + h.calls;
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, hours]) => ({ day, hours }));
}

export const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export function callsHeatOption(
  days: readonly { day: string; hours: number[] }[],
  calls: string,
): ChartOption {
  const max = Math.max(1, ...days.flatMap((d) => d.hours));
  return {
    animation: false,
    grid: { left: 96, right: 16, top: 16, bottom: 72 },
    tooltip: { position: 'top' },
    xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
    yAxis: { type: 'category', data: days.map((d) => d.day), splitArea: { show: true } },
    visualMap: { min: 0, max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0 },
    series: [
      {
        type: 'heatmap',
        name: calls,
        data: days.flatMap((d, y) => d.hours.map((n, x) => [x, y, n])),
      },
    ],
  };
}
