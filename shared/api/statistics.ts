import { z } from 'zod';
import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, pageInput, pageOf } from './endpoint.js';
import { sortInput } from './sorting.js';
import { playerIdSchema } from './players.js';
import { daySchema } from './reports.js';
import { readFromField } from './read-from.js';
import { statisticsPages } from './statistics.pages.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Statistics (issue 20; spec sections 2, 6 and 7): match statistics with a match's detail, the
 * backend's measurements of its own API, and IP statistics with client IPs. Days are the studio's
 * days (the reports' time zone, which every answer names); figures are read from rollups kept
 * current with the raw rows (server/statistics), never counted per request.
 *
 * - A match: a game of one mode on one map, started at a time and lasting some seconds, between
 *   two sides (red and blue) of players, won by one side or drawn. Per day and mode: matches
 *   started that day, player places in them (a player in two matches counts twice), average
 *   length.
 * - API calls: every call of an endpoint of this backend, its outcome (the envelope's code) and
 *   how long the server took to answer, per endpoint and hour. p50 and p95 are read from a fixed
 *   latency histogram (LATENCY_BUCKETS_MS): the upper bound of the bucket the percentile falls in.
 * - Addresses: the accounts that ever signed in from an address and its sign-ins; an address used
 *   by SHARED_ADDRESS_ACCOUNTS accounts or more is flagged as shared.
 */

/** The longest range of match and IP figures, in days (a leap year). */
export const MAX_STATS_DAYS = 366;
/** The longest range of API statistics, in days: they are kept per hour. */
export const MAX_API_DAYS = 31;
/** An address that this many accounts or more signed in from is flagged as shared. */
export const SHARED_ADDRESS_ACCOUNTS = 10;
/** The most accounts one address's list answers (the rest are counted, not listed). */
export const MAX_ADDRESS_ACCOUNTS = 500;
/**
 * The upper bounds (ms) of the latency histogram's buckets; a last bucket holds anything slower.
 * Roughly 1-2-5 steps: a percentile is exact to the bucket, which is what an operator needs to
 * tell a fast call from a slow one.
 */
export const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;

export const MATCH_SIDES = ['red', 'blue'] as const;
export const MATCH_RESULTS = ['win', 'loss', 'draw'] as const;

const rangeInput = { game: gameIdSchema, start: daySchema, end: daySchema };
const head = {
  game: gameIdSchema,
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  ...readFromField,
};

export const matchDayRowSchema = z.object({
  day: z.string(),
  mode: z.string(),
  matches: z.number().int(),
  players: z.number().int(),
  /** Seconds, rounded; null when no match. */
  avgSeconds: z.number().int().nullable(),
});
export type MatchDayRow = z.infer<typeof matchDayRowSchema>;

export const matchStatsSchema = z.object({
  ...head,
  /** Every mode of the game, in the order the screens show them. */
  modes: z.array(z.string()),
  rows: z.array(matchDayRowSchema),
});
export type MatchStats = z.infer<typeof matchStatsSchema>;

export const matchSummarySchema = z.object({
  id: z.string(),
  mode: z.string(),
  map: z.string(),
  startedAt: z.string(),
  seconds: z.number().int(),
  players: z.number().int(),
  /** The winning side; null for a draw. */
  winner: z.enum(MATCH_SIDES).nullable(),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

export const matchDetailSchema = matchSummarySchema.extend({
  timeZone: z.string(),
  lineup: z.array(
    z.object({
      playerId: z.string(),
      /** Null when the player's account is gone. */
      playerName: z.string().nullable(),
      side: z.enum(MATCH_SIDES),
      result: z.enum(MATCH_RESULTS),
      kills: z.number().int(),
      deaths: z.number().int(),
      score: z.number().int(),
    }),
  ),
});
export type MatchDetail = z.infer<typeof matchDetailSchema>;

const matchIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,15}$/, 'a match id is 1 to 15 digits');

export const apiFiguresSchema = z.object({
  endpoint: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
  /** Milliseconds (a bucket's upper bound); null: slower than the last bound, or no call. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
});
export type ApiFigures = z.infer<typeof apiFiguresSchema>;

export const apiStatsSchema = z.object({
  ...head,
  scope: z.enum(['game', 'all']),
  bucketsMs: z.array(z.number()),
  /** Per endpoint and hour (the hour's start, ISO), hours with calls only. */
  hours: z.array(apiFiguresSchema.extend({ hour: z.string() })),
  /** Per endpoint over the whole range, most called first, with its errors by code. */
  endpoints: z.array(
    apiFiguresSchema.extend({
      errorCodes: z.array(z.object({ code: z.number().int(), calls: z.number().int() })),
    }),
  ),
});
export type ApiStats = z.infer<typeof apiStatsSchema>;

export const addressSchema = z.object({
  ip: z.string(),
  accounts: z.number().int(),
  signIns: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  shared: z.boolean(),
});
export type AddressFigures = z.infer<typeof addressSchema>;

export const ADDRESS_SORTS = ['accounts', 'signIns', 'lastAt'] as const;

export const signInSchema = z.object({
  playerId: z.string(),
  playerName: z.string().nullable(),
  ip: z.string(),
  at: z.string(),
  seconds: z.number().int(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const addressAccountsSchema = z.object({
  ip: z.string(),
  /** All accounts of the address; `accounts` lists at most MAX_ADDRESS_ACCOUNTS of them. */
  total: z.number().int(),
  shared: z.boolean(),
  accounts: z.array(
    z.object({
      playerId: z.string(),
      playerName: z.string().nullable(),
      signIns: z.number().int(),
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
});
export type AddressAccounts = z.infer<typeof addressAccountsSchema>;

const addressInput = z.union([z.ipv4(), z.ipv6()], { error: 'an IPv4 or IPv6 address' });

export const statisticsEndpoints = {
  'matchStats.days': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statistics/match',
    summary:
      `Match statistics from start to end (studio days, at most ${MAX_STATS_DAYS}): per day and mode, ` +
      'matches started, player places and average length.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject(rangeInput),
    output: matchStatsSchema,
  }),
  'matchStats.matches': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statistics/matches',
    summary: 'The matches started on one studio day (of one mode, if given), in start order.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      game: gameIdSchema,
      day: daySchema,
      mode: z.string().trim().min(1).max(40).optional(),
      ...pageInput,
    }),
    output: pageOf(matchSummarySchema).extend({ timeZone: z.string(), ...readFromField }),
  }),
  'matchStats.detail': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statistics/match/:matchId',
    summary: "A match by id: its mode, map, time, length, winner and every player's side and result.",
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ game: gameIdSchema, matchId: matchIdSchema }),
    output: matchDetailSchema,
  }),
  'apiStats.hours': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statistics/api',
    summary:
      `API statistics from start to end (studio days, at most ${MAX_API_DAYS}): calls, errors, p50 and ` +
      "p95 latency per endpoint and hour, from the backend's own measurements; scope game: this " +
      "game's calls, all: every call of the backend.",
    access: ADMIN_ONLY,
    input: z.strictObject({ ...rangeInput, scope: z.enum(['game', 'all']).default('game') }),
    output: apiStatsSchema,
  }),
  'ipStats.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/ipstatis',
    summary:
      'Addresses players signed in from: accounts and sign-ins per address, shared addresses ' +
      `(${SHARED_ADDRESS_ACCOUNTS} accounts or more) flagged; q: addresses starting with it.`,
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: gameIdSchema,
      q: z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F.:]{1,45}$/, 'the start of an address: digits, letters a-f, dots and colons')
        .optional(),
      show: z.enum(['all', 'shared']).default('all'),
      ...sortInput(ADDRESS_SORTS),
      ...pageInput,
    }),
    output: pageOf(addressSchema).extend({ threshold: z.number().int(), ...readFromField }),
  }),
  'ipStats.accounts': endpoint({
    service: 'game',
    method: 'GET',
    path: '/ipstatis/accounts',
    summary: `The accounts that signed in from one address (at most ${MAX_ADDRESS_ACCOUNTS} listed), most sign-ins first.`,
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema, ip: addressInput }),
    output: addressAccountsSchema,
  }),
  'clientIps.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/clientip',
    summary:
      "Client IPs: a player's or an address's sign-ins from start to end (studio days, at most " +
      `${MAX_STATS_DAYS}), newest first. Give playerId or ip.`,
    access: ADMIN_ONLY,
    input: z
      .strictObject({
        ...rangeInput,
        playerId: playerIdSchema.optional(),
        ip: addressInput.optional(),
        ...pageInput,
      })
      .refine((v) => (v.playerId === undefined) !== (v.ip === undefined), {
        message: 'give either a player id or an address',
        path: ['playerId'],
      }),
    output: pageOf(signInSchema).extend({ timeZone: z.string(), ...readFromField }),
  }),
};

export const statisticsFeature = feature({ ...statisticsPages, endpoints: statisticsEndpoints });
