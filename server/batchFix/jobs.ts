import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { ACTIVE_JOB_STATUSES, type RepairCount, type RepairJob } from '../../shared/api/batchFix.js';
import type { GameId } from '../../shared/games.js';
import { recordSystemEvent } from '../audit/system-events.js';
import type { Database } from '../db/schema.js';
import type { BatchFixJobsTable } from './tables.js';
import type { ServerDeps } from '../http/context.js';
import { mergeCounts, type RepairDef, type RepairScope } from './engine.js';
import { findRepair } from './repairs.js';

/**
 * Repair runs as jobs. The call that starts one writes the job (queued) with its audit entry and
 * returns; this runner then claims it and works through the function's steps in batches, each
 * batch one transaction holding its changes and the job's progress, and lets other requests run
 * between batches, so a repair over a million players never holds the server (or the embedded
 * database's one connection) for long. Between batches it looks for a cancel request. Its end
 * (done, failed, cancelled) is recorded on the job and as a system event.
 */

export type JobRow = Selectable<BatchFixJobsTable>;

/** A queued or running job whose heartbeat is older than this was interrupted (its server stopped). */
export const STALE_AFTER_MS = 2 * 60_000;

export interface RunnerOptions {
  /** Rows per batch. */
  batchSize: number;
  /** Awaited before each batch (tests hold a job between batches to see its progress). */
  beforeBatch?: (jobId: number) => Promise<void>;
}

const DEFAULTS: RunnerOptions = { batchSize: 500 };
let options: RunnerOptions = DEFAULTS;

/** Changes how jobs run (tests: small batches, a pause between them); no argument restores the defaults. */
export function configureRunner(next?: Partial<RunnerOptions>): void {
  options = { ...DEFAULTS, ...next };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function isStale(row: Pick<JobRow, 'status' | 'heartbeat_at'>, now: Date): boolean {
  return (
    (ACTIVE_JOB_STATUSES as readonly string[]).includes(row.status) &&
    now.getTime() - row.heartbeat_at.getTime() > STALE_AFTER_MS
  );
}

/** A job as the API shows it: an active job whose heartbeat stopped shows as interrupted. */
export function toJob(row: JobRow, now: Date): RepairJob {
  return {
    id: row.id,
    game: row.game,
    name: row.name,
    status: isStale(row, now) ? 'interrupted' : row.status,
    reason: row.reason,
    operator: row.operator,
    createdAt: row.created_at.toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    counts: (row.counts as RepairCount[] | null) ?? [],
    error: row.error,
    cancelRequested: row.cancel_requested,
  };
}

/** Marks the active jobs of a function whose heartbeat stopped as interrupted (before a new run). */
export async function interruptStale(
  db: Kysely<Database>,
  game: GameId,
  name: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('batch_fix_jobs')
    .set({ status: 'interrupted', finished_at: now })
    .where('game', '=', game)
    .where('name', '=', name)
    .where('status', 'in', [...ACTIVE_JOB_STATUSES])
    .where('heartbeat_at', '<', new Date(now.getTime() - STALE_AFTER_MS))
    .execute();
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long the runner looks for a job whose call has not committed yet, before giving it up. */
const CLAIM_PATIENCE_MS = 15_000;

interface Log {
  error(obj: unknown, msg: string): void;
}

class RepairRunner {
  private readonly deps: ServerDeps;
  private readonly log: Log;
  constructor(deps: ServerDeps, log: Log) {
    this.deps = deps;
    this.log = log;
  }

  private now(): Date {
    return new Date(this.deps.clock());
  }

  /** Runs the job in the background; every failure ends up on the job or in the log, never thrown. */
  start(jobId: number): void {
    void this.run(jobId).catch((err: unknown) => {
      this.log.error({ err, jobId }, 'data repair job failed outside its own error handling');
    });
  }

  /**
   * Claims the queued job. The call that queued it commits after its handler returns, so the row
   * may not be visible yet: look again for a while. A job never seen was rolled back.
   */
  private async claim(jobId: number): Promise<JobRow | undefined> {
    const deadline = Date.now() + CLAIM_PATIENCE_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 500)) {
      const claimed = await this.deps.db
        .updateTable('batch_fix_jobs')
        .set({ status: 'running', started_at: this.now(), heartbeat_at: this.now() })
        .where('id', '=', jobId)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
      const seen = await this.deps.db
        .selectFrom('batch_fix_jobs')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirst();
      // Committed between the two statements: claim it now.
      if (seen?.status === 'queued') continue;
      // Cancelled while queued, or claimed elsewhere: nothing to do here.
      if (seen) return undefined;
      if (Date.now() > deadline) return undefined;
      await wait(delay);
    }
  }

  private async run(jobId: number): Promise<void> {
    const job = await this.claim(jobId);
    if (!job) return;
    const def = findRepair(job.name);
    if (!def) {
      await this.finish(job, 'failed', `no repair function named ${job.name}`);
      return;
    }
    try {
      const outcome = await this.work(job, def);
      if (outcome !== 'abandoned') await this.finish(job, outcome, null);
    } catch (err) {
      this.log.error({ err, jobId, name: job.name }, 'data repair job failed');
      const why = err instanceof Error ? err.message : String(err);
      await this.finish(job, 'failed', why.slice(0, 500));
    }
  }

  /** Every step, batch by batch; returns how the job ended. */
  private async work(job: JobRow, def: RepairDef): Promise<'done' | 'cancelled' | 'abandoned'> {
    const base: Omit<RepairScope, 'db'> = {
      game: job.game as GameId,
      // What decides "expired" or "older than a day" is the moment the run was asked for, so the
      // run works on what its dry run (in the audit entry) counted.
      now: job.created_at,
      operator: job.operator,
      reason: job.reason,
    };
    let counts: RepairCount[] = mergeCounts(
      def.steps.map((s) => ({ table: s.table, change: s.change, count: 0 })),
    );
    for (const step of def.steps) {
      let cursor: readonly (string | number)[] | null = null;
      for (;;) {
        await options.beforeBatch?.(job.id);
        const done = await this.deps.db.transaction().execute(async (trx) => {
          // The job's row is locked for the batch and read under the lock: a new run on another
          // backend marks a stalled one interrupted only between batches (its update waits here),
          // so a runner that lost its job never commits one more batch beside the new run.
          const current = await trx
            .selectFrom('batch_fix_jobs')
            .select(['status', 'cancel_requested'])
            .where('id', '=', job.id)
            .forUpdate()
            .executeTakeFirst();
          // Marked interrupted meanwhile (this runner looked dead and a new run took over): stop
          // without touching the job, which is no longer this runner's.
          if (!current || current.status !== 'running') return 'abandoned' as const;
          if (current.cancel_requested) return 'cancelled' as const;
          const scope: RepairScope = { ...base, db: trx };
          const batch = await step.next(scope, cursor, options.batchSize);
          if (batch.length === 0) return null;
          const changed = await step.apply(scope, batch);
          const seen = batch.reduce((n, c) => n + c.rows, 0);
          counts = mergeCounts([...counts, { table: step.table, change: step.change, count: changed }]);
          await trx
            .updateTable('batch_fix_jobs')
            .set({
              processed: sql`processed + ${seen}`,
              changed: sql`changed + ${changed}`,
              counts: JSON.stringify(counts),
              heartbeat_at: this.now(),
            })
            .where('id', '=', job.id)
            .execute();
          return { cursor: batch[batch.length - 1]?.cursor ?? null };
        });
        if (done === 'abandoned' || done === 'cancelled') return done;
        if (done === null || done.cursor === null) break;
        cursor = done.cursor;
        await yieldToRequests();
      }
    }
    return 'done';
  }

  private async finish(
    job: JobRow,
    status: 'done' | 'failed' | 'cancelled',
    error: string | null,
  ): Promise<void> {
    const at = this.now();
    try {
      // The end and its event together: whoever sees the job ended finds the event too.
      await this.deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('batch_fix_jobs')
          .set({ status, finished_at: at, heartbeat_at: at, error })
          .where('id', '=', job.id)
          // A run marked interrupted meanwhile keeps that end.
          .where('status', '=', 'running')
          .returningAll()
          .executeTakeFirst();
        if (!row) return;
        await recordSystemEvent(
          trx,
          {
            at,
            kind: 'batchFix.finished',
            level: status === 'done' ? 'info' : status === 'cancelled' ? 'warn' : 'error',
            game: row.game,
            subject: `${row.name} (job ${row.id})`,
            detail: {
              jobId: row.id,
              name: row.name,
              status,
              operator: row.operator,
              reason: row.reason,
              total: row.total,
              processed: row.processed,
              changed: row.changed,
              counts: row.counts,
              ...(error ? { error } : {}),
            },
          },
          this.log,
        );
      });
    } catch (err) {
      // The database is gone (the server is stopping): the job shows as interrupted later.
      this.log.error({ err, jobId: job.id, status }, 'could not record the end of a data repair job');
    }
  }
}

const runners = new WeakMap<ServerDeps, RepairRunner>();

/** The server's job runner (one per server, made on first use). */
export function runnerOf(deps: ServerDeps, log: Log): RepairRunner {
  let runner = runners.get(deps);
  if (!runner) {
    runner = new RepairRunner(deps, log);
    runners.set(deps, runner);
  }
  return runner;
}
