import { z } from 'zod';
import { SIGNED_IN } from '../roles.js';
import { feature } from '../pages.js';
import { gameIdSchema } from '../ids-schema.js';
import { endpoint } from './endpoint.js';

/**
 * The landing page's figures (issue 20, "the big-data back office"; spec section 7, admin service
 * "brief info"): for each game the caller may read the reports of, today's figures against
 * yesterday's and those of the same day last week, a short trend of each, the game's watched
 * servers and its open alerts; and the caller's own critical to-do items.
 *
 * The figures are the daily report's (shared/api/reports.ts says how each is counted), read from
 * the same rollups, in the studio's days (`timeZone`). Today is the day so far.
 */

/** How many days each trend covers, today included. */
export const TREND_DAYS = 14;

/** The figures the landing page compares, in the order it shows them. */
export const BRIEF_FIGURES = ['active', 'newPlayers', 'revenue', 'payingPlayers', 'arppu'] as const;
export type BriefFigure = (typeof BRIEF_FIGURES)[number];

/** One figure on the three days compared; null where it has no value (ARPPU without payers). */
export const comparedSchema = z.object({
  today: z.number().nullable(),
  yesterday: z.number().nullable(),
  lastWeek: z.number().nullable(),
});
export type Compared = z.infer<typeof comparedSchema>;

const figuresOf = <T extends z.ZodType>(value: T) =>
  z.object({ active: value, newPlayers: value, revenue: value, payingPlayers: value, arppu: value });

export const gameBriefSchema = z.object({
  game: gameIdSchema,
  /** The currency of revenue and ARPPU (minor units), the daily report's. */
  currency: z.string(),
  figures: figuresOf(comparedSchema),
  /** Each figure on each of the last TREND_DAYS days, oldest first (`days` names them). */
  trend: figuresOf(z.array(z.number().nullable())),
  /** The game's watched servers by state: up, down, and the rest (paused, maintenance, unknown). */
  servers: z.object({ up: z.number().int(), down: z.number().int(), other: z.number().int() }),
  /**
   * Alerts not yet resolved: servers down since an alert was raised (an open incident), and paid
   * orders whose delivery kept failing (their alert raised) and has not succeeded since.
   */
  alerts: z.object({ serversDown: z.number().int(), failedDeliveries: z.number().int() }),
});
export type GameBrief = z.infer<typeof gameBriefSchema>;

export const briefInfoSchema = z.object({
  /** The studio's time zone the days are in. */
  timeZone: z.string(),
  /** When the figures were read (ISO 8601). */
  asOf: z.string(),
  /** The days compared and the trends' days, `YYYY-MM-DD` in `timeZone`. */
  today: z.string(),
  yesterday: z.string(),
  lastWeek: z.string(),
  days: z.array(z.string()),
  /** The games whose reports the caller may read, in the registry's order; none is an empty list. */
  games: z.array(gameBriefSchema),
  /** The caller's own to-do items: all of them, and those due within three days or overdue. */
  todo: z.object({ total: z.number().int(), critical: z.number().int() }),
});
export type BriefInfo = z.infer<typeof briefInfoSchema>;

export const overviewEndpoints = {
  'overview.brief': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/briefinfo',
    summary:
      'Brief info for the landing page: per game whose daily report the caller may read, active ' +
      'players, new players, revenue, paying players and ARPPU today against yesterday and the ' +
      `same day last week (studio days), each with a trend of ${TREND_DAYS} days; the game's ` +
      "servers up and down and its open alerts; the caller's critical to-do items.",
    access: SIGNED_IN,
    input: z.strictObject({}),
    output: briefInfoSchema,
  }),
};

export const overviewFeature = feature({ id: 'overview', endpoints: overviewEndpoints });
