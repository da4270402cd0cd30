import type { CohortGrid } from '../../shared/api/reports.js';

/**
 * The cohort grid's cells: of the players registered on a day, the share active k days later,
 * and the heat step its colour comes from. The steps carry their own text colour (dark on the
 * light ones, white on the dark ones), so the figure reads in either theme, and the figure is
 * always written in the cell: the colour only repeats it.
 */

export const HEAT_STEPS = [
  { upTo: 0.1, background: '#e7eff9', color: '#1c2127' },
  { upTo: 0.25, background: '#bcd4f1', color: '#1c2127' },
  { upTo: 0.45, background: '#8ab4ea', color: '#1c2127' },
  { upTo: 0.7, background: '#2d6cc4', color: '#ffffff' },
  { upTo: Infinity, background: '#173f7a', color: '#ffffff' },
] as const;

export type HeatStep = (typeof HEAT_STEPS)[number];

export function heatStep(share: number): HeatStep {
  return HEAT_STEPS.find((s) => share <= s.upTo) ?? HEAT_STEPS[4];
}

export interface CohortCell {
  /** Days after registering. */
  k: number;
  /** Players of the cohort active that day; null: that day has not come yet. */
  players: number | null;
  /** players / the cohort's size; null when not known or the cohort is empty. */
  share: number | null;
}

export interface CohortRow {
  day: string;
  size: number;
  cells: CohortCell[];
}

/** The grid as rows of cells, each cohort's width the grid's (its days after registering). */
export function cohortRows(grid: CohortGrid): CohortRow[] {
  return grid.cohorts.map((c) => ({
    day: c.day,
    size: c.size,
    cells: c.retained.map((players, k) => ({
      k,
      players,
      share: players === null || c.size === 0 ? null : players / c.size,
    })),
  }));
}

/** How many day columns the grid has: its widest cohort's. */
export function cohortWidth(grid: CohortGrid): number {
  return Math.max(0, ...grid.cohorts.map((c) => c.retained.length));
}
