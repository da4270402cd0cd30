import { sql } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { TestingPlayer, TestingRecharge, moderationEndpoints } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { countAll, listPage } from '../db/paging.js';
import type { TestingRechargesTable } from './tables.js';
import { gameOf, auditedResult, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { iso, mustExist, operatorName, playerIdOrNameContains, type WithPlayerName } from './scope.js';

/**
 * Testing players (ymmj, lw, party): accounts whose recharges are test money, listed with their
 * recharge counts and totals, their recharge records, and the refund of one record.
 */

type TestingEndpoints = Pick<
  typeof moderationEndpoints,
  'testingPlayers.list' | 'testingPlayers.recharges' | 'testingPlayers.refund'
>;

type RechargeRow = WithPlayerName<TestingRechargesTable>;

const RECHARGE = { en: 'testing recharge', zh: '测试充值记录' };

function toRecharge(row: RechargeRow): TestingRecharge {
  return {
    id: row.id,
    playerId: row.player_id,
    playerName: row.player_name,
    orderId: row.order_id,
    product: row.product,
    amount: row.amount,
    currency: row.currency,
    at: iso(row.at),
    status: row.status,
    refundedAt: iso(row.refunded_at),
    refundedBy: row.refunded_by,
    refundReason: row.refund_reason,
  };
}

function rechargesOf(ctx: HandlerContext, game: GameId) {
  return ctx.db.selectFrom('testing_recharges as r').where('r.game', '=', game);
}

/** The records' columns with the player's name (null when the player is gone). */
function withPlayerName(q: ReturnType<typeof rechargesOf>) {
  return q
    .leftJoin('players as p', (join) => join.onRef('p.game', '=', 'r.game').onRef('p.id', '=', 'r.player_id'))
    .selectAll('r')
    .select('p.name as player_name');
}

interface Totals {
  recharges: number;
  paidTotal: number;
  refundedTotal: number;
}

/**
 * Counts and sums for one page of testing players (not the whole list: the index on
 * (game, player_id) makes this a handful of lookups). paidTotal sums the records still paid,
 * refundedTotal those refunded, so a refund moves its amount from one to the other.
 */
async function totalsOf(
  ctx: HandlerContext,
  game: GameId,
  playerIds: string[],
): Promise<Map<string, Totals>> {
  const out = new Map<string, Totals>();
  if (playerIds.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('testing_recharges')
    .select([
      'player_id',
      countAll.as('recharges'),
      sql<number>`coalesce(sum(amount) filter (where status = 'paid'), 0)::int`.as('paid'),
      sql<number>`coalesce(sum(amount) filter (where status = 'refunded'), 0)::int`.as('refunded'),
    ])
    .where('game', '=', game)
    .where('player_id', 'in', playerIds)
    .groupBy('player_id')
    .execute();
  for (const r of rows) {
    out.set(r.player_id, { recharges: r.recharges, paidTotal: r.paid, refundedTotal: r.refunded });
  }
  return out;
}

export const testingHandlers: HandlerMap<TestingEndpoints> = {
  'testingPlayers.list': async (input, ctx) => {
    const game = gameOf(ctx);
    let q = ctx.db.selectFrom('testing_players as t').where('t.game', '=', game);
    if (input.q) q = q.where(playerIdOrNameContains(input.q, 't'));
    const ordered = q
      .leftJoin('players as p', (join) =>
        join.onRef('p.game', '=', 't.game').onRef('p.id', '=', 't.player_id'),
      )
      .select(['t.player_id', 't.note', 't.added_at', 'p.name as player_name'])
      .orderBy('t.added_at', 'desc')
      .orderBy('t.player_id', 'desc');
    const page = await listPage(q, ordered, input, (r) => r);
    const totals = await totalsOf(
      ctx,
      game,
      page.items.map((r) => r.player_id),
    );
    const items: TestingPlayer[] = page.items.map((r) => ({
      playerId: r.player_id,
      playerName: r.player_name,
      note: r.note,
      addedAt: iso(r.added_at),
      ...(totals.get(r.player_id) ?? { recharges: 0, paidTotal: 0, refundedTotal: 0 }),
    }));
    return { ...page, items };
  },

  'testingPlayers.recharges': async (input, ctx) => {
    const game = gameOf(ctx);
    let q = rechargesOf(ctx, game);
    if (input.playerId !== undefined) q = q.where('r.player_id', '=', input.playerId);
    if (input.status) q = q.where('r.status', '=', input.status);
    const ordered = withPlayerName(q).orderBy('r.at', 'desc').orderBy('r.id', 'desc');
    return listPage(q, ordered, input, toRecharge);
  },

  'testingPlayers.refund': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `recharge:${input.rechargeId}`;
    const found = await withPlayerName(rechargesOf(ctx, game))
      .where('r.id', '=', input.rechargeId)
      .forUpdate('r')
      .executeTakeFirst();
    const row = mustExist(found, RECHARGE, input.rechargeId, game);
    ctx.audit.target = row.player_id;
    const before = toRecharge(row);
    ctx.audit.before = before;
    if (row.status === 'refunded') {
      const at = row.refunded_at ? row.refunded_at.toISOString() : '?';
      throw problem(
        Codes.CONFLICT,
        `Recharge ${row.id} (order ${row.order_id}) was already refunded by ${row.refunded_by ?? '?'} at ${at}`,
        `充值记录 ${row.id}（订单 ${row.order_id}）已于 ${at} 由 ${row.refunded_by ?? '?'} 退款`,
      );
    }
    const updated = await ctx.db
      .updateTable('testing_recharges')
      .set({
        status: 'refunded',
        refunded_at: ctx.now,
        refunded_by: operatorName(ctx),
        refund_reason: input.reason,
      })
      .where('id', '=', row.id)
      .where('game', '=', game)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditedResult(ctx, toRecharge({ ...updated, player_name: row.player_name }));
  },
};
