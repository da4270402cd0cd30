import type { Kysely, Selectable } from 'kysely';
import {
  PAYMENT_STATUS_STATES,
  PAYMENT_STATUSES,
  type Approval,
  type NoticeOutcome,
  type Order,
  type OrderDetail,
  type OrderEvent,
  type OrderGrant,
  type OrderKind,
  type OrderState,
  type PaymentNotice,
  type PaymentStatus,
  type Provider,
} from '../../../shared/api/orders.js';
import { Codes, type Language } from '../../../shared/codes.js';
import { GAMES, type GameId } from '../../../shared/games.js';
import type { Database } from '../../db/schema.js';
import type { OrdersTable } from '../tables.js';
import { problem, type Texts } from '../../http/problem.js';
import type { DatabaseKind } from '../../db/open.js';
import type { OrderFacts } from '../transitions.js';

/** Reading orders: the row as the console sees it (toOrder), one order with its history and notices. */

export type OrderRow = Selectable<OrdersTable>;

/** What the ledger needs of a call: its database (a transaction in an audited call) and the root handle. */
export interface LedgerCtx {
  db: Kysely<Database>;
  deps: { db: Kysely<Database>; kind: DatabaseKind };
  lang: Language;
  /** Inside an audited call: runs a job once its transaction has committed (HandlerContext). */
  afterCommit?: ((job: () => Promise<void>) => void) | undefined;
}

export function paymentStatusOf(state: OrderState): PaymentStatus {
  for (const s of PAYMENT_STATUSES) if (PAYMENT_STATUS_STATES[s].includes(state)) return s;
  return 'Pending';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

function errorText(stored: string | null, lang: Language): string | null {
  if (!stored) return null;
  try {
    const t = JSON.parse(stored) as Partial<Texts>;
    return t[lang] ?? t.en ?? stored;
  } catch {
    return stored;
  }
}

export function toOrder(row: OrderRow, lang: Language = 'en'): Order {
  const state = row.state as OrderState;
  return {
    orderId: row.order_id,
    game: row.game as GameId,
    playerId: row.player_id,
    playerName: row.player_name,
    kind: row.kind,
    grant: parseJson(row.grant) as OrderGrant,
    grantLabel: row.grant_label,
    amount: Number(row.amount),
    currency: row.currency,
    state,
    paymentStatus: paymentStatusOf(state),
    provider: (row.provider as Provider | null) ?? null,
    providerRef: row.provider_ref,
    approval: row.approval as Approval,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    paidAt: iso(row.paid_at),
    deliveredAt: iso(row.delivered_at),
    deliveryError: state === 'deliveryFailed' ? errorText(row.delivery_error, lang) : null,
    deliveryAttempts: row.delivery_attempts,
    nextDeliveryAt: state === 'paid' || state === 'deliveryFailed' ? iso(row.next_delivery_at) : null,
    deliveryAlertedAt: iso(row.delivery_alerted_at),
  };
}

export const factsOf = (row: OrderRow): OrderFacts => ({
  orderId: row.order_id,
  state: row.state as OrderState,
  kind: row.kind as OrderKind,
  approval: row.approval as Approval,
  createdBy: row.created_by,
});

function notFound(orderId: string, game?: GameId) {
  return game
    ? problem(
        Codes.NOT_FOUND,
        `${GAMES[game].names.en} has no order ${orderId}; check the id (GO + game letter + date + 10 characters)`,
        `${GAMES[game].names['zh-CN']}没有订单 ${orderId}；请检查订单号（GO + 游戏字母 + 日期 + 10 位字符）`,
      )
    : problem(
        Codes.NOT_FOUND,
        `There is no order ${orderId}; check the id (GO + game letter + date + 10 characters)`,
        `没有订单 ${orderId}；请检查订单号（GO + 游戏字母 + 日期 + 10 位字符）`,
      );
}

async function findRow(db: Kysely<Database>, orderId: string, lock = false): Promise<OrderRow | undefined> {
  let q = db.selectFrom('orders').selectAll().where('order_id', '=', orderId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function mustFindRow(
  db: Kysely<Database>,
  orderId: string,
  game?: GameId,
  lock = false,
): Promise<OrderRow> {
  const row = await findRow(db, orderId, lock);
  if (!row || (game && row.game !== game)) throw notFound(orderId, game);
  return row;
}

/** One order with its history and notices; 40400 when it is not there (or not in `game`). */
export async function orderDetail(
  db: Kysely<Database>,
  orderId: string,
  lang: Language,
  game?: GameId,
): Promise<OrderDetail> {
  return detailOf(db, await mustFindRow(db, orderId, game), lang);
}

export async function detailOf(db: Kysely<Database>, row: OrderRow, lang: Language): Promise<OrderDetail> {
  const [events, notices] = await Promise.all([
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', row.order_id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_notices')
      .select(['id', 'provider', 'order_id', 'provider_ref', 'received_at', 'outcome', 'detail', 'resent'])
      .where('order_id', '=', row.order_id)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...toOrder(row, lang),
    reason: row.reason,
    approvedBy: row.approved_by,
    history: events.map((e): OrderEvent => ({
      at: e.at.toISOString(),
      from: (e.from_state as OrderState | null) ?? null,
      to: e.to_state as OrderState,
      by: e.by,
      action: e.action,
      reason: e.reason,
      detail: e.detail,
    })),
    notices: notices.map((n): PaymentNotice => ({
      id: n.id,
      provider: n.provider as Provider,
      orderId: n.order_id,
      providerRef: n.provider_ref,
      receivedAt: n.received_at.toISOString(),
      outcome: n.outcome as NoticeOutcome,
      detail: n.detail,
      resent: n.resent,
    })),
  };
}
