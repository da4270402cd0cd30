import { z } from 'zod';
import { GAME_IDS, GAMES } from '../games.js';
import { STATUS_VALUES, playerTabSchema } from '../player-tabs.js';
import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, gameEnum, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { auditEntrySchema } from './users.js';
import { playersPages } from './players.pages.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Player lookup, detail and actions (spec sections 2 and 7, "Player lookup and detail", "Player
 * service"). Every call is game-scoped: one entry serves all four games, on each game's service
 * (atomicwar under /atomicwar on the admin service, the others on their own services).
 *
 * Reads allow ADMIN or Service (spec section 6); actions and statistics need ADMIN.
 */

/** Steam-style 64-bit ids, kept as text (they do not fit a JS number). */
export const playerIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'a player id is 1 to 20 digits');

/** Account state. Banned, testing and special are separate facts (see `flags`), not states. */
export const PLAYER_STATES = ['active', 'inactive', 'deleted'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];
export const playerStateSchema = z.enum(PLAYER_STATES);

export const playerFlagsSchema = z.object({
  /** An active (not expired, not lifted) blacklist entry names this player. */
  banned: z.boolean(),
  /** On the game's testing-players list (their recharges are test money). */
  testing: z.boolean(),
  /** On the game's special-users list. */
  special: z.boolean(),
});

export const playerRowSchema = z.object({
  id: z.string(),
  num: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  state: playerStateSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  flags: playerFlagsSchema,
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

/** The detail page's header: the row plus why each flag is set. */
export const playerDetailSchema = playerRowSchema.extend({
  deletedAt: z.string().nullable(),
  ban: z
    .object({
      entryId: z.number().int(),
      reason: z.string(),
      operator: z.string(),
      createdAt: z.string(),
      /** null = permanent. */
      expiresAt: z.string().nullable(),
    })
    .nullable(),
  special: z.object({ entryId: z.number().int(), category: z.string(), note: z.string() }).nullable(),
  /** Tabs that have a cached copy right now (cleared by "clear player cache"). */
  cachedTabs: z.array(playerTabSchema),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/** A search total is counted up to this many; past it the page says "10,000+". */
export const SEARCH_COUNT_CAP = 10_000;

export const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type Cell = z.infer<typeof cellSchema>;
export const tabRowSchema = z.record(z.string(), cellSchema);
export type TabRow = z.infer<typeof tabRowSchema>;

/** Where a tab's rows came from: the game's cache, or its database (which refreshes the cache). */
export const TAB_SOURCES = ['cache', 'db'] as const;
export type TabSource = (typeof TAB_SOURCES)[number];

const readSchema = z.object({
  source: z.enum(TAB_SOURCES),
  /** When the cached copy was taken; null when read from the database. */
  cachedAt: z.string().nullable(),
  readAt: z.string(),
});

export const playerTabDataSchema = readSchema.extend({
  tab: playerTabSchema,
  rows: z.array(tabRowSchema),
});
export type PlayerTabData = z.infer<typeof playerTabDataSchema>;

export const EQUIPMENT_QUALITIES = [
  'common',
  'rare',
  'epic',
  'legendary',
  'mythic',
] as const satisfies readonly (typeof STATUS_VALUES)[number][];

/** Spec "Player equipment": id, eqID, name, quality, level, power, baseAttrs, extraAttrs, suitAttrs. */
export const equipmentSchema = z.object({
  id: z.string(),
  eqID: z.number().int(),
  name: z.string(),
  quality: z.enum(EQUIPMENT_QUALITIES),
  level: z.number().int(),
  power: z.number().int(),
  baseAttrs: z.array(z.string()),
  extraAttrs: z.array(z.string()),
  suitAttrs: z.array(z.string()),
});
export type Equipment = z.infer<typeof equipmentSchema>;

/** Games whose players have equipment (the registry's equipment tab). */
const equipmentGame = gameEnum(GAME_IDS.filter((g) => GAMES[g].playerTabs.includes('equipment')));

export const playerLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** login, logout, levelUp, purchase, recharge, itemGain, itemUse, match, mail, ... */
  kind: z.string(),
  detail: z.string(),
  ip: z.string().nullable(),
});
export type PlayerLog = z.infer<typeof playerLogSchema>;

/** Logs are the last this-many days; prelogs (history) are everything older. */
export const RECENT_LOG_DAYS = 30;

const idInput = { game: gameIdSchema, id: playerIdSchema };
const registeredAt = z.iso.datetime({ offset: true, error: 'a date and time with its offset (ISO 8601)' });

export const playersEndpoints = {
  'players.search': endpoint({
    service: 'game',
    method: 'GET',
    path: '/steamplayers',
    summary:
      'Find players by name (partial, any case), id (exact) or num (account number, exact); ' +
      'the given keys must all match. No key lists the newest accounts. registeredFrom and ' +
      'registeredTo keep the accounts registered from the one (included) to the other (excluded): ' +
      "a day's new players in the reports. activeFrom and activeTo, with a registration range, keep " +
      'those who signed in at least once between them: a cohort of the reports on its day k. ' +
      'The total is counted up ' +
      `to ${SEARCH_COUNT_CAP} (totalCapped says when there are more).`,
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      game: gameIdSchema,
      name: z.string().trim().min(1, 'type at least 1 character').max(64).optional(),
      id: playerIdSchema.optional(),
      num: intParam({ min: 1, message: 'an account number is a positive whole number' }).optional(),
      registeredFrom: registeredAt.optional(),
      registeredTo: registeredAt.optional(),
      activeFrom: registeredAt.optional(),
      activeTo: registeredAt.optional(),
      ...pageInput,
    }),
    output: pageOf(playerRowSchema).extend({ totalCapped: z.boolean() }),
  }),
  'players.get': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id',
    summary: 'One player: identity, state, flags with their reasons, and which tabs are cached.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject(idInput),
    output: playerDetailSchema,
  }),
  'players.tab': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/tab/:tab',
    summary:
      "One tab of the player's game data (the game's tabs are in the registry). Tabs with a " +
      'cache variant read the cache when it holds a copy; read=fresh reads the database and ' +
      'refreshes the cache. Equipment has its own calls (eqs, eqpage).',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      ...idInput,
      tab: playerTabSchema,
      read: z.enum(['cache', 'fresh']).default('cache'),
    }),
    output: playerTabDataSchema,
  }),
  'players.equipment': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/eqs',
    summary: "All of a player's equipment, with the count and the top power (cache rules as tabs).",
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      game: equipmentGame,
      id: playerIdSchema,
      read: z.enum(['cache', 'fresh']).default('cache'),
    }),
    output: readSchema.extend({
      items: z.array(equipmentSchema),
      total: z.number().int(),
      topPower: z.number().int(),
    }),
  }),
  'players.equipmentPage': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/eqpage',
    summary: 'One page of equipment by power, highest first, for players with very many items.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      game: equipmentGame,
      id: playerIdSchema,
      page: pageInput.page,
      pageSize: intParam({ min: 1, max: 1000, message: 'a page size is a positive whole number' }).default(
        100,
      ),
    }),
    output: pageOf(equipmentSchema).extend({ topPower: z.number().int() }),
  }),
  'players.logs': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/logs',
    summary: `The player's game log of the last ${RECENT_LOG_DAYS} days, newest first.`,
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ ...idInput, kind: z.string().trim().max(32).optional(), ...pageInput }),
    output: pageOf(playerLogSchema),
  }),
  'players.prelogs': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/prelogs',
    summary: `The player's older game log (history before the last ${RECENT_LOG_DAYS} days), newest first.`,
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ ...idInput, kind: z.string().trim().max(32).optional(), ...pageInput }),
    output: pageOf(playerLogSchema),
  }),
  'players.audit': endpoint({
    service: 'game',
    method: 'GET',
    path: '/player/:id/audit',
    summary: 'What operators did to this player (audit entries whose target is the player), newest first.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ ...idInput, ...pageInput }),
    output: pageOf(auditEntrySchema),
  }),
  'players.delete': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/player/:id',
    summary: 'Delete a player (their account stops; their data is kept and activate restores it).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ ...idInput, reason: reasonSchema }),
    output: playerDetailSchema,
  }),
  'players.activate': endpoint({
    service: 'game',
    method: 'POST',
    path: '/player/:id/activate',
    summary: 'Activate an inactive player, or restore a deleted one.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ ...idInput, reason: reasonSchema }),
    output: playerDetailSchema,
  }),
  'players.clearCache': endpoint({
    service: 'game',
    method: 'POST',
    path: '/player/:id/clearcache',
    summary: "Drop the game's cached copies of this player's data; the next reads go to the database.",
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ ...idInput, reason: reasonSchema }),
    output: z.object({ cleared: z.array(playerTabSchema) }),
  }),
  'players.stats': endpoint({
    service: 'game',
    method: 'GET',
    path: '/statis/player',
    summary: 'Player counts by state and flag, activity, and new players per day over `days` days.',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: gameIdSchema,
      days: intParam({ min: 7, max: 90, message: 'a number of days from 7 to 90' }).default(30),
    }),
    output: z.object({
      asOf: z.string(),
      total: z.number().int(),
      byState: z.object({ active: z.number().int(), inactive: z.number().int(), deleted: z.number().int() }),
      banned: z.number().int(),
      testing: z.number().int(),
      special: z.number().int(),
      newToday: z.number().int(),
      new7d: z.number().int(),
      /** Signed in within the last 1, 7 and 30 days. */
      active1d: z.number().int(),
      active7d: z.number().int(),
      active30d: z.number().int(),
      neverSignedIn: z.number().int(),
      /** Players per level band of 10 (1-10, 11-20, ...). */
      levels: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
      /** Oldest day first; every day of the window is present (0 when none). */
      newPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
  }),
};

export const playersFeature = feature({ ...playersPages, endpoints: playersEndpoints });
