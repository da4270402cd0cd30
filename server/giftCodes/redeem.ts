import { z } from 'zod';
import {
  GAME_SERVER_CLOCK_SKEW_MS,
  type CodeKind,
  type giftCodesEndpoints,
} from '../../shared/api/giftCodes.js';
import { Codes } from '../../shared/codes.js';
import { gameIdSchema } from '../../shared/ids-schema.js';
import type { InputAuthenticator } from '../http/authenticate.js';
import type { HandlerContext } from '../http/context.js';
import { problem } from '../http/problem.js';
import type { RedemptionCount } from '../platform/counters.js';
import { SECRETS_KEY_ENV } from '../platform/secrets-key.js';
import { KIND_TEXT, grantOf, mustFindCode } from './batches.js';
import { codeStateAt } from './codes.js';
import { gameServerKey, signatureMatches } from './game-server-key.js';

/**
 * A game server's redemption of a code a player typed. In order: the game server's signature,
 * its clock, its nonce (each accepted once: gameServerAuthenticator, which the endpoint layer runs
 * before the handler, as every redeem endpoint says `auth: 'gameServer'`); then, in one transaction that locks the batch row,
 * every rule of the code and the batch, and the counting. Locking the batch (not just the code)
 * serialises the redemptions of one batch, which is what makes the per-player limit hold when
 * one player redeems two codes of a batch at once; on PGlite the single connection serialises
 * everything anyway, and the same code is right on both.
 */

type RedeemInput = z.output<(typeof giftCodesEndpoints)['giftCodes.redeem']['input']>;
type RedeemOutput = z.input<(typeof giftCodesEndpoints)['giftCodes.redeem']['output']>;

/**
 * The fields a game server signs, read from a call's validated input: the endpoint's own schema has
 * checked them, so a mismatch here is an endpoint naming this proof without carrying its fields.
 */
const signedCallSchema = z.object({
  game: gameIdSchema,
  serverId: z.string(),
  code: z.string(),
  playerId: z.string(),
  ts: z.number(),
  nonce: z.string(),
  sig: z.string(),
});
type SignedCall = z.output<typeof signedCallSchema>;

function gameServerKeyOf(ctx: HandlerContext, input: SignedCall): Buffer {
  const s = ctx.deps.secrets;
  if (!s.available) {
    throw problem(
      Codes.UNAVAILABLE,
      `This backend has no secrets key, so it has no game-server keys and cannot check a redemption. Set ` +
        `${SECRETS_KEY_ENV} (32 bytes: 64 hex digits or base64, e.g. from \`openssl rand -base64 32\`) in ` +
        "the backend's environment, restart it, and give each game's servers the key printed by " +
        '`npm run server -- game-server-key GAME`.',
      `此后端没有密钥（secrets key），因此没有游戏服务器密钥，无法校验兑换请求。请在后端的环境中设置 ${SECRETS_KEY_ENV}` +
        '（32 字节：64 位十六进制或 base64，例如 `openssl rand -base64 32` 的输出），重启后端，' +
        '并把 `npm run server -- game-server-key GAME` 打印的密钥配置到该游戏的服务器。',
    );
  }
  return gameServerKey(s.key, input.game);
}

/** Signature, clock and nonce: a request that fails any of them changes nothing. */
async function checkGameServer(ctx: HandlerContext, input: SignedCall): Promise<void> {
  const key = gameServerKeyOf(ctx, input);
  const message = {
    game: input.game,
    serverId: input.serverId,
    code: input.code,
    playerId: input.playerId,
    ts: input.ts,
    nonce: input.nonce,
  };
  if (!signatureMatches(key, message, input.sig)) {
    throw problem(
      Codes.UNAUTHENTICATED,
      "The game server's signature does not match: sign game, serverId, code (no dashes, upper case), " +
        "playerId, ts and nonce, one a line, with HMAC-SHA256 under this game's game-server key",
      '游戏服务器的签名不匹配：请用该游戏的游戏服务器密钥，以 HMAC-SHA256 对 game、serverId、code（无短横线，大写）、' +
        'playerId、ts、nonce（每项一行）签名',
    );
  }
  const off = input.ts - ctx.now.getTime();
  if (Math.abs(off) > GAME_SERVER_CLOCK_SKEW_MS) {
    const secs = Math.round(off / 1000);
    const limit = GAME_SERVER_CLOCK_SKEW_MS / 1000;
    throw problem(
      Codes.UNAUTHENTICATED,
      `The request's time (ts) is ${Math.abs(secs)} s ${secs < 0 ? 'behind' : 'ahead of'} the backend's clock; ` +
        `at most ${limit} s is accepted. Check the game server's clock, and send ts in milliseconds since 1970.`,
      `请求时间（ts）比后端时钟${secs < 0 ? '慢' : '快'} ${Math.abs(secs)} 秒；最多允许 ${limit} 秒。` +
        '请检查游戏服务器的时钟，ts 为自 1970 年起的毫秒数。',
    );
  }
  // Nonces whose time has left the window can go: a request that old is refused by its ts anyway.
  await ctx.db
    .deleteFrom('game_server_nonces')
    .where('ts', '<', new Date(ctx.now.getTime() - GAME_SERVER_CLOCK_SKEW_MS))
    .execute();
  const taken = await ctx.db
    .insertInto('game_server_nonces')
    .values({ game: input.game, nonce: input.nonce, ts: new Date(input.ts) })
    .onConflict((oc) => oc.columns(['game', 'nonce']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0n) === 0) {
    throw problem(
      Codes.CONFLICT,
      `The nonce ${input.nonce} was already used: a request is accepted once (a replay is refused); ` +
        'send each request with a new nonce',
      `随机数（nonce）${input.nonce} 已被使用：同一请求只接受一次（重放会被拒绝）；每个请求请使用新的 nonce`,
    );
  }
}

/** A game server proves itself by signing its call with its game's key (game-server-key.ts). */
export const gameServerAuthenticator: InputAuthenticator = {
  from: 'input',
  verify: async (input, ctx) => {
    try {
      await checkGameServer(ctx, signedCallSchema.parse(input));
    } catch (err) {
      ctx.deps.counters.redemption('unproven');
      throw err;
    }
  },
};

export async function redeem(kind: CodeKind, input: RedeemInput, ctx: HandlerContext): Promise<RedeemOutput> {
  const k = KIND_TEXT[kind];
  const counted = (outcome: RedemptionCount) => ctx.deps.counters.redemption(outcome);
  const { code: found } = await mustFindCode(ctx.db, input.game, kind, input.code).catch((err: unknown) => {
    counted('unknownCode');
    throw err;
  });
  const redeemed = await ctx.db.transaction().execute(async (trx) => {
    const batch = await trx
      .selectFrom('gift_code_batches')
      .selectAll()
      .where('id', '=', found.batch_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const code = await trx
      .selectFrom('gift_codes')
      .selectAll()
      .where('game', '=', found.game)
      .where('code', '=', found.code)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const state = codeStateAt(
      code,
      {
        enabled: batch.enabled,
        validFrom: batch.valid_from,
        validUntil: batch.valid_until,
        usesPerCode: batch.uses_per_code,
      },
      ctx.now,
    );
    const c = code.code;
    // Counted as it is decided: the transaction that a refusal ends has changed nothing.
    const refuse = (why: RedemptionCount, en: string, zh: string) => {
      counted(why);
      return problem(Codes.CONFLICT, en, zh);
    };
    switch (state) {
      case 'batchDisabled':
        throw refuse(
          state,
          `The ${k.en} ${c} cannot be redeemed: its batch "${batch.name}" is disabled`,
          `${k.zh} ${c} 无法兑换：所属批次“${batch.name}”已停用`,
        );
      case 'disabled':
        throw refuse(
          state,
          `The ${k.en} ${c} cannot be redeemed: it is disabled`,
          `${k.zh} ${c} 无法兑换：该码已停用`,
        );
      case 'notYetValid':
        throw refuse(
          state,
          `The ${k.en} ${c} is not valid yet: it can be redeemed from ${batch.valid_from.toISOString()}`,
          `${k.zh} ${c} 尚未生效：自 ${batch.valid_from.toISOString()} 起可兑换`,
        );
      case 'expired':
        throw refuse(
          state,
          `The ${k.en} ${c} has expired: it could be redeemed until ${batch.valid_until.toISOString()}`,
          `${k.zh} ${c} 已过期：兑换截止于 ${batch.valid_until.toISOString()}`,
        );
      case 'usedUp':
        throw refuse(
          state,
          `The ${k.en} ${c} is used up: all its ${batch.uses_per_code} use(s) are taken`,
          `${k.zh} ${c} 已用完：${batch.uses_per_code} 次使用均已用掉`,
        );
      case 'unused':
      case 'used':
        break;
    }
    const mine = await trx
      .selectFrom('gift_code_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch_id', '=', batch.id)
      .where('player_id', '=', input.playerId)
      .executeTakeFirstOrThrow();
    if (Number(mine.n) >= batch.uses_per_player) {
      throw refuse(
        'playerLimit',
        `Player ${input.playerId} has already redeemed ${k.en}s of "${batch.name}" ${Number(mine.n)} time(s), ` +
          `the most one player may (${batch.uses_per_player})`,
        `玩家 ${input.playerId} 已兑换“${batch.name}”的${k.zh} ${Number(mine.n)} 次，达到每位玩家的上限（${batch.uses_per_player}）`,
      );
    }
    const updated = await trx
      .updateTable('gift_codes')
      .set((eb) => ({
        uses: eb('uses', '+', 1),
        last_player_id: input.playerId,
        last_redeemed_at: ctx.now,
      }))
      .where('game', '=', code.game)
      .where('code', '=', code.code)
      .returning('uses')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('gift_code_batches')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('id', '=', batch.id)
      .execute();
    await trx
      .insertInto('gift_code_redemptions')
      .values({
        game: input.game,
        code: code.code,
        batch_id: batch.id,
        player_id: input.playerId,
        server_id: input.serverId,
        at: ctx.now,
      })
      .execute();
    return { code: c, batchId: batch.id, kind, grant: grantOf(batch), uses: updated.uses };
  });
  counted('redeemed');
  return redeemed;
}
