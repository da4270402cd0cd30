import { z } from 'zod';
import { ADMIN_ONLY, SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { sortInput } from './sorting.js';
import { platformKeysPages } from './platformKeys.pages.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Game-platform keys (spec: "Steam tokens: list, delete, update"; /admin/steamtoken, atomicwar's
 * steam key page, ymmj's and lw's steamtoken pages): the keys and tokens each game uses with its
 * platforms (a Steam Web API key, a publisher key, a store's shared secret...).
 *
 * The backend stores each secret encrypted (AES-256-GCM, with a key that is not in the database)
 * and never sends it back in a list: lists show a mask (the last four characters of a long
 * secret). Only a SUPER sees a secret, by asking with a reason (audited; the entry never holds
 * the secret). A game's admins manage its keys on its page; a SUPER sees every game's on
 * /admin/steamtoken.
 */

export const PLATFORMS = [
  'steamWebApi',
  'steamPublisher',
  'steamAppTicket',
  'epic',
  'appStore',
  'googlePlay',
  'other',
] as const;
export type Platform = (typeof PLATFORMS)[number];
export const platformSchema = z.enum(PLATFORMS);

export const keyNameSchema = z
  .string()
  .trim()
  .min(2, 'a name of at least 2 characters')
  .max(64, 'a name of at most 64 characters');
/** A secret as pasted: spaces around it are dropped (they are never part of a key). */
export const secretSchema = z
  .string()
  .trim()
  .min(8, 'a secret of at least 8 characters')
  .max(8192, 'a secret of at most 8192 characters');
export const keyNoteSchema = z.string().trim().max(500, 'a note of at most 500 characters');

/** A secret shorter than this shows no characters at all in its mask. */
export const MASK_MIN_LENGTH = 16;

export const platformKeySchema = z.object({
  id: z.number().int(),
  game: gameIdSchema,
  name: z.string(),
  platform: platformSchema,
  /** "••••••••3f9a": never the secret; the last four characters only of a secret of 16 or more. */
  secretMask: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  /** When the secret itself was last set (a rename does not count), to see how old a key is. */
  secretSetAt: z.string(),
});
export type PlatformKey = z.infer<typeof platformKeySchema>;

/**
 * Where the server's sealing key comes from (server/platform/secrets-key.ts); `missing`: it
 * has none and refuses to store or show secrets until GAMEOPS_SECRETS_KEY is set.
 */
export const SECRETS_KEY_SOURCES = ['env', 'file', 'memory', 'given', 'missing'] as const;
export type SecretsKeySourceName = (typeof SECRETS_KEY_SOURCES)[number];

/** A page of keys, with the state of the server's sealing key (so a page can say why adding fails). */
const keyPage = pageOf(platformKeySchema).extend({ secretsKey: z.enum(SECRETS_KEY_SOURCES) });

const keyId = intParam({ min: 1, message: 'a key id is a positive whole number' });

/** What an operator sorts keys by (each on an index of server/platformKeys/migrations.ts). */
export const KEY_SORTS = ['name', 'createdAt', 'updatedAt'] as const;
export type KeySort = (typeof KEY_SORTS)[number];

const listFilters = {
  platform: platformSchema.optional(),
  /** Part of the name or the note, any case. */
  q: z.string().trim().min(1).max(64).optional(),
  ...sortInput(KEY_SORTS),
  ...pageInput,
};

export const platformKeysEndpoints = {
  'platformKeys.all': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/steamtoken',
    summary:
      "Every game's platform keys, masked, newest first; game, platform and q (name or note) narrow it.",
    access: SUPER_ONLY,
    input: z.strictObject({ game: gameIdSchema.optional(), ...listFilters }),
    output: keyPage,
  }),
  'platformKeys.list': endpoint({
    service: 'game',
    method: 'GET',
    path: '/steamtoken',
    summary: "The game's platform keys, masked, newest first; platform and q (name or note) narrow it.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema, ...listFilters }),
    output: keyPage,
  }),
  'platformKeys.create': endpoint({
    service: 'game',
    method: 'POST',
    path: '/steamtoken',
    summary:
      'Store a key: name (unique in the game, any case), platform, the secret (stored encrypted), a ' +
      'note. Refused with 50300 when the server has no key to encrypt with.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      name: keyNameSchema,
      platform: platformSchema,
      secret: secretSchema,
      note: keyNoteSchema.default(''),
      reason: reasonSchema.optional(),
    }),
    output: platformKeySchema,
  }),
  'platformKeys.update': endpoint({
    service: 'game',
    method: 'PATCH',
    path: '/steamtoken/:keyId',
    summary: 'Rename a key, change its platform or note, or replace its secret (the old one is gone).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      keyId,
      name: keyNameSchema.optional(),
      platform: platformSchema.optional(),
      secret: secretSchema.optional(),
      note: keyNoteSchema.optional(),
      reason: reasonSchema,
    }),
    output: platformKeySchema,
  }),
  'platformKeys.delete': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/steamtoken/:keyId',
    summary: 'Delete a key and its secret for good; the audit log keeps what it was (masked).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, keyId, reason: reasonSchema }),
    output: z.object({ deleted: z.literal(true) }),
  }),
  'platformKeys.reveal': endpoint({
    service: 'game',
    method: 'POST',
    path: '/steamtoken/:keyId/reveal',
    summary: 'The secret itself, for a SUPER who gives a reason; audited without the secret.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, keyId, reason: reasonSchema }),
    output: z.object({ id: z.number().int(), secret: z.string() }),
  }),
};

export const platformKeysFeature = feature({ ...platformKeysPages, endpoints: platformKeysEndpoints });
