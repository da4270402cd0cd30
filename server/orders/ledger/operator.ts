import type { Kysely } from 'kysely';
import type { OrderDetail } from '../../../shared/api/orders.js';
import type { GameId } from '../../../shared/games.js';
import type { Database } from '../../db/schema.js';
import { moneyText } from '../../players/themes/theme.js';
import { leaseUntil } from '../backoff.js';
import { deliverAndDetail } from './deliver.js';
import { type LedgerCtx, type OrderRow, detailOf, mustFindRow } from './read.js';
import { decideOrThrow, inTransaction, moveLockedOrder } from './steps.js';

/** An operator's steps on an order: resend, refund, cancel, approve, reject. */

interface OperatorStep {
  orderId: string;
  game?: GameId | undefined;
  by: string;
  reason: string;
  now: Date;
}

/** Delivers a paid or failed order again (resend); a delivered one is returned unchanged. */
export async function resendOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await mustFindRow(ctx.db, a.orderId, a.game);
  return deliverAndDetail(ctx, row, a.by, a.now, { action: 'resend', reason: a.reason });
}

/** A state change made by an operator, checked by the table, with its event. */
async function operatorStep(
  ctx: LedgerCtx,
  a: OperatorStep,
  action: 'refund' | 'cancel' | 'approve' | 'reject',
  detail: (row: OrderRow, trx: Kysely<Database>) => string | Promise<string>,
): Promise<OrderRow> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await mustFindRow(trx, a.orderId, a.game, true);
    const to = decideOrThrow(row, action, a.by);
    if (to === null) return row;
    // Before the order changes: a step outside it (the provider's refund) may still refuse.
    const text = await detail(row, trx);
    const approval =
      action === 'approve'
        ? { approval: 'approved', approved_by: a.by }
        : action === 'reject'
          ? { approval: 'rejected', approved_by: a.by }
          : {};
    const set = {
      state: to,
      updated_at: a.now,
      ...approval,
      ...(to === 'paid' ? { paid_at: a.now } : {}),
      // Paid: the job delivers it if the delivery after this does not; any other step leaves the queue.
      next_delivery_at: to === 'paid' ? leaseUntil(a.now) : null,
    };
    return moveLockedOrder(trx, row, set, {
      at: a.now,
      to,
      by: a.by,
      action,
      reason: a.reason,
      detail: text,
    });
  });
}

/**
 * The provider's refund of a paid order (server/payments/refunds.ts), given by the caller so the
 * ledger does not depend on the payment modules. It runs in the order's transaction, after the
 * state check and before any change, and answers the provider's refund reference, or throws
 * (a live provider: 50300) and the order is left as it was.
 */
export type ProviderRefund = (
  row: OrderRow & { provider: string },
  trx: Kysely<Database>,
) => Promise<{ refundRef: string; status: string }>;

/**
 * Refunds a paid, delivered or failed order. A purchase is refunded through its provider first
 * (the event names the provider, the payment and the provider's refund reference); a manual
 * order is written back. A delivered grant stays with the player (games take back nothing),
 * which the event says so support knows.
 */
export async function refundOrder(
  ctx: LedgerCtx,
  a: OperatorStep,
  providerRefund?: ProviderRefund,
): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'refund', async (r, trx) => {
    const money = moneyText(Number(r.amount), r.currency);
    let what = `${money} written back (manual order)`;
    if (r.provider) {
      if (!providerRefund) throw new Error(`refundOrder: no provider refund step for ${r.provider}`);
      const done = await providerRefund({ ...r, provider: r.provider }, trx);
      what = `${money} refunded through ${r.provider} (payment ${r.provider_ref ?? ''}; refund ${done.refundRef}, ${done.status})`;
    }
    return [
      what,
      r.state === 'delivered' ? 'the grant already delivered stays with the player' : 'nothing was delivered',
    ].join('; ');
  });
  return detailOf(ctx.db, row, ctx.lang);
}

export async function cancelOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'cancel', (r) =>
    r.provider ? `checkout with ${r.provider} abandoned` : 'not paid',
  );
  return detailOf(ctx.db, row, ctx.lang);
}

/** Approves a manual order waiting for it (not its creator's): paid, then delivered. */
export async function approveOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(
    ctx,
    a,
    'approve',
    (r) => `approved by ${a.by} (created by ${r.created_by})`,
  );
  if (row.state !== 'paid') return detailOf(ctx.db, row, ctx.lang);
  return deliverAndDetail(ctx, row, a.by, a.now);
}

export async function rejectOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'reject', (r) => `rejected by ${a.by} (created by ${r.created_by})`);
  return detailOf(ctx.db, row, ctx.lang);
}
