import { studioTime } from '../../shared/api/notices.js';

/**
 * What a simulated game server reports, as a function of the clock alone, so the figures are
 * deterministic under a test clock and plausible under a real one: players follow the day (fewest
 * at 05:00, most at 17:00, studio time) with a small per-minute wobble; today's income grows
 * through the day in step with the players, from 0 at midnight to the day's total.
 */

const TWO_PI = 2 * Math.PI;
/** Share of the peak still online at the quietest hour. */
const FLOOR = 0.2;

/** The day's activity at hour h (0-24), from FLOOR to 1. */
function activity(h: number): number {
  return FLOOR + (1 - FLOOR) * (0.5 - 0.5 * Math.cos((TWO_PI * (h - 5)) / 24));
}

/** The integral of activity from 0 to h (closed form of the above). */
function activitySoFar(h: number): number {
  const wave = 0.5 * h - (6 / Math.PI) * (Math.sin((TWO_PI * (h - 5)) / 24) - Math.sin((TWO_PI * -5) / 24));
  return FLOOR * h + (1 - FLOOR) * wave;
}

const WHOLE_DAY = activitySoFar(24);

/** A small deterministic number in [-1, 1) from a text (FNV-1a). */
function wobble(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) / 0x100000000) * 2 - 1;
}

export function onlinePlayersAt(nowMs: number, peak: number, key: string): number {
  const { dayFraction } = studioTime(nowMs);
  const minute = Math.floor(nowMs / 60_000);
  const jitter = 0.04 * wobble(`${key}:${minute}`);
  return Math.max(0, Math.round(peak * activity(dayFraction * 24) * (1 + jitter)));
}

export function incomeTodayAt(nowMs: number, dailyIncome: number): number {
  const { dayFraction } = studioTime(nowMs);
  return Math.round((dailyIncome * activitySoFar(dayFraction * 24)) / WHOLE_DAY);
}

export function studioDay(nowMs: number): string {
  return studioTime(nowMs).day;
}
