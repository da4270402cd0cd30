import { z } from 'zod';
import { ADMIN_ONLY, PUBLIC } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema, under } from './endpoint.js';
import { sortInput } from './sorting.js';
import { gameIdSchema } from '../ids-schema.js';
import { giftCodesPages } from './giftCodes.pages.js';

/**
 * Activation codes and shop tickets (spec: per game `activeCode` and `shopTicket`; "Active codes:
 * create (POST), status (get and post)", "verify code status", "Shop ticket make, query, list",
 * atomicwar's "Gameserver shopticket", the pay server's "get active code").
 *
 * Both are batches of random codes a player types into the game: an activation code grants items,
 * a shop ticket lets its holder buy one shop item at the ticket's price. They share one shape (a
 * batch, its codes, redemptions) and one set of calls under two path roots, so the two pages and
 * the backend serve both with the same code.
 *
 * Codes are made of CODE_ALPHABET (no 0/O, 1/I/L, 2/Z, 5/S, 8/B look-alikes), CODE_RANDOM_LENGTH
 * random characters after the batch's prefix, from a CSPRNG, unique across every batch of the game.
 * A code is shown grouped by dashes (ABCD-EFGH-JKMN) and accepted with or without them, any case.
 *
 * Redemption is the game servers' call (`*.redeem`, signed by the game server; see
 * `gameServerSignatureSchema`): operators never redeem; they look a code up, disable and re-enable
 * batches or single codes (with a reason, audited) and export a batch to CSV.
 */

export const CODE_KINDS = ['activeCode', 'shopTicket'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const codeKindSchema = z.enum(CODE_KINDS);

/**
 * The capability whose endpoint ids each kind's calls are named under: activation codes are the
 * gift codes of the console (`giftCodes.create`), shop tickets their own (`shopTickets.create`).
 * The kinds and the path roots (`/activeCode`, `/shopTicket`) keep the spec's spellings.
 */
export const KIND_CAPABILITY = { activeCode: 'giftCodes', shopTicket: 'shopTickets' } as const;

/** Crockford-like, without look-alikes: 3 4 6 7 9 A C D E F G H J K M N P Q R T U V W X Y. */
export const CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
/** Random characters per code after the prefix: 25^12 ≈ 6e16, unguessable for any batch size here. */
export const CODE_RANDOM_LENGTH = 12;
export const MAX_BATCH_SIZE = 100_000;
export const MAX_CODE_PREFIX = 8;

/** A prefix from the same alphabet, so that a whole code never holds a look-alike. */
export const codePrefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(MAX_CODE_PREFIX, `a prefix of at most ${MAX_CODE_PREFIX} characters`)
  .regex(
    new RegExp(`^[${CODE_ALPHABET}]*$`),
    `a prefix uses only these characters (no look-alikes such as 0/O, 1/I): ${CODE_ALPHABET}`,
  );

/** A code as typed: dashes and spaces dropped, upper-cased; the server looks it up as such. */
export const codeTextSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(4, 'a code has at least 4 characters')
      .max(MAX_CODE_PREFIX + CODE_RANDOM_LENGTH, 'a code is at most 20 characters'),
  );

export const channelSchema = z.string().trim().max(32, 'a channel label of at most 32 characters');

/** One reward line of an activation code: an item of the game's item list and how many. */
export const rewardSchema = z.object({
  itemId: z.number().int().positive(),
  count: z.number().int().min(1, 'at least 1 of an item').max(1_000_000, 'at most 1,000,000 of an item'),
});
export type Reward = z.infer<typeof rewardSchema>;

/**
 * What a batch grants: items (activation codes), or one shop item at a price in minor units of the
 * game's currency (shop tickets; 0 = free).
 */
export const grantSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('items'),
    rewards: z.array(rewardSchema).min(1, 'choose at least one reward').max(20, 'at most 20 rewards'),
  }),
  z.object({
    kind: z.literal('shopItem'),
    shopItemId: z.number().int().positive(),
    price: z.number().int().min(0, 'a price is 0 or more').max(100_000_000),
  }),
]);
export type Grant = z.infer<typeof grantSchema>;

export const BATCH_STATES = ['active', 'disabled', 'expired', 'notYetValid', 'usedUp'] as const;
export type BatchState = (typeof BATCH_STATES)[number];
export const CODE_STATES = [
  'unused',
  'used',
  'usedUp',
  'disabled',
  'batchDisabled',
  'expired',
  'notYetValid',
] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const codeBatchSchema = z.object({
  id: z.number().int(),
  game: gameIdSchema,
  kind: codeKindSchema,
  name: z.string(),
  prefix: z.string(),
  channel: z.string(),
  grant: grantSchema,
  /** Item or shop-item names for the grant, in the game's own catalogue (so a list reads). */
  grantNames: z.record(z.string(), z.string()),
  validFrom: z.string(),
  validUntil: z.string(),
  usesPerCode: z.number().int(),
  usesPerPlayer: z.number().int(),
  total: z.number().int(),
  /** Redemptions so far, every code of the batch counted. */
  used: z.number().int(),
  enabled: z.boolean(),
  state: z.enum(BATCH_STATES),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CodeBatch = z.infer<typeof codeBatchSchema>;

export const redemptionSchema = z.object({
  playerId: z.string(),
  serverId: z.string(),
  at: z.string(),
});

export const codeInfoSchema = z.object({
  code: z.string(),
  batchId: z.number().int(),
  batchName: z.string(),
  kind: codeKindSchema,
  uses: z.number().int(),
  usesPerCode: z.number().int(),
  enabled: z.boolean(),
  state: z.enum(CODE_STATES),
  /** Newest first, at most 50. */
  redemptions: z.array(redemptionSchema),
});
export type CodeInfo = z.infer<typeof codeInfoSchema>;

export const catalogueEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Shop items and recharge packs: their list price in minor units; items: absent. */
  price: z.number().int().optional(),
  currency: z.string().optional(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

const batchId = intParam({ min: 1, message: 'a batch id is a positive whole number' });
const isoDate = z.iso.datetime({ offset: true, error: 'a date and time with its offset (ISO 8601)' });

export const createBatchInputSchema = z.strictObject({
  game: gameIdSchema,
  name: z
    .string()
    .trim()
    .min(2, 'a batch name of at least 2 characters')
    .max(64, 'a batch name of at most 64 characters'),
  count: z
    .number()
    .int('a whole number of codes')
    .min(1, 'at least 1 code')
    .max(MAX_BATCH_SIZE, `at most ${MAX_BATCH_SIZE.toLocaleString('en')} codes in one batch`),
  prefix: codePrefixSchema.default(''),
  channel: channelSchema.default(''),
  grant: grantSchema,
  validFrom: isoDate,
  validUntil: isoDate,
  usesPerCode: z.number().int().min(1, 'a code can be used at least once').max(1_000_000),
  usesPerPlayer: z.number().int().min(1, 'a player can use a batch at least once').max(1_000),
  reason: reasonSchema,
});

/**
 * The game server's proof that a redemption comes from it: HMAC-SHA256, hex, over
 * `${game}\n${serverId}\n${code}\n${playerId}\n${ts}\n${nonce}` with the game's server key (the
 * backend derives one per game from its secrets key; `gameops-server game-server-key GAME` prints
 * it). `ts` within 5 minutes of the backend's clock; a nonce is accepted once.
 */
export const gameServerSignatureSchema = {
  serverId: z.string().trim().min(1).max(64),
  ts: z.number().int().positive(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a nonce of 8 to 64 letters, digits, - or _'),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'an HMAC-SHA256 signature in lower-case hex'),
};
export const GAME_SERVER_CLOCK_SKEW_MS = 5 * 60_000;

export const redeemResultSchema = z.object({
  code: z.string(),
  batchId: z.number().int(),
  kind: codeKindSchema,
  grant: grantSchema,
  /** This code's uses after the redemption. */
  uses: z.number().int(),
});

/** What an operator sorts a game's batches by (each on an index of server/giftCodes/migrations.ts). */
export const BATCH_SORTS = ['createdAt', 'name', 'validUntil'] as const;
export type BatchSort = (typeof BATCH_SORTS)[number];

/** The calls of one kind, under its path root (`/activeCode` or `/shopTicket`). */
function codeEndpoints<K extends CodeKind>(kind: K) {
  const root = `/${kind}`;
  const what = kind === 'activeCode' ? 'activation code' : 'shop ticket';
  const filters = {
    q: z.string().trim().min(1).max(64).optional(),
    state: z.enum(BATCH_STATES).optional(),
    channel: z.string().trim().min(1).max(32).optional(),
    ...sortInput(BATCH_SORTS),
    ...pageInput,
  };
  return {
    batches: endpoint({
      service: 'game',
      method: 'GET',
      path: `${root}/batches`,
      summary: `The game's ${what} batches, newest first; q (name or prefix), state and channel narrow it.`,
      access: ADMIN_ONLY,
      input: z.strictObject({ game: gameIdSchema, ...filters }),
      output: pageOf(codeBatchSchema),
    }),
    create: endpoint({
      service: 'game',
      method: 'POST',
      path: root,
      summary:
        `Make a batch of ${what}s: count (up to ${MAX_BATCH_SIZE}), prefix, what it grants, valid ` +
        'from/until, uses per code and per player, channel, reason. The codes are random and unique.',
      access: ADMIN_ONLY,
      audit: true,
      input: createBatchInputSchema,
      output: codeBatchSchema,
    }),
    batch: endpoint({
      service: 'game',
      method: 'GET',
      path: `${root}/batches/:batchId`,
      summary: 'One batch with its counts.',
      access: ADMIN_ONLY,
      input: z.strictObject({ game: gameIdSchema, batchId }),
      output: codeBatchSchema,
    }),
    codes: endpoint({
      service: 'game',
      method: 'GET',
      path: `${root}/batches/:batchId/codes`,
      summary: "A page of a batch's codes with their uses and state; used=true/false narrows it.",
      access: ADMIN_ONLY,
      input: z.strictObject({
        game: gameIdSchema,
        batchId,
        used: z.enum(['true', 'false']).optional(),
        ...pageInput,
      }),
      output: pageOf(codeInfoSchema.omit({ redemptions: true })),
    }),
    export: endpoint({
      service: 'game',
      method: 'POST',
      path: `${root}/batches/:batchId/export`,
      summary:
        'The whole batch as CSV (code, uses, state, last redeemed by, at); audited, since the ' +
        'codes are worth money. A POST, so the reason travels in the body.',
      access: ADMIN_ONLY,
      audit: true,
      input: z.strictObject({ game: gameIdSchema, batchId, reason: reasonSchema }),
      output: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() }),
    }),
    setBatchEnabled: endpoint({
      service: 'game',
      method: 'POST',
      path: `${root}/batches/:batchId/status`,
      summary: 'Disable or re-enable a whole batch (its codes stop or start working at once).',
      access: ADMIN_ONLY,
      audit: true,
      input: z.strictObject({ game: gameIdSchema, batchId, enabled: z.boolean(), reason: reasonSchema }),
      output: codeBatchSchema,
    }),
    status: endpoint({
      service: 'game',
      method: 'GET',
      path: `${root}/status`,
      summary: 'Look one code up (spec: status get / verify): its batch, uses, state and redemptions.',
      access: ADMIN_ONLY,
      input: z.strictObject({ game: gameIdSchema, code: codeTextSchema }),
      output: codeInfoSchema,
    }),
    setCodeEnabled: endpoint({
      service: 'game',
      method: 'POST',
      path: `${root}/status`,
      summary: 'Disable or re-enable one code (spec: status post).',
      access: ADMIN_ONLY,
      audit: true,
      input: z.strictObject({
        game: gameIdSchema,
        code: codeTextSchema,
        enabled: z.boolean(),
        reason: reasonSchema,
      }),
      output: codeInfoSchema,
    }),
    redeem: endpoint({
      service: 'game',
      method: 'POST',
      path: `${root}/redeem`,
      summary:
        "The game server's call when a player types a code: checked (batch and code enabled, valid " +
        'now, uses per code and per player) and counted in one step, so concurrent redemptions of a ' +
        'single-use code give exactly one success. Signed by the game server (no operator session).',
      access: PUBLIC,
      auth: 'gameServer',
      input: z.strictObject({
        game: gameIdSchema,
        code: codeTextSchema,
        playerId: z.string().trim().min(1).max(32),
        ...gameServerSignatureSchema,
      }),
      output: redeemResultSchema,
    }),
  };
}

export const giftCodesEndpoints = {
  ...under(KIND_CAPABILITY.activeCode, codeEndpoints('activeCode')),
  ...under(KIND_CAPABILITY.shopTicket, codeEndpoints('shopTicket')),
  'catalogue.items': endpoint({
    service: 'game',
    method: 'GET',
    path: '/items',
    summary: "The game's item list (spec: game item list), for choosing rewards.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: z.object({ items: z.array(catalogueEntrySchema) }),
  }),
  'catalogue.shopItems': endpoint({
    service: 'game',
    method: 'GET',
    path: '/shop/items',
    summary: "The game's shop items with list prices (spec: shop items), for shop tickets and orders.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: z.object({ items: z.array(catalogueEntrySchema), currency: z.string() }),
  }),
  'catalogue.rechargePacks': endpoint({
    service: 'game',
    method: 'GET',
    path: '/recharge/packs',
    summary:
      "The game's recharge packs with their prices (spec: recharge products), for manual orders " +
      'that grant a pack: the order is priced from the pack.',
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: z.object({ items: z.array(catalogueEntrySchema), currency: z.string() }),
  }),
};

export const giftCodesFeature = feature({ ...giftCodesPages, endpoints: giftCodesEndpoints });
