import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notifyBusOf, type NotifyBus } from '../platform/notify.js';

/**
 * Wakes the long-polls of the alert log (serverWatch.events) when an alert is appended. Whoever
 * appends announces the alert's number on the notify bus in the transaction that appends it
 * (server/platform/notify.ts: on PostgreSQL a NOTIFY, sent on commit), so an alert appended on
 * any backend wakes the waiters of every backend at once. The message is taken as a hint: the hub
 * reads the log's last number before it wakes anyone, so a message of a transaction that rolled
 * back (the embedded bus delivers before the commit) wakes nobody for nothing. While anyone waits
 * on PostgreSQL, a slow safety poll (SAFETY_POLL_MS) covers a lost connection; an idle backend
 * asks nothing.
 *
 * One hub per database handle, found by it, so the engine and the handlers meet without being
 * wired to each other.
 */

/** The channel alerts are announced on; the payload is the alert's sequence number. */
export const ALERTS_CHANNEL = 'gameops_alerts';

/** The poll that covers a lost notification on PostgreSQL (the bus normally wakes at once). */
export const SAFETY_POLL_MS = 5000;

export class AlertHub {
  readonly #db: Kysely<Database>;
  readonly #poll: boolean;
  readonly #bus: NotifyBus;
  readonly #unsubscribe: () => void;
  readonly #waiters = new Set<() => void>();
  #latest = 0;
  #timer: NodeJS.Timeout | null = null;
  #checking = false;
  /** A hint came while the log was being read: read it again after. */
  #checkAgain = false;
  #closed = false;

  constructor(db: Kysely<Database>, poll: boolean, bus: NotifyBus = notifyBusOf(db)) {
    this.#db = db;
    this.#poll = poll;
    this.#bus = bus;
    const look = () => void this.#check();
    this.#unsubscribe = bus.subscribe(ALERTS_CHANNEL, { message: look, missed: look });
  }

  /** An alert up to `seq` was committed: wake every waiter. */
  appended(seq: number): void {
    if (seq > this.#latest) this.#latest = seq;
    for (const w of [...this.#waiters]) w();
  }

  /**
   * Tells every backend's hub that alert `seq` was appended, in `trx` (the appending transaction,
   * after its insert): the message leaves when that commits.
   */
  announce(trx: Kysely<Database>, seq: number): Promise<void> {
    return this.#bus.publish(trx, ALERTS_CHANNEL, String(seq));
  }

  /**
   * Resolves when an alert after `after` may exist (woken) or after `ms`; whichever first. The
   * caller reads the log again either way.
   */
  wait(after: number, ms: number): Promise<void> {
    if (this.#closed || this.#latest > after || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        this.#stopPollingIfIdle();
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
      this.#startPolling();
    });
  }

  get waiting(): number {
    return this.#waiters.size;
  }

  /** Closed with its backend: every wait ends at once, and the long-polls answer. */
  get closed(): boolean {
    return this.#closed;
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    for (const w of [...this.#waiters]) w();
    this.#stopPollingIfIdle();
  }

  #startPolling(): void {
    if (!this.#poll || this.#timer) return;
    this.#timer = setInterval(() => void this.#check(), SAFETY_POLL_MS);
    this.#timer.unref();
  }

  #stopPollingIfIdle(): void {
    if (this.#timer && this.#waiters.size === 0) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  async #check(): Promise<void> {
    if (this.#closed) return;
    if (this.#checking) {
      this.#checkAgain = true;
      return;
    }
    this.#checking = true;
    try {
      do {
        this.#checkAgain = false;
        const { rows } = await sql<{
          seq: number | null;
        }>`select max(seq) as seq from server_watch_events`.execute(this.#db);
        const seq = Number(rows[0]?.seq ?? 0);
        if (seq > this.#latest) this.appended(seq);
      } while (this.#checkAgain && !this.#closed);
    } catch {
      // A failed look leaves the waiters to their timeout; the next hint or poll tries again.
    } finally {
      this.#checking = false;
    }
  }
}

/** Any fixed number (advisory locks are per database). */
const ALERT_LOG_LOCK = 71_834_002;

/**
 * Taken by every transaction that appends to the alert log, before it does, and held to its
 * commit: the engine's and server watch's port (other features' alerts) append from different
 * connections, and a long-poll that has read up to `seq` must never see a smaller one commit
 * later. So alerts take their numbers one writer at a time, in commit order.
 */
export async function lockAlertLog(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ALERT_LOG_LOCK})`.execute(trx);
}

const hubs = new WeakMap<Kysely<Database>, AlertHub>();

/** The hub of a database handle (made on first use). `poll`: another process may append. */
export function alertHubOf(db: Kysely<Database>, poll: boolean): AlertHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new AlertHub(db, poll)));
  return hub;
}
