import { z } from 'zod';
import { SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { sortInput } from './sorting.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Message notices (spec: "message notice status get and updates for player count and daily
 * income"): per game, thresholds on the online players and on today's income. Crossing one raises
 * an alert through the same path as server watch (the backend's alert log, main's native
 * notification), once per crossing: not again until the value has gone back and crossed again.
 * Shown as the second tab of the server watch page; super-admin only.
 *
 * Days and hours are the studio's, in NOTICE_TIME_ZONE: "income below N by 18:00" means today's
 * income in China Standard Time is still under N at 18:00 there.
 */

export const NOTICE_KINDS = ['playersBelow', 'playersAbove', 'incomeBelow'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_TIME_ZONE = 'Asia/Shanghai';

/** China Standard Time has kept one offset, with no daylight saving, since 1991. */
const STUDIO_OFFSET_MS = 8 * 3_600_000;

/** The studio's day (YYYY-MM-DD), hour and fraction of the day at `ms`, in NOTICE_TIME_ZONE. */
export function studioTime(ms: number): {
  day: string;
  hour: number;
  dayFraction: number;
  dayStartMs: number;
} {
  const local = ms + STUDIO_OFFSET_MS;
  const intoDay = ((local % 86_400_000) + 86_400_000) % 86_400_000;
  const d = new Date(local);
  return {
    day: d.toISOString().slice(0, 10),
    hour: d.getUTCHours(),
    dayFraction: intoDay / 86_400_000,
    dayStartMs: ms - intoDay,
  };
}

/** ok: the value is on the right side; crossed: it has fired and not come back; unknown: no figure yet. */
export const NOTICE_STATES = ['ok', 'crossed', 'unknown'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** What the notices list sorts by: the game, when a notice last fired. */
export const NOTICE_SORTS = ['game', 'lastFiredAt'] as const;

export const noticeRuleSchema = z.object({
  id: z.number().int(),
  game: gameIdSchema,
  kind: z.enum(NOTICE_KINDS),
  /** Players, or income in minor units (fen, CNY). */
  threshold: z.number().int(),
  /** incomeBelow only: the hour (0-23, NOTICE_TIME_ZONE) from which today's income is held to it. */
  byHour: z.number().int().nullable(),
  enabled: z.boolean(),
  note: z.string(),
  state: z.enum(NOTICE_STATES),
  lastFiredAt: z.string().nullable(),
  /** The figure at the last evaluation. */
  lastValue: z.number().int().nullable(),
  lastEvaluatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type NoticeRule = z.infer<typeof noticeRuleSchema>;

/** A game's figures now, from its game-status checks (servers that are up and not paused). */
export const gameFiguresSchema = z.object({
  game: gameIdSchema,
  onlinePlayers: z.number().int().nullable(),
  incomeToday: z.number().int().nullable(),
  /** How many game-status checks the figures come from. */
  servers: z.number().int(),
});
export type GameFigures = z.infer<typeof gameFiguresSchema>;

const threshold = z
  .number({ error: 'a whole number of 0 or more' })
  .int('a whole number of 0 or more')
  .min(0, 'a whole number of 0 or more')
  .max(1_000_000_000_000, 'at most 1,000,000,000,000');

export const noticeSaveInputSchema = z
  .strictObject({
    id: z.number().int().min(1, 'a notice id is a positive whole number').optional(),
    game: gameIdSchema,
    kind: z.enum(NOTICE_KINDS),
    threshold,
    byHour: z
      .number({ error: 'an hour from 0 to 23' })
      .int('an hour from 0 to 23')
      .min(0, 'an hour from 0 to 23')
      .max(23, 'an hour from 0 to 23')
      .nullable()
      .default(null),
    enabled: z.boolean().default(true),
    note: z.string().trim().max(500, 'at most 500 characters').default(''),
    reason: reasonSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'incomeBelow' && v.byHour === null)
      ctx.addIssue({ code: 'custom', path: ['byHour'], message: 'give the hour by which the income is due' });
    if (v.kind !== 'incomeBelow' && v.byHour !== null)
      ctx.addIssue({ code: 'custom', path: ['byHour'], message: 'only an income notice has an hour' });
  });
export type NoticeSaveInput = z.input<typeof noticeSaveInputSchema>;

const noticeId = intParam({ min: 1, message: 'a notice id is a positive whole number' });

export const noticesEndpoints = {
  'notices.list': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/notices',
    summary:
      'A page of the message notices (all games, or one) with their status, by game unless sorted by ' +
      'game or when they last fired, and each game’s figures now (online players, today’s income).',
    access: SUPER_ONLY,
    input: z.strictObject({ game: gameIdSchema.optional(), ...sortInput(NOTICE_SORTS), ...pageInput }),
    output: pageOf(noticeRuleSchema).extend({ figures: z.array(gameFiguresSchema) }),
  }),
  'notices.save': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/notices',
    summary:
      'Adds a message notice, or changes one (with its id). A change of kind, threshold or hour ' +
      'rearms it: it fires at the next crossing.',
    access: SUPER_ONLY,
    audit: true,
    input: noticeSaveInputSchema,
    output: noticeRuleSchema,
  }),
  'notices.setEnabled': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/notices/:id/status',
    summary: 'Turns a message notice on or off. Turned on, it fires at the next crossing.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: noticeId, enabled: z.boolean(), reason: reasonSchema.optional() }),
    output: noticeRuleSchema,
  }),
  'notices.delete': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/notices/:id',
    summary: 'Removes a message notice. Needs a reason.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: noticeId, reason: reasonSchema }),
    output: z.object({ deleted: z.boolean() }),
  }),
};

export const noticesFeature = feature({ id: 'notices', endpoints: noticesEndpoints });
