import type { Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { createPurchaseOrder } from './ledger/create.js';
import { deliverWhenFree } from './ledger/deliver.js';
import { resendOrder } from './ledger/operator.js';
import { applyPaymentRow, crashPointAfterPaid, startPaying } from './ledger/payment.js';
import { orderDetail, toOrder } from './ledger/read.js';
import { searchOrders } from './ledger/search.js';
import { isNoticeKeyConflict } from './ledger/steps.js';

/**
 * Orders' port for payments: what the payment service and the providers' notices (server/payments)
 * may do with an order, and nothing more. They open purchase orders, start and apply payments, and
 * read and resend orders through it; every step stays the ledger's (server/orders/ledger/), atomic
 * with its history event, so payments never write `orders` themselves.
 */
export interface OrdersLedger {
  /** One order with its history and notices; 40400 when there is none. */
  orderDetail: typeof orderDetail;
  /** A page of orders by the list's filters, with a capped count. */
  searchOrders: typeof searchOrders;
  /** The order as the console sees it, from its row. */
  toOrder: typeof toOrder;
  /** An order for a player's purchase of a recharge pack. */
  createPurchaseOrder: typeof createPurchaseOrder;
  /** created → paying with a provider; the same provider again changes nothing. */
  startPaying: typeof startPaying;
  /** A verified payment applied in one statement with its event (and the provider's notice). */
  applyPaymentRow: typeof applyPaymentRow;
  /** Whether a failed payment step failed because its notice was stored meanwhile (a duplicate). */
  isNoticeKeyConflict: typeof isNoticeKeyConflict;
  /** Delivers a paid order; to a game across the network only once the caller's transaction has committed. */
  deliverWhenFree: typeof deliverWhenFree;
  /** Delivers a paid or failed order again (resend); a delivered one is returned unchanged. */
  resendOrder: typeof resendOrder;
  /** The crash test's hook, called right after a payment's own commit (ledger/payment.ts). */
  crashPointAfterPaid: typeof crashPointAfterPaid;
}

export const ordersLedger: OrdersLedger = {
  orderDetail,
  searchOrders,
  toOrder,
  createPurchaseOrder,
  startPaying,
  applyPaymentRow,
  isNoticeKeyConflict,
  deliverWhenFree,
  resendOrder,
  crashPointAfterPaid,
};

/**
 * Each game's open delivery alerts (the landing page's brief info, server/overview): paid orders
 * whose delivery kept failing, so that an alert was raised, and which have not been delivered
 * since. Read by their own partial index (migration 0004_open_delivery_alerts).
 */
export async function openDeliveryAlerts(
  db: Kysely<Database>,
  games: readonly GameId[],
): Promise<Map<GameId, number>> {
  const out = new Map<GameId, number>(games.map((g) => [g, 0]));
  if (games.length === 0) return out;
  const rows = await db
    .selectFrom('orders')
    .where('game', 'in', games)
    .where('state', '=', 'deliveryFailed')
    .where('delivery_alerted_at', 'is not', null)
    .select((eb) => ['game', eb.fn.countAll<string | number>().as('n')])
    .groupBy('game')
    .execute();
  for (const r of rows) out.set(r.game as GameId, Number(r.n));
  return out;
}
