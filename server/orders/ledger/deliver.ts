import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrderDetail, OrderGrant } from '../../../shared/api/orders.js';
import type { GameId } from '../../../shared/games.js';
import type { Database } from '../../db/schema.js';
import type { Texts } from '../../http/problem.js';
import { raiseAlert } from '../../serverWatch/port.js';
import { ALERT_AFTER_FAILURES, retryAt } from '../backoff.js';
import { deliveryTargetOf, type DeliveryRequest } from '../delivery.js';
import { decide } from '../transitions.js';
import { type LedgerCtx, type OrderRow, detailOf, factsOf, mustFindRow, parseJson } from './read.js';
import { STEP_TRIES, decideOrThrow, moveOrder, type StepSet } from './steps.js';

/** Delivering a paid order to its game (delivery.ts chooses where) and recording how it went; a delivery that keeps failing raises an alert. */

/** The columns of a delivery the game acknowledged. */
const deliveredStep = (now: Date): StepSet => ({
  state: 'delivered',
  delivered_at: now,
  delivery_error: null,
  updated_at: now,
  delivery_attempts: sql`delivery_attempts + 1`,
  next_delivery_at: null,
});

/**
 * Delivers a paid (or failed) order to the game, which grants it once per order id; a delivered
 * order is left as it is. Success → delivered; refused, unreachable or timed out → deliveryFailed
 * with the reason. The game is asked outside any lock the caller does not already hold, so a
 * slow game does not stall the embedded database; the answer is written in one guarded statement.
 */
export async function deliverOrder(
  ctx: LedgerCtx,
  orderId: string,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderDetail> {
  const row = await mustFindRow(ctx.db, orderId);
  return detailOf(ctx.db, await deliverRow(ctx, row, by, now, opts), ctx.lang);
}

/**
 * deliverRow, unless the caller's transaction would be held while a game across the network
 * answers (the embedded database has one connection: every other request would wait, up to the
 * delivery timeout per order). Then the delivery runs once that transaction has committed
 * (`ctx.afterCommit`), on the root handle, and `later` gets the order as it is afterwards. A step
 * the table refuses is refused now, inside the transaction. Returns the order as it is now.
 */
export async function deliverWhenFree(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
  later?: (after: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  const remote = !deliveryTargetOf(ctx.deps.db).sameDatabaseGrant;
  if (!remote || !ctx.db.isTransaction || !ctx.afterCommit) return deliverRow(ctx, row, by, now, opts);
  if (decideOrThrow(row, 'deliver', by) === null) return row;
  const root: LedgerCtx = { db: ctx.deps.db, deps: ctx.deps, lang: ctx.lang };
  ctx.afterCommit(async () => {
    const cur = await mustFindRow(root.db, row.order_id);
    // The step that made it deliverable was rolled back after all (a bulk row): nothing to do.
    if (decide(factsOf(cur), 'deliver', by).kind !== 'move') return;
    const after = await deliverRow(root, cur, by, now, opts);
    await later?.(after);
  });
  return row;
}

/**
 * deliverWhenFree, answered as the order's detail: when the delivery runs after the commit, the
 * same detail object is brought up to date before the call answers.
 */
export async function deliverAndDetail(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderDetail> {
  // Runs after the commit, long after `detail` below is set.
  const current = await deliverWhenFree(ctx, row, by, now, opts, async (after) => {
    Object.assign(detail, await detailOf(ctx.deps.db, after, ctx.lang));
  });
  const detail = await detailOf(ctx.db, current, ctx.lang);
  return detail;
}

/**
 * deliverOrder for an order the caller has just read or written (`row`), without reading it
 * again or rebuilding its detail: the notice path, approvals and resends. Returns the order as it
 * is afterwards.
 */
export async function deliverRow(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderRow> {
  const db = ctx.db;
  if (decideOrThrow(row, 'deliver', by) === null) return row;
  const target = deliveryTargetOf(ctx.deps.db);
  const req: DeliveryRequest = {
    orderId: row.order_id,
    game: row.game as GameId,
    playerId: row.player_id,
    grant: parseJson(row.grant) as OrderGrant,
    grantLabel: row.grant_label,
    amount: Number(row.amount),
    currency: row.currency,
  };
  if (target.sameDatabaseGrant)
    return deliverInStatement(db, row, target.sameDatabaseGrant(req, now), by, now, opts);
  const result = await target.deliver(db, req, now);
  const action = opts.action ?? 'deliver';
  let cur = row;
  for (let attempt = 1; ; attempt++) {
    const d = decide(factsOf(cur), result.ok ? 'deliver' : 'deliveryFailed', by);
    // Someone else delivered it meanwhile (or it changed state): what the game said changes nothing.
    if (d.kind !== 'move') return cur;
    const moved = await moveOrder(
      db,
      cur,
      result.ok
        ? deliveredStep(now)
        : {
            state: 'deliveryFailed',
            delivery_error: JSON.stringify(result.error),
            updated_at: now,
            delivery_attempts: sql`delivery_attempts + 1`,
            // Every attempt of a failed order failed: its attempts are its failures in a row.
            next_delivery_at: retryAt(now, cur.delivery_attempts + 1),
          },
      {
        at: now,
        to: d.to,
        by,
        action: result.ok ? action : 'deliveryFailed',
        reason: opts.reason ?? '',
        detail: result.ok
          ? result.alreadyDelivered
            ? `${result.by} had granted it already; nothing was granted again`
            : `granted by ${result.by}: ${cur.grant_label}`
          : result.error.en,
      },
    );
    if (moved) {
      if (!result.ok) return alertIfFailing(ctx, moved.row, result.error, now);
      return moved.row;
    }
    if (attempt >= STEP_TRIES) throw new Error(`order ${row.order_id} kept changing while it was delivered`);
    cur = await mustFindRow(db, row.order_id);
  }
}

/**
 * After a failed delivery: once an order has failed ALERT_AFTER_FAILURES times, it raises an
 * alert through server watch and is marked, in one transaction, so the alert is raised once per
 * order however many backends or retries see it fail. Returns the order as it is afterwards.
 */
async function alertIfFailing(ctx: LedgerCtx, row: OrderRow, error: Texts, now: Date): Promise<OrderRow> {
  if (row.delivery_attempts < ALERT_AFTER_FAILURES || row.delivery_alerted_at !== null) return row;
  let marked: OrderRow | undefined;
  await raiseAlert(
    { db: ctx.db, root: ctx.deps.db, kind: ctx.deps.kind },
    now,
    {
      kind: 'delivery',
      game: row.game as GameId,
      delivery: { orderId: row.order_id, attempts: row.delivery_attempts, error },
    },
    async (trx) => {
      marked = await trx
        .updateTable('orders')
        .set({ delivery_alerted_at: now })
        .where('order_id', '=', row.order_id)
        .where('state', '=', 'deliveryFailed')
        .where('delivery_alerted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return marked !== undefined;
    },
  );
  return marked ?? row;
}

/**
 * deliverRow for a game side in the same database: grant, delivered and its event in one guarded
 * statement (moveOrder). Such a grant cannot fail short of the database failing, which fails the
 * whole statement and leaves the order as it was (paid, to resend).
 */
async function deliverInStatement(
  db: Kysely<Database>,
  row: OrderRow,
  grant: { statement: RawBuilder<unknown>; by: string },
  by: string,
  now: Date,
  opts: DeliverOpts,
): Promise<OrderRow> {
  let cur = row;
  for (let attempt = 1; ; attempt++) {
    const d = decide(factsOf(cur), 'deliver', by);
    // Someone else delivered it meanwhile (or it changed state): nothing more to write.
    if (d.kind !== 'move') return cur;
    const moved = await moveOrder(
      db,
      cur,
      deliveredStep(now),
      { at: now, to: d.to, by, action: opts.action ?? 'deliver', reason: opts.reason ?? '' },
      undefined,
      {
        statement: grant.statement,
        granted: `granted by ${grant.by}: ${cur.grant_label}`,
        already: `${grant.by} had granted it already; nothing was granted again`,
      },
    );
    if (moved) return moved.row;
    if (attempt >= STEP_TRIES) throw new Error(`order ${row.order_id} kept changing while it was delivered`);
    cur = await mustFindRow(db, row.order_id);
  }
}

/** How a delivery is recorded: the payment's own (deliver), an operator's (resend), the job's (retry). */
export interface DeliverOpts {
  action?: 'deliver' | 'resend' | 'retry';
  reason?: string;
}
