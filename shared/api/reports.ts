import { z } from 'zod';
import { readFromField } from './read-from.js';
import { ADMIN_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint } from './endpoint.js';
import { gameIdSchema } from '../ids-schema.js';
import { reportsPages } from './reports.pages.js';

/**
 * Reports (issue 20; spec sections 2 and 7: per game `statis/dailyreport`,
 * `statis/shopdailyreport`, `recharge/statis`, the player service's charge statistics, and the
 * cohort retention grid). Every figure is read from rollups kept current with the data
 * (server/reports), never counted from raw rows per request.
 *
 * Days are the studio's days: the deployment's time zone (Asia/Shanghai unless the backend is
 * started with another), which every answer names. A day is `YYYY-MM-DD` in that zone.
 *
 * How the figures are counted (the glossary the screens show):
 * - DAU: players who signed in at least once that day. New players: accounts registered that day.
 * - Dn retention of a day: of the players registered that day, the share who signed in n days
 *   later; null while that day has not come yet.
 * - A payment: a player's purchase order whose money was received (paid), on the day it was
 *   received. Revenue: payments still standing (paid or delivered); refunded payments and paid
 *   orders whose delivery failed are counted apart, on the payment's day. Operators' manual
 *   orders are grants, not revenue.
 * - Paying players: players with at least one payment that day. First-time payers: players whose
 *   first payment ever was that day. ARPU = revenue / DAU, ARPPU = revenue / paying players, pay
 *   rate = paying players / DAU (null when the divisor is 0).
 * - Charges (the game's side): purchases delivered to the game, on the day of delivery.
 * Amounts are integers in minor units of their currency; the daily report's are in the game's
 * currency (`currency`).
 */

/** The longest range one report covers, in days (a leap year). */
export const MAX_REPORT_DAYS = 366;
/** The largest cohort grid: this many cohorts of as many days each. */
export const MAX_COHORT_DAYS = 60;
/** The time zone of a deployment that names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is written YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'not a day of the calendar');

const rangeInput = { game: gameIdSchema, start: daySchema, end: daySchema };

const money = z.number().int();
const ratio = z.number().nullable();

export const dailyRowSchema = z.object({
  day: z.string(),
  dau: z.number().int(),
  newPlayers: z.number().int(),
  /** Shares (0 to 1) of the day's new players back 1, 7 and 30 days later; null: not yet known. */
  d1: ratio,
  d7: ratio,
  d30: ratio,
  revenue: money,
  payingPlayers: z.number().int(),
  firstTimePayers: z.number().int(),
  arpu: ratio,
  arppu: ratio,
  payRate: ratio,
});
export type DailyRow = z.infer<typeof dailyRowSchema>;

const reportHead = {
  game: gameIdSchema,
  start: z.string(),
  end: z.string(),
  /** The studio's time zone the days are in. */
  timeZone: z.string(),
  ...readFromField,
};

export const dailyReportSchema = z.object({
  ...reportHead,
  currency: z.string(),
  days: z.array(dailyRowSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const shopRowSchema = z.object({
  day: z.string(),
  itemId: z.number().int(),
  /** The item's name in the game's catalogue. */
  item: z.string(),
  purchases: z.number().int(),
  units: z.number().int(),
  /** In the game's own currency (gems, jade), not money. */
  revenue: z.number().int(),
  buyers: z.number().int(),
});
export type ShopRow = z.infer<typeof shopRowSchema>;

export const shopDailyReportSchema = z.object({ ...reportHead, rows: z.array(shopRowSchema) });
export type ShopDailyReport = z.infer<typeof shopDailyReportSchema>;

/** Payments of one group: standing (revenue), refunded and failed, each as count and amount. */
export const moneyFiguresSchema = z.object({
  payments: z.number().int(),
  revenue: money,
  refunds: z.number().int(),
  refunded: money,
  failedDeliveries: z.number().int(),
  failedAmount: money,
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

const byCurrency = moneyFiguresSchema.extend({ currency: z.string() });

export const rechargeStatsSchema = z.object({
  ...reportHead,
  days: z.array(
    moneyFiguresSchema.extend({
      day: z.string(),
      currency: z.string(),
      payingPlayers: z.number().int(),
      firstTimePayers: z.number().int(),
    }),
  ),
  byProvider: z.array(byCurrency.extend({ provider: z.string() })),
  /** Per day and provider (the stacked bars of revenue by day); groups with no payment left out. */
  byDayProvider: z.array(byCurrency.extend({ day: z.string(), provider: z.string() })),
  byCurrency: z.array(byCurrency),
  byPack: z.array(byCurrency.extend({ pack: z.string() })),
  /** The store the paying player's account came from (steam, appstore, ...). */
  byChannel: z.array(byCurrency.extend({ channel: z.string() })),
});
export type RechargeStats = z.infer<typeof rechargeStatsSchema>;

export const chargeStatsSchema = z.object({
  ...reportHead,
  rows: z.array(
    z.object({
      day: z.string(),
      pack: z.string(),
      currency: z.string(),
      charges: z.number().int(),
      amount: money,
      /** Of those charges, how many have since been refunded. */
      refunded: z.number().int(),
    }),
  ),
});
export type ChargeStats = z.infer<typeof chargeStatsSchema>;

export const cohortGridSchema = z.object({
  ...reportHead,
  cohorts: z.array(
    z.object({
      day: z.string(),
      size: z.number().int(),
      /** Players of the cohort active k days after registering (k = 0 ..), null: not yet. */
      retained: z.array(z.number().int().nullable()),
    }),
  ),
});
export type CohortGrid = z.infer<typeof cohortGridSchema>;

export const reportsEndpoints = {
  'reports.daily': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statis/dailyreport',
    summary:
      'The daily report from start to end (studio days, at most 366): per day DAU, new players, ' +
      'D1/D7/D30 retention, revenue, paying and first-time payers, ARPU, ARPPU and pay rate.',
    access: ADMIN_ONLY,
    input: z.strictObject(rangeInput),
    output: dailyReportSchema,
  }),
  'reports.shopDaily': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statis/shopdailyreport',
    summary: 'The shop daily report: per day and shop item, purchases, units, revenue and buyers.',
    access: ADMIN_ONLY,
    input: z.strictObject(rangeInput),
    output: shopDailyReportSchema,
  }),
  'reports.recharge': endpoint({
    service: 'game',
    method: 'GET',
    path: '/recharge/statis',
    summary:
      'Recharge statistics: revenue by day, provider, currency, pack and channel, with refunds and ' +
      'failed deliveries apart, paying and first-time payers per day.',
    access: ADMIN_ONLY,
    input: z.strictObject(rangeInput),
    output: rechargeStatsSchema,
  }),
  'reports.charge': endpoint({
    service: 'game',
    method: 'GET',
    path: '/charge/statis',
    summary: "The player service's charge statistics: purchases delivered to the game per day and pack.",
    access: ADMIN_ONLY,
    input: z.strictObject(rangeInput),
    output: chargeStatsSchema,
  }),
  'reports.cohorts': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statis/cohorts',
    summary:
      `The cohort retention grid: the players registered on each day from start to end (at most ` +
      `${MAX_COHORT_DAYS} days) and how many of them were active 0, 1, .. days later, as many ` +
      'days as there are cohorts.',
    access: ADMIN_ONLY,
    input: z.strictObject(rangeInput),
    output: cohortGridSchema,
  }),
};

export const reportsFeature = feature({ ...reportsPages, endpoints: reportsEndpoints });
