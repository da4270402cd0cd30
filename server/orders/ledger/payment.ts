import { sql, type Kysely } from 'kysely';
import type { NoticeOutcome, OrderDetail, Provider } from '../../../shared/api/orders.js';
import type { Language } from '../../../shared/codes.js';
import type { Database } from '../../db/schema.js';
import { moneyText } from '../../players/themes/theme.js';
import { leaseUntil } from '../backoff.js';
import { decide } from '../transitions.js';
import { type OrderRow, detailOf, factsOf, mustFindRow } from './read.js';
import {
  type NoticeValues,
  STEP_TRIES,
  type StepSet,
  moveLockedOrder,
  decideOrThrow,
  inTransaction,
  moveOrder,
  stepStatement,
} from './steps.js';

/** Paying an order: the checkout's start, and a provider's notice applied with the step it makes. */

export const CRASH_AFTER_PAID_ENV = 'GAMEOPS_TEST_CRASH_AFTER_PAID';

/**
 * A test hook: with GAMEOPS_TEST_CRASH_AFTER_PAID=1 the process kills itself (SIGKILL: nothing
 * closes, nothing flushes) right after a payment was committed, before anything is delivered
 * (server/orders/crash.test.ts). Callers that commit paid in their own transaction
 * (server/payments) call it after their commit.
 */
export function crashPointAfterPaid(): void {
  if (process.env[CRASH_AFTER_PAID_ENV] === '1') process.kill(process.pid, 'SIGKILL');
}

/** created → paying with a provider; the same provider again changes nothing. */
export async function startPaying(
  db: Kysely<Database>,
  a: { orderId: string; provider: Provider; providerRef: string; now: Date },
  lang: Language = 'en',
): Promise<OrderDetail> {
  const row = await inTransaction(db, async (trx) => {
    const row = await mustFindRow(trx, a.orderId, undefined, true);
    const to = decideOrThrow(row, 'pay', `provider:${a.provider}`);
    if (to === null && row.provider === a.provider) return row;
    const set = { state: 'paying', provider: a.provider, provider_ref: a.providerRef, updated_at: a.now };
    return moveLockedOrder(trx, row, set, {
      at: a.now,
      to: 'paying',
      by: `provider:${a.provider}`,
      action: 'pay',
      detail:
        row.provider && row.provider !== a.provider
          ? `checkout moved from ${row.provider} to ${a.provider} (${a.providerRef})`
          : `checkout opened with ${a.provider} (${a.providerRef})`,
    });
  });
  return detailOf(db, row, lang);
}

export type ApplyOutcome = Extract<
  NoticeOutcome,
  'applied' | 'duplicate' | 'amountMismatch' | 'wrongState' | 'unknownOrder'
>;

export interface PaymentInput {
  orderId: string;
  provider: Provider;
  providerRef: string;
  amount: number;
  currency: string;
  now: Date;
  by: string;
}

/**
 * A verified payment for an order, without rebuilding its detail (server/payments' notice path):
 * created/paying → paid with its event, and `notice` (when given) stored with it, all in one
 * statement (moveOrder). The same payment again (same provider reference) is a duplicate and
 * changes nothing. `row` is the order as it is afterwards (or as it was found). With a keyed
 * notice, the order is read together with the notice already stored under that key, if any
 * (`seenNotice`: then nothing is applied), which saves the caller a round trip of its own.
 * Does not deliver, and does not call crashPointAfterPaid: the caller does, once paid is
 * committed.
 */
export async function applyPaymentRow(
  db: Kysely<Database>,
  a: PaymentInput,
  notice?: NoticeValues,
): Promise<{
  outcome: ApplyOutcome;
  row: OrderRow | null;
  noticeId: number | null;
  seenNotice: number | null;
}> {
  const key = notice?.notice_key ?? null;
  const set: StepSet = {
    state: 'paid',
    provider: a.provider,
    provider_ref: a.providerRef,
    paid_at: a.now,
    updated_at: a.now,
    next_delivery_at: leaseUntil(a.now),
  };
  const event = {
    at: a.now,
    to: 'paid',
    by: a.by,
    action: 'notice',
    detail: `${moneyText(a.amount, a.currency)} paid with ${a.provider} (${a.providerRef})`,
  } as const;
  // The usual notice (an order at its checkout, this amount, a key not seen) is applied in one
  // statement without reading the order first; a replay is known by the same statement.
  // Anything else goes the long way below: read, decide by the table, guarded step.
  const fast = await stepStatement(
    db,
    { orderId: a.orderId, amount: a.amount, currency: a.currency, noticeKey: key },
    set,
    event,
    notice,
  );
  if (fast.row) return { outcome: 'applied', row: fast.row, noticeId: fast.noticeId, seenNotice: null };
  if (fast.seenNotice !== null)
    return { outcome: 'duplicate', row: null, noticeId: null, seenNotice: fast.seenNotice };
  for (let attempt = 1; ; attempt++) {
    const found = await db
      .selectFrom('orders')
      .selectAll('orders')
      .select((eb) =>
        (key === null
          ? sql<number | null>`cast(null as integer)`
          : eb.selectFrom('payment_notices').select('id').where('notice_key', '=', key)
        ).as('seen_notice'),
      )
      .where('order_id', '=', a.orderId)
      .executeTakeFirst();
    // An order that is not there cannot have been paid by any notice: none can have been seen.
    if (!found) return { outcome: 'unknownOrder', row: null, noticeId: null, seenNotice: null };
    const { seen_notice: seen, ...row } = found;
    if (seen !== null && seen !== undefined)
      return { outcome: 'duplicate', row, noticeId: null, seenNotice: Number(seen) };
    const d = decide(factsOf(row), 'notice', a.by);
    if (d.kind === 'refuse') return { outcome: 'wrongState', row, noticeId: null, seenNotice: null };
    if (d.kind === 'same')
      return {
        outcome: row.provider_ref === a.providerRef ? 'duplicate' : 'wrongState',
        row,
        noticeId: null,
        seenNotice: null,
      };
    if (Number(row.amount) !== a.amount || row.currency !== a.currency)
      return { outcome: 'amountMismatch', row, noticeId: null, seenNotice: null };
    const moved = await moveOrder(db, row, set, event, notice);
    if (moved) return { outcome: 'applied', row: moved.row, noticeId: moved.noticeId, seenNotice: null };
    // Another writer moved it between our read and our update: read it again and decide anew.
    if (attempt >= STEP_TRIES)
      throw new Error(`order ${a.orderId} kept changing while a payment was applied`);
  }
}

/**
 * A verified payment for an order: created/paying → paid, with its event, atomically.
 * The same payment again (same provider reference) is a duplicate and changes nothing. Does not
 * deliver: the caller calls deliverOrder once this has committed.
 */
export async function applyPayment(
  db: Kysely<Database>,
  a: PaymentInput,
): Promise<{ outcome: ApplyOutcome; order: OrderDetail | null }> {
  const result = await applyPaymentRow(db, a);
  // Paid is committed (unless the caller's transaction holds it): the crash test stops here.
  if (result.outcome === 'applied' && !db.isTransaction) crashPointAfterPaid();
  return { outcome: result.outcome, order: result.row ? await detailOf(db, result.row, 'en') : null };
}
