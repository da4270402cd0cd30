import type { Selectable } from 'kysely';
import {
  MASK_MIN_LENGTH,
  type KeySort,
  type PlatformKey,
  type Platform,
  type platformKeysEndpoints,
} from '../../shared/api/platformKeys.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { containsPattern, listPage, type PageInput } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import type { SortOrder } from '../../shared/api/sorting.js';
import type { PlatformKeysTable } from './tables.js';
import { gameOf, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { open, seal } from '../platform/seal.js';
import { NO_SECRETS_KEY_TEXT, type SecretsKeyState } from '../platform/secrets-key.js';

/**
 * A game's platform keys. The secret goes in sealed (seal.ts) and comes out only through reveal;
 * everything else, the audit entries included, sees the key's mask. Nothing here logs a value.
 */

type Endpoints = typeof platformKeysEndpoints;
type KeyRow = Selectable<PlatformKeysTable>;

const MASK = '••••••••';

/** The characters a list may show of a secret: its last four, only when it is long. */
export function hintOf(secret: string): string {
  return secret.length >= MASK_MIN_LENGTH ? secret.slice(-4) : '';
}

export function toKey(row: KeyRow): PlatformKey {
  return {
    id: row.id,
    game: row.game as GameId,
    name: row.name,
    platform: row.platform as Platform,
    secretMask: MASK + row.secret_hint,
    note: row.note,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at.toISOString(),
    secretSetAt: row.secret_set_at.toISOString(),
  };
}

/** What the sealed value is bound to: its game and row (a value copied to another row will not open). */
const aadOf = (game: string, id: number) => `gameops platform key|${game}|${id}`;

const gameNames = (game: GameId) => GAMES[game].names;

/** The sealing key, or 50300 saying how to give the server one. */
function sealingKey(ctx: HandlerContext): Extract<SecretsKeyState, { available: true }> {
  const s = ctx.deps.secrets;
  if (s.available) return s;
  throw problem(Codes.UNAVAILABLE, NO_SECRETS_KEY_TEXT.en, NO_SECRETS_KEY_TEXT['zh-CN']);
}

async function mustFindKey(ctx: HandlerContext, game: GameId, keyId: number): Promise<KeyRow> {
  const row = await ctx.db
    .selectFrom('platform_keys')
    .selectAll()
    .where('game', '=', game)
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (row) return row;
  throw problem(
    Codes.NOT_FOUND,
    `${gameNames(game).en} has no platform key ${keyId}; it may have been deleted`,
    `${gameNames(game)['zh-CN']}没有编号为 ${keyId} 的平台密钥，可能已被删除`,
  );
}

/** A name taken in the game (any case) by another key than `except`. */
async function assertNameFree(
  ctx: HandlerContext,
  game: GameId,
  name: string,
  except?: number,
): Promise<void> {
  let q = ctx.db
    .selectFrom('platform_keys')
    .select(['id', 'name'])
    .where('game', '=', game)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except !== undefined) q = q.where('id', '<>', except);
  const taken = await q.executeTakeFirst();
  if (!taken) return;
  throw problem(
    Codes.CONFLICT,
    `${gameNames(game).en} already has a key named "${taken.name}" (key ${taken.id}); pick another name or change that key`,
    `${gameNames(game)['zh-CN']}已有名为“${taken.name}”的密钥（编号 ${taken.id}）；请换一个名称，或修改该密钥`,
  );
}

interface ListInput extends PageInput {
  game?: GameId | undefined;
  platform?: Platform | undefined;
  q?: string | undefined;
  sort?: KeySort | undefined;
  order?: SortOrder | undefined;
}

/** The sort keys' columns: each follows the game on an index (platform keys' migration 0002_sorts). */
const KEY_SORT_COLUMNS: Record<KeySort, string> = {
  name: 'name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

async function listKeys(ctx: HandlerContext, input: ListInput) {
  let q = ctx.db.selectFrom('platform_keys');
  if (input.game) q = q.where('game', '=', input.game);
  if (input.platform) q = q.where('platform', '=', input.platform);
  if (input.q) {
    const pattern = containsPattern(input.q);
    q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('note', 'ilike', pattern)]));
  }
  const ordered = sortedBy(
    q.selectAll(),
    input,
    KEY_SORT_COLUMNS,
    (n) => n.orderBy('created_at', 'desc').orderBy('id', 'desc'),
    'id',
  );
  const page = await listPage(q, ordered, input, toKey);
  return { ...page, secretsKey: ctx.deps.secrets.source };
}

export const platformKeysHandlers: HandlerMap<Endpoints> = {
  'platformKeys.all': (input, ctx) => listKeys(ctx, input),

  'platformKeys.list': (input, ctx) => listKeys(ctx, { ...input, game: gameOf(ctx) }),

  'platformKeys.create': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = input.name;
    ctx.audit.before = null;
    const key = sealingKey(ctx);
    await assertNameFree(ctx, game, input.name);
    const who = signedInOf(ctx).operator.name;
    // The row's id is part of what the secret is sealed to, so it is sealed once the row exists,
    // in the same transaction.
    const { id } = await ctx.db
      .insertInto('platform_keys')
      .values({
        game,
        name: input.name,
        platform: input.platform,
        secret_sealed: '',
        secret_key_id: key.id,
        secret_hint: hintOf(input.secret),
        note: input.note,
        created_by: who,
        created_at: ctx.now,
        updated_by: who,
        updated_at: ctx.now,
        secret_set_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await ctx.db
      .updateTable('platform_keys')
      .set({ secret_sealed: seal(key.key, input.secret, aadOf(game, id)) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toKey(row);
    ctx.audit.after = out;
    return out;
  },

  'platformKeys.update': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `key:${input.keyId}`;
    const row = await mustFindKey(ctx, game, input.keyId);
    ctx.audit.target = row.name;
    ctx.audit.before = toKey(row);
    const changes = [input.name, input.platform, input.secret, input.note].filter((v) => v !== undefined);
    if (changes.length === 0) {
      throw problem(
        Codes.VALIDATION,
        'Nothing to change: give a new name, platform, secret or note',
        '没有要修改的内容：请填写新的名称、平台、密钥或备注',
      );
    }
    if (input.name !== undefined) await assertNameFree(ctx, game, input.name, row.id);
    const sealed =
      input.secret === undefined
        ? {}
        : (() => {
            const key = sealingKey(ctx);
            return {
              secret_sealed: seal(key.key, input.secret, aadOf(game, row.id)),
              secret_key_id: key.id,
              secret_hint: hintOf(input.secret),
              secret_set_at: ctx.now,
            };
          })();
    const updated = await ctx.db
      .updateTable('platform_keys')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.platform !== undefined ? { platform: input.platform } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...sealed,
        updated_by: signedInOf(ctx).operator.name,
        updated_at: ctx.now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toKey(updated);
    ctx.audit.after = { ...out, secretReplaced: input.secret !== undefined };
    return out;
  },

  'platformKeys.delete': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `key:${input.keyId}`;
    const row = await mustFindKey(ctx, game, input.keyId);
    ctx.audit.target = row.name;
    ctx.audit.before = toKey(row);
    ctx.audit.after = null;
    await ctx.db.deleteFrom('platform_keys').where('id', '=', row.id).execute();
    return { deleted: true as const };
  },

  'platformKeys.reveal': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `key:${input.keyId}`;
    const row = await mustFindKey(ctx, game, input.keyId);
    ctx.audit.target = row.name;
    ctx.audit.before = toKey(row);
    const key = sealingKey(ctx);
    if (row.secret_key_id !== key.id) {
      throw problem(
        Codes.UNAVAILABLE,
        `The secret of "${row.name}" was encrypted with another server key (${row.secret_key_id}; this server's ` +
          `is ${key.id}). Restore the key that came with this database, or set the secret again.`,
        `“${row.name}”的密钥是用另一个服务器密钥加密的（${row.secret_key_id}；本服务器为 ${key.id}）。` +
          '请恢复与此数据库配套的密钥，或重新设置该密钥。',
      );
    }
    let secret: string;
    try {
      secret = open(key.key, row.secret_sealed, aadOf(game, row.id));
    } catch {
      throw problem(
        Codes.INTERNAL,
        `The stored secret of "${row.name}" does not open: it was changed or damaged in the database. Set it again.`,
        `“${row.name}”存储的密钥无法解密：数据库中的值已被修改或损坏。请重新设置。`,
      );
    }
    // The entry says who saw which key and why; never what they saw.
    ctx.audit.after = { revealed: true, secretMask: toKey(row).secretMask };
    return { id: row.id, secret };
  },
};
