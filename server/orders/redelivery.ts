import { sql, type Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { DatabaseKind } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { leaseUntil } from './backoff.js';
import { deliverRow } from './ledger/deliver.js';
import type { OrderRow } from './ledger/read.js';

/**
 * The delivery job: a paid order that is not delivered (the backend died between paid and
 * delivered, the game refused or did not answer) is delivered again by the backend itself, at
 * start and then on a timer, with back-off (backoff.ts). The order's row is the queue: each step
 * of the ledger that leaves an order paid and undelivered writes when to try next
 * (`next_delivery_at`); a delivery or a refund takes it out.
 *
 * Exactly once with several backends on one PostgreSQL: an order is claimed by one statement that
 * locks its row (`for update skip locked`: another backend claiming at the same instant skips it)
 * and moves its next try a lease ahead, so no other backend takes it while this one delivers. The
 * game keys deliveries by order id and the ledger writes `delivered` once, so even a claim that
 * outlived its lease (a game slower than the lease) grants nothing twice.
 */

export interface RedeliveryOptions {
  /** How often due orders are looked for, in ms (real time). 0 = only runDue(). Default 15 s. */
  everyMs?: number;
  /** Orders claimed per statement. Default 20. */
  batch?: number;
}

export interface RedeliveryLog {
  error(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

export interface Redelivery {
  /** Delivers every order due by the clock now; resolves with how many it tried. */
  runDue(): Promise<number>;
  /** The run at start (an order left by a crash, once its lease is over, goes then). */
  readonly started: Promise<number>;
  /** Stops the timer and waits for a run under way, so the database can close after it. */
  close(): Promise<void>;
}

export const REDELIVERY_EVERY_MS = 15_000;
const BATCH = 20;

/** Claims up to `limit` due orders: their next try moves a lease ahead, in one statement. */
export async function claimDue(db: Kysely<Database>, now: Date, limit: number): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    update orders set next_delivery_at = ${leaseUntil(now)}
    where order_id in (
      select order_id from orders
      where next_delivery_at <= ${now} and state in ('paid', 'deliveryFailed')
      order by next_delivery_at
      limit ${limit}
      for update skip locked
    )
    returning *`.execute(db);
  return rows;
}

export function startRedelivery(
  deps: { db: Kysely<Database>; kind: DatabaseKind; clock: Clock; log: RedeliveryLog },
  options: RedeliveryOptions = {},
): Redelivery {
  const batch = options.batch ?? BATCH;
  let closed = false;
  let running: Promise<number> | null = null;

  const runOnce = async (): Promise<number> => {
    let tried = 0;
    // Claimed in batches until none is due: each batch's next tries are a lease or more ahead.
    while (!closed) {
      const now = new Date(deps.clock());
      const due = await claimDue(deps.db, now, batch);
      for (const row of due) {
        if (closed) break;
        tried++;
        try {
          const after = await deliverRow(
            { db: deps.db, deps: { db: deps.db, kind: deps.kind }, lang: 'en' },
            row,
            'system',
            new Date(deps.clock()),
            { action: 'retry' },
          );
          deps.log.info(
            { orderId: row.order_id, state: after.state, attempts: after.delivery_attempts },
            after.state === 'delivered'
              ? 'order delivered by the delivery job'
              : 'order delivery failed again',
          );
        } catch (err) {
          // The claim's lease runs out and the order is tried again then.
          deps.log.error({ err, orderId: row.order_id }, 'the delivery job could not deliver an order');
        }
      }
      if (due.length < batch) break;
    }
    return tried;
  };

  const runDue = (): Promise<number> => {
    // One run at a time in this backend: a tick during a run waits for it instead.
    running ??= runOnce().finally(() => (running = null));
    return running;
  };

  const started = runDue().catch((err: unknown) => {
    deps.log.error({ err }, 'the delivery job could not run');
    return 0;
  });
  const every = options.everyMs ?? REDELIVERY_EVERY_MS;
  const timer =
    every > 0
      ? setInterval(() => {
          void runDue().catch((err: unknown) => deps.log.error({ err }, 'the delivery job could not run'));
        }, every)
      : null;
  timer?.unref();

  return {
    runDue,
    started,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
