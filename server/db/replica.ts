import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Reads that may lag (reports, statistics, leaderboards, searches and logs: a feature names them,
 * server/feature.ts `replicaReads`) go to a streaming replica when one is configured
 * (DATABASE_READ_URL), as long as it answers and is no further behind than a bound; otherwise they
 * go to the primary and say why. Everything else, and every read without a replica, is the
 * primary's. docs/decisions.md "Reads from a replica" has the rule.
 */

/** Why a read that could have gone to the replica went to the primary. */
export type FallbackReason = 'replicaDown' | 'replicaBehind';

/** Where the reads of one call came from, as its answer may tell (shared/api/reports.ts `readFrom`). */
export type ReadSource =
  { source: 'replica'; lagSec: number } | { source: 'primary'; reason: FallbackReason; lagSec?: number };

export interface ReadRouter {
  /**
   * Runs `work` on the handle reads that may lag should use now, with where it reads from
   * (undefined when no replica is configured: the primary, which has nothing to say). Work that
   * loses its replica connection midway runs again on the primary: a read has nothing to undo.
   */
  read<T>(work: (db: Kysely<Database>, from: ReadSource | undefined) => Promise<T>): Promise<T>;
  /** With a replica: its delay at its last check, in seconds, null while it is down. */
  lagSec?: () => number | null;
  /** Where changes of state are said, once each (the server's log, once it has one). */
  logTo(log: ReplicaLog): void;
}

export interface ReplicaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReplicaSettings {
  /** A replica further behind than this, in seconds, is not read from (GAMEOPS_READ_MAX_LAG_SEC). */
  maxLagSec: number;
  /** How long a check of the replica's state is trusted, in milliseconds. */
  checkEveryMs: number;
  /** How long a check may take before the replica counts as down, in milliseconds. */
  checkTimeoutMs: number;
}

export const DEFAULT_REPLICA_SETTINGS: ReplicaSettings = {
  maxLagSec: 30,
  checkEveryMs: 2_000,
  checkTimeoutMs: 2_000,
};

/** Without a replica: every read is the primary's. */
export function primaryReads(db: Kysely<Database>): ReadRouter {
  return { read: (work) => work(db, undefined), logTo: () => undefined };
}

type ReplicaState =
  { kind: 'ok'; lagSec: number } | { kind: 'behind'; lagSec: number } | { kind: 'down'; why: string };

/**
 * How far behind the replica is: 0 when it has replayed all it received (an idle primary sends
 * nothing, and the last replayed commit's age would then grow for no reason), else the age of the
 * last commit it replayed. A server that is not in recovery is no replica and lags by nothing.
 */
async function measureLag(replica: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ lag: number | null }>`
    select case
      when not pg_is_in_recovery() then 0
      when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8
    end as lag`.execute(replica);
  // No commit replayed yet since the replica started: nothing to measure by, so nothing behind.
  return Math.max(0, rows[0]?.lag ?? 0);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Connection-class failures: the replica went away (refused, reset, shut down, recovery ended or
 * conflicted with the read). A read's own fault (bad SQL, a constraint) is not one: it would fail
 * on the primary too, and must not be hidden by running it twice.
 */
export function isReplicaLoss(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // 08: connection exception; 57P01-57P03: shut down, crashed, cannot connect now;
    // 40001 on a standby: the read was cancelled by replay (a recovery conflict).
    if (/^(08|57P0[1-3]|40001$)/.test(code)) return true;
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/.test(code)) return true;
  }
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    err.message,
  );
}

/**
 * The router over a replica: its state checked at most every `checkEveryMs`, one check shared by
 * every read that finds it stale.
 */
export function replicaReads(
  primary: Kysely<Database>,
  replica: Kysely<Database>,
  settings: ReplicaSettings,
  clock: () => number = Date.now,
): ReadRouter {
  let state: ReplicaState | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  let log: ReplicaLog | undefined;

  const enter = (next: ReplicaState) => {
    const was = state?.kind;
    state = next;
    checkedAt = clock();
    if (was === next.kind) return;
    // Said once per change, not per read: the log is where an operator of the server looks.
    if (next.kind === 'ok')
      log?.info({ replica: 'ok', lagSec: next.lagSec }, 'reads that may lag go to the read replica');
    else if (next.kind === 'behind')
      log?.warn(
        { replica: 'behind', lagSec: next.lagSec, maxLagSec: settings.maxLagSec },
        `the read replica is ${Math.round(next.lagSec)} s behind (more than ${settings.maxLagSec} s): reads go to the primary`,
      );
    else
      log?.warn(
        { replica: 'down', why: next.why },
        `the read replica does not answer (${next.why}): reads go to the primary`,
      );
  };

  const check = async () => {
    try {
      const lagSec = await withTimeout(measureLag(replica), settings.checkTimeoutMs);
      enter(lagSec > settings.maxLagSec ? { kind: 'behind', lagSec } : { kind: 'ok', lagSec });
    } catch (err) {
      enter({ kind: 'down', why: err instanceof Error ? err.message : String(err) });
    }
  };

  /**
   * The last state known; a stale one is checked again behind the read, which goes by it
   * meanwhile: a read never waits for a check but the very first (a replica that stopped since
   * is found by the read itself, which then goes to the primary).
   */
  const current = async (): Promise<ReplicaState> => {
    if (!state || clock() - checkedAt >= settings.checkEveryMs) {
      checking ??= check().finally(() => (checking = undefined));
      if (!state) await checking;
    }
    return state ?? { kind: 'down', why: 'not checked' };
  };

  const down: ReadSource = { source: 'primary', reason: 'replicaDown' };

  return {
    async read(work) {
      const s = await current();
      if (s.kind === 'down') return work(primary, down);
      if (s.kind === 'behind')
        return work(primary, { source: 'primary', reason: 'replicaBehind', lagSec: s.lagSec });
      try {
        return await work(replica, { source: 'replica', lagSec: s.lagSec });
      } catch (err) {
        if (!isReplicaLoss(err)) throw err;
        enter({ kind: 'down', why: err instanceof Error ? err.message : String(err) });
        return work(primary, down);
      }
    },
    lagSec: () => (state && state.kind !== 'down' ? state.lagSec : null),
    logTo(to) {
      log = to;
    },
  };
}
