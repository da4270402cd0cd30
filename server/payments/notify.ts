import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { NoticeOutcome, PaymentNotice, Provider } from '../../shared/api/orders.js';
import type { Database } from '../db/schema.js';
import type { PaymentNoticesTable } from '../orders/tables.js';
import { jsonValue } from '../db/schema.js';
import type { ServerDeps } from '../http/context.js';
import type { NoticeCount } from '../platform/counters.js';
import { ordersLedger, type OrdersLedger } from '../orders/port.js';
import { keyringOf, type Keyring } from './keys.js';
import { alipay } from './providers/alipay.js';
import { paypal } from './providers/paypal.js';
import { payssion } from './providers/payssion.js';
import { toMajor, type NoticeAnswer, type NoticeRequest, type ProviderModule } from './providers/types.js';
import { wechat } from './providers/wechat.js';
import type { ProviderKeys } from './keys.js';

/**
 * What happens to a payment notice, from whichever door it came in (the provider's POST to
 * /api/v1/pay/notify/{provider}, or an operator's resend): verify it, record it in
 * payment_notices whatever the outcome (with its headers and body, to verify it again later),
 * and only when it is genuine, fresh and new apply it to its order, then deliver the order.
 *
 * Once only: a notice that was applied keeps its provider key (notice_key, unique), so the same
 * notice again, even at the same instant on another connection, is a duplicate: the second
 * insert of the key fails and with it the statement that pays the order. Orders add their own
 * guard (applyPayment answers duplicate for an order already paid by the same payment).
 */

export const PROVIDER_MODULES: { [P in Provider]: ProviderModule<ProviderKeys[P]> } = {
  wechat,
  alipay,
  paypal,
  payssion,
};

/** The headers worth keeping with a notice: the ones providers sign or name. */
export function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const name = k.toLowerCase();
    if (typeof v === 'string' && (name.startsWith('wechatpay-') || name.startsWith('paypal-')))
      kept[name] = v;
  }
  return kept;
}

export type NoticeRow = Selectable<PaymentNoticesTable>;

export function toNotice(row: NoticeRow): PaymentNotice {
  return {
    id: row.id,
    provider: row.provider as Provider,
    orderId: row.order_id,
    providerRef: row.provider_ref,
    receivedAt: row.received_at.toISOString(),
    outcome: row.outcome as NoticeOutcome,
    detail: row.detail,
    resent: row.resent,
  };
}

/** The stored request of a notice row (jsonb comes back parsed or as text, by driver). */
export function storedRequest(row: NoticeRow): NoticeRequest | undefined {
  const raw: unknown = typeof row.raw === 'string' ? JSON.parse(row.raw) : row.raw;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Partial<NoticeRequest>;
  if (typeof r.body !== 'string' || typeof r.contentType !== 'string' || typeof r.headers !== 'object')
    return undefined;
  return { body: r.body, contentType: r.contentType, headers: { ...r.headers } };
}

export interface ReceiveOptions {
  /** The handle to use: a handler's transaction, or the root handle for a provider's POST. */
  db: Kysely<Database>;
  now: Date;
  /** An operator's resend of a stored notice. */
  resent?: boolean;
  /** The time freshness is judged at: a resend is judged at when the notice first arrived. */
  judgedAt?: Date;
  log: FastifyBaseLogger;
  /** A handler's afterCommit: a delivery to a game across the network waits for the commit. */
  afterCommit?: ((job: () => Promise<void>) => void) | undefined;
  /**
   * Called before a notice that does not verify is recorded; throws to refuse it unrecorded (the
   * notify route's limit per address, notice-limit.ts). An operator's resend has none.
   */
  beforeRefusal?: (() => Promise<void>) | undefined;
}

export interface ReceivedNotice {
  notice: PaymentNotice;
  answer: NoticeAnswer;
}

/**
 * Runs `fn` so that its failure undoes only its own writes: as it is on the root handle (each of
 * its statements is atomic by itself), in a savepoint inside a caller's transaction (an
 * operator's resend), which a failed statement would otherwise leave unusable on PostgreSQL.
 */
async function undoableAlone<T>(db: Kysely<Database>, fn: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return fn();
  await sql`savepoint apply_notice`.execute(db);
  try {
    const out = await fn();
    await sql`release savepoint apply_notice`.execute(db);
    return out;
  } catch (err) {
    await sql`rollback to savepoint apply_notice`.execute(db);
    throw err;
  }
}

/** A notice's outcome as /metrics counts it (server/platform/counters.ts). */
const countOf = (outcome: NoticeOutcome): NoticeCount =>
  outcome === 'applied' ? 'credited' : outcome === 'duplicate' ? 'duplicate' : 'refused';

const short = (s: string | undefined, n: number) => (s === undefined ? null : s.slice(0, n));

export async function receiveNotice(
  deps: ServerDeps,
  provider: Provider,
  request: NoticeRequest,
  opts: ReceiveOptions,
): Promise<ReceivedNotice> {
  const { db, now, log } = opts;
  const mod = PROVIDER_MODULES[provider] as ProviderModule<unknown>;
  const keyring: Keyring = await keyringOf(deps, db, (m) => log.warn(m));
  const source = keyring[provider];
  const raw =
    jsonValue({ headers: request.headers, contentType: request.contentType, body: request.body }) ?? '{}';
  const resent = opts.resent ?? false;

  const record = async (
    row: {
      orderId: string | null;
      providerRef: string | null;
      outcome: NoticeOutcome;
      detail: string;
      key?: string;
    },
    handle: Kysely<Database> = db,
  ): Promise<NoticeRow | undefined> => {
    const q = handle
      .insertInto('payment_notices')
      .values({
        provider,
        order_id: row.orderId,
        provider_ref: row.providerRef,
        notice_key: row.key ?? null,
        received_at: now,
        outcome: row.outcome,
        detail: row.detail,
        raw,
        resent,
      })
      .returningAll();
    return row.key === undefined
      ? await q.executeTakeFirstOrThrow()
      : await q.onConflict((oc) => oc.column('notice_key').doNothing()).executeTakeFirst();
  };
  const done = (row: NoticeRow, answer: NoticeAnswer): ReceivedNotice => {
    const n = toNotice(row);
    const line = { provider, notice: n.id, orderId: n.orderId, outcome: n.outcome, resent, detail: n.detail };
    if (n.outcome === 'applied') log.info(line, 'payment notice applied');
    else log.warn(line, `payment notice ${n.outcome}`);
    deps.counters.paymentNotice(provider, countOf(n.outcome));
    return { notice: n, answer };
  };

  if (source.mode === 'misconfigured') {
    await opts.beforeRefusal?.();
    const detail = `${provider} is not configured: ${source.missing.join(', ')} missing`;
    log.error({ provider, missing: source.missing }, 'payment notice for a misconfigured provider');
    const row = await record({ orderId: null, providerRef: null, outcome: 'malformed', detail });
    return done(row as NoticeRow, { ...mod.refused(detail), status: 503 });
  }

  const verdict = mod.verify(request, source.keys, opts.judgedAt ?? now);
  if (!verdict.ok) {
    await opts.beforeRefusal?.();
    const row = await record({
      orderId: short(verdict.orderId, 64),
      providerRef: short(verdict.providerRef, 64),
      outcome: verdict.outcome,
      detail: verdict.detail,
    });
    return done(row as NoticeRow, mod.refused(verdict.detail));
  }

  const n = verdict.notice;
  const claimed = { orderId: short(n.orderId, 64), providerRef: short(n.providerRef, 64) };
  const amountText = `${toMajor(n.amount, n.currency)} ${n.currency}`;
  const duplicate = async (earlier: number | undefined) =>
    done(
      (await record({
        ...claimed,
        outcome: 'duplicate',
        detail: `the same notice (${n.noticeKey}) was ${earlier ? `applied as notice #${earlier}` : 'applied before'}; nothing changed`,
      })) as NoticeRow,
      mod.accepted,
    );

  if (!n.paid) {
    const seen = await db
      .selectFrom('payment_notices')
      .select('id')
      .where('notice_key', '=', n.noticeKey)
      .executeTakeFirst();
    if (seen) return duplicate(seen.id);
    // The provider reports a payment that did not complete (closed, denied, failed): recorded so
    // the operator sees it, the order left paying (the player may pay again).
    const row = await record({
      ...claimed,
      outcome: 'wrongState',
      detail: `the provider reports ${n.status || 'the payment'} for ${amountText}, not a completed payment; the order is left as it is`,
    });
    return done(row as NoticeRow, mod.accepted);
  }

  // The payment, its event and this notice (keyed, so the same notice is applied once) are one
  // statement (applyPaymentRow): the same notice applied meanwhile on another connection makes
  // it fail whole on the key, payment included, and it is answered as the duplicate it is.
  const by = `provider:${provider}`;
  // What the statement stores; the row it becomes (below) is this with its id.
  const stored = {
    provider,
    order_id: claimed.orderId,
    provider_ref: claimed.providerRef,
    notice_key: n.noticeKey,
    received_at: now,
    outcome: 'applied',
    detail: `paid ${amountText} (${n.status})`,
    raw,
    resent,
  };
  let r: Awaited<ReturnType<OrdersLedger['applyPaymentRow']>>;
  try {
    r = await undoableAlone(db, () =>
      ordersLedger.applyPaymentRow(
        db,
        {
          orderId: n.orderId,
          provider,
          providerRef: n.providerRef,
          amount: n.amount,
          currency: n.currency,
          now,
          by,
        },
        stored,
      ),
    );
  } catch (err) {
    if (ordersLedger.isNoticeKeyConflict(err)) return duplicate(undefined);
    throw err;
  }
  // The same notice was applied before (read with its order, in one round trip).
  if (r.seenNotice !== null) return duplicate(r.seenNotice);
  if (r.outcome === 'applied' && r.row && r.noticeId !== null) {
    const row: NoticeRow = { ...stored, id: r.noticeId };
    // Paid is committed (unless a caller's transaction holds it): the crash test stops here.
    if (!db.isTransaction) ordersLedger.crashPointAfterPaid();
    try {
      const ctx = { db, deps, lang: 'en' as const, afterCommit: opts.afterCommit };
      await ordersLedger.deliverWhenFree(ctx, r.row, by, now);
    } catch (err) {
      // Paid and recorded: the order shows paid and undelivered, ready to resend.
      log.error({ err, orderId: r.row.order_id }, 'delivery after a payment notice failed');
    }
    return done(row, mod.accepted);
  }
  const o = r.row ? ordersLedger.toOrder(r.row) : null;
  const detail =
    r.outcome === 'duplicate'
      ? `order ${n.orderId} was already paid by ${n.providerRef}; nothing changed`
      : r.outcome === 'amountMismatch'
        ? `the notice pays ${amountText} but order ${n.orderId} is ${o ? `${toMajor(o.amount, o.currency)} ${o.currency}` : 'another amount'}; nothing changed`
        : r.outcome === 'wrongState'
          ? `order ${n.orderId} is ${o ? o.state : 'not paying'}${o?.provider && o.provider !== provider ? ` with ${o.provider}` : ''}, so this payment was not applied`
          : `no order ${n.orderId}`;
  return done((await record({ ...claimed, outcome: r.outcome, detail })) as NoticeRow, mod.accepted);
}

/** A fresh notice key for the sandbox (what a provider's event id looks like). */
export function sandboxNoticeKey(provider: Provider): string {
  const id = randomBytes(12).toString('hex').toUpperCase();
  return provider === 'paypal' ? `WH-${id}` : provider === 'wechat' ? `EV-${id}` : id;
}
