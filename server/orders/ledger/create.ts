import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Approval, OrderDetail, OrderGrant, OrderKind } from '../../../shared/api/orders.js';
import { Codes, type Language } from '../../../shared/codes.js';
import { GAMES, type GameId } from '../../../shared/games.js';
import { jsonValue, type Database } from '../../db/schema.js';
import { problem } from '../../http/problem.js';
import { THEMES } from '../../players/themes/index.js';
import { moneyText } from '../../players/themes/theme.js';
import { leaseUntil } from '../backoff.js';
import { deliverAndDetail } from './deliver.js';
import { type LedgerCtx, type OrderRow, detailOf, parseJson } from './read.js';
import { orderSettings } from './settings.js';
import { addEvent, inTransaction } from './steps.js';

/** New orders: a purchase (payment service) or a manual grant (an operator), with their ids, players and prices. */

const ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "GO" + the game's letter + yyyymmdd (UTC) + 10 random characters. */
export function newOrderId(game: GameId, now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 10; i++) tail += ID_CHARS[randomInt(ID_CHARS.length)];
  return `GO${game[0]?.toUpperCase() ?? 'X'}${day}${tail}`;
}

async function playerOf(db: Kysely<Database>, game: GameId, playerId: string): Promise<{ name: string }> {
  const p = await db
    .selectFrom('players')
    .select(['name', 'state'])
    .where('game', '=', game)
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!p)
    throw problem(
      Codes.NOT_FOUND,
      `${GAMES[game].names.en} has no player ${playerId}; check the id`,
      `${GAMES[game].names['zh-CN']}没有玩家 ${playerId}；请检查玩家 ID`,
    );
  if (p.state === 'deleted')
    throw problem(
      Codes.CONFLICT,
      `Player ${playerId} was deleted; an order cannot be made for them`,
      `玩家 ${playerId} 已被删除，不能为其创建订单`,
    );
  return { name: p.name };
}

/** The recharge pack, or 40400 naming the game's packs. */
function rechargePack(game: GameId, productId: number) {
  const theme = THEMES[game];
  const pack = theme.recharge.find((p) => p.id === productId);
  if (pack) return pack;
  const ids = theme.recharge.map((p) => p.id).join(', ');
  throw problem(
    Codes.NOT_FOUND,
    `${GAMES[game].names.en} has no recharge pack ${productId}; its packs are ${ids}`,
    `${GAMES[game].names['zh-CN']}没有充值档位 ${productId}；可选档位为 ${ids}`,
  );
}

/** What a grant is called in the game's catalogue, and what it costs (a pack has its own price). */
export function grantLabelOf(
  game: GameId,
  grant: OrderGrant,
  amount: number,
): { label: string; amount: number } {
  const theme = THEMES[game];
  switch (grant.kind) {
    case 'recharge': {
      const pack = rechargePack(game, grant.productId);
      return { label: pack.name, amount: pack.price };
    }
    case 'amount':
      return { label: moneyText(amount, theme.currency), amount };
    case 'items': {
      const names = grant.rewards.map((r) => {
        const item = theme.items.find((i) => i.id === r.itemId);
        if (!item)
          throw problem(
            Codes.VALIDATION,
            `${GAMES[game].names.en} has no item ${r.itemId}; pick items from the game's catalogue`,
            `${GAMES[game].names['zh-CN']}没有物品 ${r.itemId}；请从游戏物品目录中选择`,
          );
        return `${item.name} ×${r.count}`;
      });
      return { label: names.join(', '), amount };
    }
  }
}

interface NewOrder {
  game: GameId;
  playerId: string;
  kind: OrderKind;
  grant: OrderGrant;
  amount: number;
  requestId: string | null;
  reason: string;
  by: string;
  now: Date;
  approval: Approval;
}

/**
 * Inserts a created order with its first event, or returns the one this operator already made
 * with this request id (a double submit). `same` says whether it was there already.
 */
async function insertOrder(db: Kysely<Database>, o: NewOrder): Promise<{ row: OrderRow; same: boolean }> {
  if (o.requestId) {
    const earlier = await db
      .selectFrom('orders')
      .selectAll()
      .where('created_by', '=', o.by)
      .where('request_id', '=', o.requestId)
      .executeTakeFirst();
    if (earlier) return { row: sameRequest(earlier, o), same: true };
  }
  const player = await playerOf(db, o.game, o.playerId);
  const { label, amount } = grantLabelOf(o.game, o.grant, o.amount);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        order_id: newOrderId(o.game, o.now),
        game: o.game,
        player_id: o.playerId,
        player_name: player.name,
        kind: o.kind,
        grant: jsonValue(o.grant) ?? '{}',
        grant_label: label,
        amount,
        currency: THEMES[o.game].currency,
        state: 'created',
        approval: o.approval,
        request_id: o.requestId,
        reason: o.reason,
        created_by: o.by,
        created_at: o.now,
        updated_at: o.now,
      })
      .onConflict((oc) =>
        oc.columns(['created_by', 'request_id']).where('request_id', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // A concurrent double submit won the race: answer with its order.
      const earlier = await trx
        .selectFrom('orders')
        .selectAll()
        .where('created_by', '=', o.by)
        .where('request_id', '=', o.requestId)
        .executeTakeFirstOrThrow();
      return { row: sameRequest(earlier, o), same: true };
    }
    await addEvent(trx, {
      orderId: row.order_id,
      at: o.now,
      from: null,
      to: 'created',
      by: o.by,
      action: 'create',
      reason: o.reason,
      detail: `${o.kind === 'manual' ? 'manual order' : 'purchase'}: ${label}, ${moneyText(amount, row.currency)}`,
    });
    return { row, same: false };
  });
}

/** A request id used again must be for the same order; otherwise it is a mistake worth saying. */
function sameRequest(row: OrderRow, o: NewOrder): OrderRow {
  if (
    row.game === o.game &&
    row.player_id === o.playerId &&
    JSON.stringify(parseJson(row.grant)) === JSON.stringify(o.grant)
  )
    return row;
  throw problem(
    Codes.CONFLICT,
    `Request id ${o.requestId ?? ''} already made order ${row.order_id} (player ${row.player_id}); a new order needs a new request id`,
    `请求 ID ${o.requestId ?? ''} 已用于订单 ${row.order_id}（玩家 ${row.player_id}）；新订单需要新的请求 ID`,
  );
}

/** A player's purchase of a recharge pack (pay.order): created, priced from the game's catalogue. */
export async function createPurchaseOrder(
  db: Kysely<Database>,
  a: { game: GameId; playerId: string; productId: number; requestId: string; by: string; now: Date },
  lang: Language = 'en',
): Promise<OrderDetail> {
  const { row } = await insertOrder(db, {
    game: a.game,
    playerId: a.playerId,
    kind: 'purchase',
    grant: { kind: 'recharge', productId: a.productId },
    amount: 0,
    requestId: a.requestId,
    reason: '',
    by: a.by,
    now: a.now,
    approval: 'notNeeded',
  });
  return detailOf(db, row, lang);
}

/**
 * An operator's manual order. At or above the game's threshold it waits for another ADMIN;
 * below, it is paid at once (no approval needed) and delivered. A repeated request id answers
 * with the order it made.
 */
export async function createManualOrder(
  ctx: LedgerCtx,
  a: {
    game: GameId;
    playerId: string;
    grant: OrderGrant;
    amount: number;
    requestId: string;
    reason: string;
    by: string;
    now: Date;
  },
): Promise<OrderDetail> {
  const settings = await orderSettings(ctx.db, a.game, a.now);
  const { amount } = grantLabelOf(a.game, a.grant, a.amount);
  const needsApproval = amount >= settings.approvalThreshold;
  const { row, same } = await insertOrder(ctx.db, {
    ...a,
    kind: 'manual',
    approval: needsApproval ? 'pending' : 'notNeeded',
  });
  if (same || needsApproval) return detailOf(ctx.db, row, ctx.lang);
  const paid = await inTransaction(ctx.db, async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({ state: 'paid', paid_at: a.now, updated_at: a.now, next_delivery_at: leaseUntil(a.now) })
      .where('order_id', '=', row.order_id)
      .where('state', '=', 'created')
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      orderId: row.order_id,
      at: a.now,
      from: 'created',
      to: 'paid',
      by: a.by,
      action: 'approve',
      reason: a.reason,
      detail: `below the approval threshold of ${moneyText(settings.approvalThreshold, settings.currency)}: no second approval needed`,
    });
    return updated;
  });
  return deliverAndDetail(ctx, paid, a.by, a.now);
}
