import { sql } from 'kysely';
import type { BulkAction, OrderDetail, OrderState, ordersEndpoints } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import type { GameId } from '../../shared/games.js';
import { completeAuditAfter, recordAudit } from '../audit/record.js';
import { gameOf, auditedResult, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { messageOf, problem } from '../http/problem.js';
import { refundWithProvider } from '../payments/refunds.js';
import { createManualOrder } from './ledger/create.js';
import { approveOrder, cancelOrder, refundOrder, rejectOrder, resendOrder } from './ledger/operator.js';
import { orderDetail, toOrder } from './ledger/read.js';
import { searchOrders } from './ledger/search.js';
import { orderSettings, saveOrderSettings } from './ledger/settings.js';

type Endpoints = typeof ordersEndpoints;

/** The order as it was, for the audit entry (without its history: the entry is one step of it). */
async function auditBefore(ctx: HandlerContext, orderId: string): Promise<void> {
  ctx.audit.target = orderId;
  const row = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  ctx.audit.before = row ? toOrder(row) : null;
}

type Step = (
  ctx: HandlerContext,
  a: { orderId: string; game: GameId; by: string; reason: string; now: Date },
) => Promise<OrderDetail>;

/** A refund asks the order's provider first (sandbox: recorded; live: refused, nothing changes). */
const refundStep: Step = (ctx, a) =>
  refundOrder(ctx, a, (row, trx) =>
    refundWithProvider(row, {
      db: trx,
      deps: ctx.deps,
      by: a.by,
      reason: a.reason,
      now: a.now,
      log: (m) => ctx.log.warn(m),
    }),
  );

const STEPS: Record<BulkAction, Step> = {
  resend: resendOrder,
  refund: refundStep,
  cancel: cancelOrder,
  approve: approveOrder,
  reject: rejectOrder,
};

/** One operator step on one order, as its own endpoint (approve, reject, resend, refund, cancel). */
function stepHandler(action: BulkAction) {
  return async (input: { orderId: string; reason: string }, ctx: HandlerContext): Promise<OrderDetail> => {
    const game = gameOf(ctx);
    await auditBefore(ctx, input.orderId);
    const by = signedInOf(ctx).operator.name;
    const out = await STEPS[action](ctx, {
      orderId: input.orderId,
      game,
      by,
      reason: input.reason,
      now: ctx.now,
    });
    return auditedResult(ctx, out);
  };
}

export const ordersHandlers: HandlerMap<Endpoints> = {
  'orders.search': (input, ctx) => searchOrders(ctx.db, { ...input, game: gameOf(ctx) }, ctx.lang),

  'orders.get': (input, ctx) => orderDetail(ctx.db, input.orderId, ctx.lang, gameOf(ctx)),

  'orders.create': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = input.playerId;
    ctx.audit.before = null;
    const out = await createManualOrder(ctx, {
      game,
      playerId: input.playerId,
      grant: input.grant,
      amount: input.amount,
      requestId: input.requestId,
      reason: input.reason,
      by: signedInOf(ctx).operator.name,
      now: ctx.now,
    });
    // The target stays the player (the order id is in `after`): what an operator searches the log by.
    return auditedResult(ctx, out);
  },

  'orders.approve': stepHandler('approve'),
  'orders.reject': stepHandler('reject'),
  'orders.resend': stepHandler('resend'),
  'orders.refund': stepHandler('refund'),
  'orders.cancel': stepHandler('cancel'),

  /**
   * Each row in its own savepoint inside the call's transaction: a refused row is rolled back on
   * its own and reported, the others commit with the call. Each order also gets its own audit
   * entry (action `orders.<action>`), beside the call's entry whose `after` lists every row.
   */
  'orders.bulk': async (input, ctx) => {
    const game = gameOf(ctx);
    const auth = signedInOf(ctx);
    const by = auth.operator.name;
    ctx.audit.target = `${input.action} × ${input.orderIds.length}`;
    ctx.audit.before = null;
    const results: {
      orderId: string;
      ok: boolean;
      code: number;
      message: string;
      state: OrderState | null;
    }[] = [];
    for (const orderId of [...new Set(input.orderIds)]) {
      await sql`savepoint order_row`.execute(ctx.db);
      const before = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      let entry: { outcome: 'ok' | 'error'; code: number; after: unknown };
      let later: ((auditId: number) => Promise<void>) | undefined;
      try {
        const out = await STEPS[input.action](ctx, { orderId, game, by, reason: input.reason, now: ctx.now });
        await sql`release savepoint order_row`.execute(ctx.db);
        // A resend the game did not acknowledge is kept (its attempt and error are recorded) but reported.
        const resultOf = () => {
          const undelivered = input.action === 'resend' && out.state === 'deliveryFailed';
          return {
            orderId,
            ok: !undelivered,
            code: undelivered ? Codes.UNAVAILABLE : Codes.OK,
            message: undelivered ? (out.deliveryError ?? '') : '',
            state: out.state,
          };
        };
        const result = resultOf();
        results.push(result);
        // A delivery that runs after the commit brings `out` up to date (ledger deliverWhenFree,
        // queued before this): the row's result and its entry follow it.
        later = async (auditId) => {
          Object.assign(result, resultOf());
          await completeAuditAfter(ctx.deps.db, auditId, toOrderOf(out));
        };
        entry = { outcome: 'ok', code: Codes.OK, after: toOrderOf(out) };
      } catch (err) {
        await sql`rollback to savepoint order_row`.execute(ctx.db);
        if (!(err instanceof ApiError)) throw err;
        results.push({
          orderId,
          ok: false,
          code: err.code,
          message: messageOf(err, ctx.lang),
          state: before && before.game === game ? (before.state as OrderState) : null,
        });
        entry = { outcome: 'error', code: err.code, after: null };
      }
      const auditId = await recordAudit(ctx.db, {
        at: ctx.now,
        operatorId: auth.operator.id,
        operator: by,
        action: `orders.${input.action}`,
        game,
        target: orderId,
        reason: input.reason,
        outcome: entry.outcome,
        code: entry.code,
        before: before && before.game === game ? toOrder(before) : null,
        after: entry.after,
        clientIp: ctx.ip,
      });
      const step = later;
      if (step && ctx.afterCommit) ctx.afterCommit(() => step(auditId));
    }
    return auditedResult(ctx, { results });
  },

  'orders.settings': (_input, ctx) => orderSettings(ctx.db, gameOf(ctx), ctx.now),

  'orders.saveSettings': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = game;
    ctx.audit.before = await orderSettings(ctx.db, game, ctx.now);
    if (input.approvalThreshold === (ctx.audit.before as { approvalThreshold: number }).approvalThreshold)
      throw problem(
        Codes.CONFLICT,
        `The approval threshold is ${input.approvalThreshold} already; nothing to change`,
        `审批阈值已经是 ${input.approvalThreshold}，无需修改`,
      );
    const out = await saveOrderSettings(
      ctx.db,
      game,
      input.approvalThreshold,
      signedInOf(ctx).operator.name,
      ctx.now,
    );
    return auditedResult(ctx, out);
  },
};

/** An order detail without history and notices (what an audit entry keeps). */
function toOrderOf(d: OrderDetail): Omit<OrderDetail, 'history' | 'notices'> {
  const { history: _h, notices: _n, ...order } = d;
  return order;
}
