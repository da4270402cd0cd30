import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import { ORDER_KINDS, ORDER_STATES, type OrderState } from '../../../shared/api/orders.js';
import type { Database } from '../../db/schema.js';
import type { OrdersTable, PaymentNoticesTable } from '../tables.js';
import { problem } from '../../http/problem.js';
import { decide, type OrderAction } from '../transitions.js';
import { type OrderRow, factsOf } from './read.js';

/**
 * The order ledger (this folder): every change of an order, each atomic with its history event
 * (one transaction, or one statement: moveOrder), through the transition table (transitions.ts).
 * Its parts: reading (read.ts, search.ts), settings, new orders (create.ts), payments
 * (payment.ts), deliveries (deliver.ts), operators' steps (operator.ts), and here the steps they
 * are all made of. server/orders' handlers call the parts; server/payments goes through the
 * narrow port ../port.ts; nothing else writes `orders`.
 *
 * Delivery is not part of a payment: `applyPayment` commits paid, then `deliverOrder` asks the
 * game (delivery.ts), which keys the grant by order id. A crash in between leaves the order paid
 * and undelivered, visible as such (the "unhandled" tab); every step that leaves an order paid
 * and undelivered also says when the delivery job tries again (`next_delivery_at`, backoff.ts),
 * so the job (redelivery.ts) delivers it after the crash. A crash after the game granted but
 * before `delivered` was written costs nothing either: the next try is answered "already
 * delivered".
 */

/** Runs `fn` in a transaction, or in the caller's when `db` already is one. */
export async function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

interface EventInput {
  orderId: string;
  at: Date;
  from: OrderState | null;
  to: OrderState;
  by: string;
  action: string;
  reason?: string;
  detail?: string;
}

export async function addEvent(db: Kysely<Database>, e: EventInput): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: e.orderId,
      at: e.at,
      from_state: e.from,
      to_state: e.to,
      by: e.by,
      action: e.action,
      reason: e.reason ?? '',
      detail: e.detail ?? '',
    })
    .execute();
}

/**
 * One step of an order its caller holds locked (inside its transaction): the columns, and the
 * step's event from the state it was in. Returns the order as it is afterwards.
 */
export async function moveLockedOrder(
  trx: Kysely<Database>,
  row: OrderRow,
  set: Updateable<OrdersTable>,
  e: Omit<EventInput, 'orderId' | 'from'>,
): Promise<OrderRow> {
  const updated = await trx
    .updateTable('orders')
    .set(set)
    .where('order_id', '=', row.order_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await addEvent(trx, { orderId: row.order_id, from: row.state as OrderState, ...e });
  return updated;
}

/** Columns a step sets: values, or SQL computed from the row (an attempt counter). */
export type StepSet = { [K in keyof OrderRow]?: OrderRow[K] | RawBuilder<unknown> };

/** A payment notice written with the payment it applies (server/payments), in the same statement. */
export type NoticeValues = Insertable<PaymentNoticesTable>;

/**
 * One step of an order as ONE statement: the update, guarded by the state the step was decided
 * on, and its history event (and, for a payment, its notice) as data-modifying CTEs of it. One
 * statement is atomic on its own, so the step needs no transaction: one round trip instead of
 * begin, lock, update, insert, commit (five, and on the embedded database's single connection,
 * five turns of holding it). The guard stands in for the row lock: when another writer moved the
 * order first, nothing is written and the caller reads the order again and decides anew.
 * A notice whose key was stored meanwhile makes the whole statement fail (unique violation), the
 * payment with it: see isNoticeKeyConflict.
 */
export async function moveOrder(
  db: Kysely<Database>,
  from: OrderRow,
  ...step: StepArgs
): Promise<{ row: OrderRow; noticeId: number | null } | undefined> {
  const r = await stepStatement(db, from, ...step);
  return r.row ? { row: r.row, noticeId: r.noticeId } : undefined;
}

/**
 * An order a payment notice can pay without reading it first: in a state and of a kind the
 * transition table lets a notice pay, of this amount and currency, and (with a key) not paid by
 * this notice before.
 */
interface PayableOrder {
  orderId: string;
  amount: number;
  currency: string;
  noticeKey: string | null;
}

/** The (state, kind) pairs a payment notice moves to paid, from the transition table. */
const NOTICE_PAYS = ORDER_STATES.flatMap((state) =>
  ORDER_KINDS.filter(
    (kind) =>
      decide({ orderId: '', state, kind, approval: 'notNeeded', createdBy: '' }, 'notice', '').kind ===
      'move',
  ).map((kind) => [state, kind] as const),
);

/** What a step writes: the columns, its event, and the notice or grant written with it. */
type StepArgs = [
  set: StepSet,
  e: Omit<EventInput, 'orderId' | 'from'>,
  notice?: NoticeValues,
  grant?: StepGrant,
];

export async function stepStatement(
  db: Kysely<Database>,
  from: OrderRow | PayableOrder,
  ...[set, e, notice, grant]: StepArgs
): Promise<{ row: OrderRow | null; noticeId: number | null; seenNotice: number | null }> {
  const assignments = Object.entries(set).map(([col, v]) => sql`${sql.id(col)} = ${v}`);
  const payable = 'noticeKey' in from ? from : null;
  const orderId = payable ? payable.orderId : (from as OrderRow).order_id;
  // A payable order's state is read in the statement (p) for its event; the update's guard
  // still compares it, so a writer that moved the order meanwhile makes this write nothing.
  const fromState = payable ? sql`(select state from p)` : sql`cast(${(from as OrderRow).state} as text)`;
  const guard = payable
    ? sql`state = (select state from p)
        and (state, kind) in (${sql.join(NOTICE_PAYS.map(([st, k]) => sql`(${st}, ${k})`))})
        and amount = ${payable.amount} and currency = ${payable.currency}
        ${payable.noticeKey === null ? sql`` : sql`and not exists (select 1 from payment_notices where notice_key = ${payable.noticeKey})`}`
    : sql`state = ${(from as OrderRow).state}`;
  const lead = sql.join(
    [
      ...(payable ? [sql`p as (select state from orders where order_id = ${orderId})`] : []),
      ...(grant ? [sql`g as (${grant.statement})`] : []),
    ],
    sql`, `,
  );
  // The grant runs first in the statement; the event says whether it granted or found it granted.
  const detail = grant
    ? sql`case when exists (select 1 from g) then cast(${grant.granted} as text) else cast(${grant.already} as text) end`
    : sql`cast(${e.detail ?? ''} as text)`;
  // Parameters in a SELECT list have no type to infer: each is cast to its column's.
  const noticeCte = notice
    ? sql`, n as (
        insert into payment_notices (provider, order_id, provider_ref, notice_key, received_at, outcome, detail, raw, resent)
        select cast(${notice.provider} as text), cast(${notice.order_id ?? null} as text),
          cast(${notice.provider_ref ?? null} as text), cast(${notice.notice_key ?? null} as text),
          cast(${notice.received_at} as timestamptz), cast(${notice.outcome} as text),
          cast(${notice.detail ?? ''} as text), cast(${notice.raw} as jsonb), cast(${notice.resent ?? false} as boolean)
        from u returning id)`
    : sql``;
  // A payable order that was not paid still answers one row: whether this notice was seen before.
  const seen =
    payable?.noticeKey != null
      ? sql`(select id from payment_notices where notice_key = ${payable.noticeKey})`
      : sql`cast(null as integer)`;
  const { rows } = await sql<OrderRow & { notice_id: number | null; seen_notice: number | null }>`
    with ${lead}${payable || grant ? sql`, ` : sql``}u as (
      update orders set ${sql.join(assignments)}
      where order_id = ${orderId} and ${guard}
      returning *
    ), e as (
      insert into order_events (order_id, "at", from_state, to_state, "by", action, reason, detail)
      select order_id, cast(${e.at} as timestamptz), ${fromState}, cast(${e.to} as text),
        cast(${e.by} as text), cast(${e.action} as text), cast(${e.reason ?? ''} as text), ${detail}
      from u
    )${noticeCte}
    select u.*, ${notice ? sql`(select id from n)` : sql`cast(null as integer)`} as notice_id,
      ${seen} as seen_notice
    from ${payable ? sql`(select 1) as one left join u on true` : sql`u`}`.execute(db);
  const hit = rows[0];
  if (!hit) return { row: null, noticeId: null, seenNotice: null };
  const { notice_id: noticeId, seen_notice: seenNotice, ...row } = hit;
  return {
    // The left join's row of nulls: nothing was paid.
    row: row.order_id === null ? null : row,
    noticeId: noticeId === null ? null : Number(noticeId),
    seenNotice: seenNotice === null ? null : Number(seenNotice),
  };
}

/** A same-database grant written in a step's statement, with the event's detail for either answer. */
interface StepGrant {
  statement: RawBuilder<unknown>;
  granted: string;
  already: string;
}

/** Whether `err` is the unique violation of a payment notice's key (the same notice applied meanwhile). */
export function isNoticeKeyConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  const where = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return where.includes('notice_key');
}

/** How often a guarded step is tried again after another writer moved the order first. */
export const STEP_TRIES = 5;

/** Refuses with the table's code and message, or says whether anything is to change. */
export function decideOrThrow(row: OrderRow, action: OrderAction, actor: string): OrderState | null {
  const d = decide(factsOf(row), action, actor);
  if (d.kind === 'refuse') throw problem(d.code, d.texts.en, d.texts['zh-CN']);
  return d.kind === 'move' ? d.to : null;
}
