import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Wakes the long-polls of the alert log (serverWatch.events) when an alert is appended. The
 * backend that runs the checks appends and wakes its own waiters at once. With PostgreSQL another
 * backend may be the one appending, so while anyone waits here, one query every POLL_MS (shared
 * by all the waiters of this process) looks for a newer sequence number: an alert reaches a
 * waiter on any backend within that time, and an idle backend asks nothing.
 *
 * One hub per database handle, found by it, so the engine and the handlers meet without being
 * wired to each other.
 */

export const POLL_MS = 250;

export class AlertHub {
  readonly #db: Kysely<Database>;
  readonly #poll: boolean;
  readonly #waiters = new Set<() => void>();
  #latest = 0;
  #timer: NodeJS.Timeout | null = null;
  #polling = false;
  #closed = false;

  constructor(db: Kysely<Database>, poll: boolean) {
    this.#db = db;
    this.#poll = poll;
  }

  /** An alert up to `seq` was committed: wake every waiter. */
  appended(seq: number): void {
    if (seq > this.#latest) this.#latest = seq;
    for (const w of [...this.#waiters]) w();
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
    for (const w of [...this.#waiters]) w();
    this.#stopPollingIfIdle();
  }

  #startPolling(): void {
    if (!this.#poll || this.#timer) return;
    this.#timer = setInterval(() => void this.#check(), POLL_MS);
    this.#timer.unref();
  }

  #stopPollingIfIdle(): void {
    if (this.#timer && this.#waiters.size === 0) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  async #check(): Promise<void> {
    if (this.#polling) return;
    this.#polling = true;
    try {
      const { rows } = await sql<{
        seq: number | null;
      }>`select max(seq) as seq from server_watch_events`.execute(this.#db);
      const seq = Number(rows[0]?.seq ?? 0);
      if (seq > this.#latest) this.appended(seq);
    } catch {
      // A failed look leaves the waiters to their timeout; the next tick tries again.
    } finally {
      this.#polling = false;
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
