import { z } from 'zod';
import { ADMIN_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, gameWithPage, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { playerIdSchema } from './players.js';
import { moderationPages } from './moderation.pages.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Moderation: banned heroes, blacklist, special users, testing players and their recharges
 * (spec sections 2, 6 and 7). All game-scoped and ADMIN-only; special users and testing players
 * exist only for the games whose registry entry has those pages (ymmj, lw, party).
 *
 * Every change takes a reason and is audited. Bans and blacklist entries can carry an expiry;
 * once it passes they stop applying (the server's clock decides) and lists show them as expired.
 */

/** ISO 8601 date-time with a zone ("2026-12-01T00:00:00Z"); the server refuses one in the past. */
export const expiresAtSchema = z.iso.datetime({
  offset: true,
  message: 'an ISO date-time such as 2026-12-31T23:59:59Z',
});

const timestamps = {
  operator: z.string(),
  createdAt: z.string(),
};

// ---- banned heroes ----

export const heroSchema = z.object({ heroId: z.number().int(), name: z.string() });
export type Hero = z.infer<typeof heroSchema>;

export const BAN_STATUSES = ['active', 'expired', 'lifted'] as const;
export type BanStatus = (typeof BAN_STATUSES)[number];

export const bannedHeroSchema = z.object({
  id: z.number().int(),
  heroId: z.number().int(),
  heroName: z.string(),
  /** null = the hero is banned for every player of the game. */
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
  reason: z.string(),
  ...timestamps,
  /** null = until lifted. */
  expiresAt: z.string().nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  status: z.enum(BAN_STATUSES),
});
export type BannedHero = z.infer<typeof bannedHeroSchema>;

// ---- blacklist ----

export const BLACKLIST_KINDS = ['player', 'ip'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

export const blacklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLACKLIST_KINDS),
  /** A player id or an IP address. */
  value: z.string(),
  playerName: z.string().nullable(),
  reason: z.string(),
  ...timestamps,
  expiresAt: z.string().nullable(),
  status: z.enum(['active', 'expired']),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

const ipSchema = z.union([z.ipv4(), z.ipv6()]);

// ---- special users ----

export const SPECIAL_CATEGORIES = ['gm', 'streamer', 'partner', 'tester', 'vip'] as const;
export type SpecialCategory = (typeof SPECIAL_CATEGORIES)[number];

export const specialUserSchema = z.object({
  id: z.number().int(),
  playerId: z.string(),
  playerName: z.string().nullable(),
  category: z.enum(SPECIAL_CATEGORIES),
  note: z.string(),
  ...timestamps,
});
export type SpecialUser = z.infer<typeof specialUserSchema>;

// ---- testing players ----

export const testingPlayerSchema = z.object({
  playerId: z.string(),
  playerName: z.string().nullable(),
  note: z.string(),
  addedAt: z.string(),
  recharges: z.number().int(),
  /** Sums in minor units (fen) of the test currency, CNY. */
  paidTotal: z.number().int(),
  refundedTotal: z.number().int(),
});
export type TestingPlayer = z.infer<typeof testingPlayerSchema>;

export const RECHARGE_STATUSES = ['paid', 'refunded'] as const;

export const testingRechargeSchema = z.object({
  id: z.number().int(),
  playerId: z.string(),
  playerName: z.string().nullable(),
  orderId: z.string(),
  product: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  at: z.string(),
  status: z.enum(RECHARGE_STATUSES),
  refundedAt: z.string().nullable(),
  refundedBy: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export type TestingRecharge = z.infer<typeof testingRechargeSchema>;

const specialGame = gameWithPage(moderationPages.gamePages.specialUsers);
const testingGame = gameWithPage(moderationPages.gamePages.testingPlayers);
const entryId = intParam({ min: 1, message: 'an entry id is a positive whole number' });

export const moderationEndpoints = {
  'heroes.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/heroes',
    summary: "The game's hero catalogue, for choosing a hero to ban.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: z.object({ heroes: z.array(heroSchema) }),
  }),
  'bannedHeroes.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/bannedhero',
    summary: 'Hero bans, newest first; status all|active|expired|lifted (default active).',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: gameIdSchema,
      status: z.enum([...BAN_STATUSES, 'all']).default('active'),
      heroId: intParam({ min: 1, message: 'a hero id is a positive whole number' }).optional(),
      playerId: playerIdSchema.optional(),
      ...pageInput,
    }),
    output: pageOf(bannedHeroSchema),
  }),
  'bannedHeroes.ban': endpoint({
    service: 'game',
    method: 'POST',
    path: '/bannedhero',
    summary:
      'Ban a hero for every player (no playerId) or for one player, until expiresAt or until ' +
      'lifted. Refused when the same ban is already active.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      heroId: z.number().int().min(1),
      playerId: playerIdSchema.optional(),
      expiresAt: expiresAtSchema.optional(),
      reason: reasonSchema,
    }),
    output: bannedHeroSchema,
  }),
  'bannedHeroes.unban': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/bannedhero/:banId',
    summary: 'Lift an active hero ban; the entry stays in the list as lifted.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, banId: entryId, reason: reasonSchema }),
    output: bannedHeroSchema,
  }),
  'bannedHeroes.deleteItem': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/bannedhero/:banId/item',
    summary: 'Remove one hero-ban entry altogether (a mistaken entry); the audit log keeps it.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, banId: entryId, reason: reasonSchema }),
    output: z.object({ deleted: z.literal(true) }),
  }),

  'blacklist.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/blacklist',
    summary: 'Blacklist entries, newest first; q matches the value or the player name (partial).',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: gameIdSchema,
      q: z.string().trim().min(1).max(64).optional(),
      kind: z.enum(BLACKLIST_KINDS).optional(),
      status: z.enum(['active', 'expired', 'all']).default('all'),
      ...pageInput,
    }),
    output: pageOf(blacklistEntrySchema),
  }),
  'blacklist.create': endpoint({
    service: 'game',
    method: 'POST',
    path: '/blacklist',
    summary:
      'Blacklist a player (by id; the player must exist) or an IP address, until expiresAt or ' +
      'for good. Refused when the same value already has an active entry.',
    access: ADMIN_ONLY,
    audit: true,
    input: z
      .strictObject({
        game: gameIdSchema,
        kind: z.enum(BLACKLIST_KINDS),
        value: z.string().trim().min(1).max(64),
        expiresAt: expiresAtSchema.optional(),
        reason: reasonSchema,
      })
      .superRefine((v, ctx) => {
        const okValue =
          v.kind === 'player'
            ? playerIdSchema.safeParse(v.value).success
            : ipSchema.safeParse(v.value).success;
        if (!okValue) {
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: v.kind === 'player' ? 'a player id is 1 to 20 digits' : 'an IPv4 or IPv6 address',
          });
        }
      }),
    output: blacklistEntrySchema,
  }),
  'blacklist.delete': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/blacklist/:entryId',
    summary: 'Remove a blacklist entry; the audit log keeps what it was.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, entryId, reason: reasonSchema }),
    output: z.object({ deleted: z.literal(true) }),
  }),

  'specialUsers.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/specialusers',
    summary: 'Special users, newest first; q matches the player id or name (partial).',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: specialGame,
      q: z.string().trim().min(1).max(64).optional(),
      category: z.enum(SPECIAL_CATEGORIES).optional(),
      ...pageInput,
    }),
    output: pageOf(specialUserSchema),
  }),
  'specialUsers.create': endpoint({
    service: 'game',
    method: 'POST',
    path: '/specialusers',
    summary: 'Mark a player (who must exist) as a special user; one entry per player.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: specialGame,
      playerId: playerIdSchema,
      category: z.enum(SPECIAL_CATEGORIES),
      note: z.string().trim().max(200).default(''),
      reason: reasonSchema,
    }),
    output: specialUserSchema,
  }),
  'specialUsers.delete': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/specialusers/:entryId',
    summary: 'Remove a special user by entry id.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: specialGame, entryId, reason: reasonSchema }),
    output: z.object({ deleted: z.literal(true) }),
  }),

  'testingPlayers.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/testingplayers',
    summary: 'Testing players with their recharge counts and totals; q matches id or name (partial).',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: testingGame,
      q: z.string().trim().min(1).max(64).optional(),
      ...pageInput,
    }),
    output: pageOf(testingPlayerSchema),
  }),
  'testingPlayers.recharges': endpoint({
    service: 'game',
    method: 'GET',
    path: '/testingplayers/recharges',
    summary: 'Recharge records of testing players, newest first.',
    access: ADMIN_ONLY,
    input: z.strictObject({
      game: testingGame,
      playerId: playerIdSchema.optional(),
      status: z.enum(RECHARGE_STATUSES).optional(),
      ...pageInput,
    }),
    output: pageOf(testingRechargeSchema),
  }),
  'testingPlayers.refund': endpoint({
    service: 'game',
    method: 'POST',
    path: '/testingplayers/recharges/:rechargeId/refund',
    summary: 'Refund one testing recharge; refused when it is already refunded.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: testingGame, rechargeId: entryId, reason: reasonSchema }),
    output: testingRechargeSchema,
  }),
};

export const moderationFeature = feature({ ...moderationPages, endpoints: moderationEndpoints });
