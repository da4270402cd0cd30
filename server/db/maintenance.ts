import { sql, type Kysely } from 'kysely';
import { recordSystemEvent, type EventLog } from '../audit/system-events.js';
import type { Database } from './schema.js';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (single-user
 * PGlite): tables that orders, audit entries, sessions and to-do items change all day are
 * vacuumed (dead rows' space reused, pages marked all-visible for index-only scans) and analysed
 * (the planner's statistics follow the data), table by table, so requests wait at most for one
 * table's pass. Which tables is decided as autovacuum decides it, from the cumulative statistics
 * and its default thresholds. A pass that did something is a system event ('backend.maintained').
 */

/** Autovacuum's defaults (PostgreSQL: autovacuum_vacuum_threshold, _scale_factor, ...). */
export const AUTOVACUUM_DEFAULTS = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  insertThreshold: 1000,
  insertScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
} as const;

export interface TableStats {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export interface TableWork {
  table: string;
  /** VACUUM (ANALYZE): dead rows, or many new rows whose pages are not yet all-visible. */
  vacuum: boolean;
  /** ANALYZE alone: enough rows changed since the last statistics. */
  analyze: boolean;
}

/** The tables that need a pass, in the order given, as autovacuum would choose them. */
export function workFor(stats: readonly TableStats[], t = AUTOVACUUM_DEFAULTS): TableWork[] {
  const out: TableWork[] = [];
  for (const s of stats) {
    const vacuum =
      s.dead > t.vacuumThreshold + t.vacuumScale * s.live ||
      s.insertedSinceVacuum > t.insertThreshold + t.insertScale * s.live;
    const analyze = s.modifiedSinceAnalyze > t.analyzeThreshold + t.analyzeScale * s.live;
    if (vacuum || analyze) out.push({ table: s.table, vacuum, analyze });
  }
  return out;
}

/** This schema's tables and their counters, the counters of this session's work included. */
export async function readTableStats(db: Kysely<Database>): Promise<TableStats[]> {
  // The counters reach the shared statistics at most once a second; the next read needs them now.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
  const { rows } = await sql<{
    table: string;
    live: number;
    dead: number;
    ins: number;
    mod: number;
  }>`select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead,
       n_ins_since_vacuum::int as ins, n_mod_since_analyze::int as mod
     from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  return rows.map((r) => ({
    table: r.table,
    live: r.live,
    dead: r.dead,
    insertedSinceVacuum: r.ins,
    modifiedSinceAnalyze: r.mod,
  }));
}

/** One pass: the tables that need it, vacuumed or analysed one at a time. Returns what was done. */
export async function maintainOnce(
  db: Kysely<Database>,
  now: () => Date,
  log?: EventLog,
): Promise<TableWork[]> {
  const work = workFor(await readTableStats(db));
  if (work.length === 0) return work;
  const started = now();
  for (const w of work) {
    if (w.vacuum) await sql`vacuum (analyze) ${sql.id(w.table)}`.execute(db);
    else await sql`analyze ${sql.id(w.table)}`.execute(db);
  }
  await recordSystemEvent(
    db,
    {
      at: now(),
      kind: 'backend.maintained',
      subject: work.map((w) => w.table).join(', '),
      detail: { tables: work, ms: now().getTime() - started.getTime() },
    },
    log,
  );
  return work;
}

export interface MaintenanceOptions {
  db: Kysely<Database>;
  clock?: () => number;
  /** The first pass, after the start's own work (migrations, seed) has settled. */
  firstDelayMs?: number;
  everyMs?: number;
  log?: EventLog;
  /** Each pass's result (tests). */
  onPass?: (work: TableWork[]) => void;
}

export interface Maintenance {
  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  close(): Promise<void>;
}

export const MAINTENANCE_FIRST_DELAY_MS = 10 * 60_000;
export const MAINTENANCE_EVERY_MS = 60 * 60_000;

/** Passes on a timer, one at a time; a failed pass is logged and the next one tries again. */
export function startMaintenance(options: MaintenanceOptions): Maintenance {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? console;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = maintainOnce(options.db, () => new Date(clock()), log)
        .then((work) => options.onPass?.(work))
        .catch((err: unknown) => log.error({ err }, 'database maintenance pass failed'))
        .finally(() => {
          running = undefined;
          schedule(options.everyMs ?? MAINTENANCE_EVERY_MS);
        });
    }, ms);
    // The timer alone never keeps the process alive.
    timer.unref?.();
  };
  schedule(options.firstDelayMs ?? MAINTENANCE_FIRST_DELAY_MS);
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
