import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CodeKind, Grant } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { jsonValue, type Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { secretsKeyOf, type SecretsKeyState } from '../platform/secrets-key.js';
import { randomCodes } from './codes.js';
import { gameServerKey, signRedeem, type SignedRedeem } from './game-server-key.js';

/** For tests (this feature's, the RBAC matrix's): a known secrets key, signed redemptions, quick batches. */

export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);
export const testSecrets = (): SecretsKeyState => secretsKeyOf(TEST_SECRETS_KEY, 'given');

export interface RedeemOptions {
  serverId?: string;
  nonce?: string;
  ts?: number;
  /** Signs under this secrets key instead (a wrong key). */
  secretsKey?: Buffer;
}

export type SignedRedeemInput = SignedRedeem & { sig: string };

/** A redeem call's input as a game server sends it, signed with the game's key. */
export function signedRedeemInput(
  game: GameId,
  code: string,
  playerId: string,
  nowMs: number,
  opts: RedeemOptions = {},
): SignedRedeemInput {
  const m = {
    game,
    serverId: opts.serverId ?? `${game}-1`,
    code: code.replace(/[\s-]/g, '').toUpperCase(),
    playerId,
    ts: opts.ts ?? nowMs,
    nonce: opts.nonce ?? randomBytes(12).toString('base64url'),
  };
  return { ...m, sig: signRedeem(gameServerKey(opts.secretsKey ?? TEST_SECRETS_KEY, game), m) };
}

/** A batch written straight to the database (no audit entry): for tests that need a code to act on. */
export async function insertTestBatch(
  db: Kysely<Database>,
  game: GameId,
  kind: CodeKind,
  opts: { count?: number; now: Date; usesPerCode?: number; usesPerPlayer?: number },
): Promise<{ batchId: number; codes: string[] }> {
  const count = opts.count ?? 1;
  const grant: Grant =
    kind === 'activeCode'
      ? { kind: 'items', rewards: [{ itemId: THEMES[game].items[0]?.id ?? 1, count: 1 }] }
      : { kind: 'shopItem', shopItemId: THEMES[game].shop[0]?.id ?? 1, price: 0 };
  const batch = await db
    .insertInto('gift_code_batches')
    .values({
      game,
      kind,
      name: 'test batch',
      prefix: 'T',
      channel: 'test',
      grant_spec: jsonValue(grant),
      valid_from: new Date(opts.now.getTime() - 86_400_000),
      valid_until: new Date(opts.now.getTime() + 30 * 86_400_000),
      uses_per_code: opts.usesPerCode ?? 1,
      uses_per_player: opts.usesPerPlayer ?? 1,
      total: count,
      reason: 'test',
      created_by: 'test',
      created_at: opts.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const codes = randomCodes('T', count);
  await db
    .insertInto('gift_codes')
    .values(codes.map((code) => ({ game, code, batch_id: batch.id })))
    .execute();
  return { batchId: batch.id, codes };
}
