import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `--workers N` (issue 21): N processes of the backend on one port, with Node's cluster (the
 * primary holds the listening socket and hands connections to the workers in turn). On one
 * PostgreSQL, so a worker is one more instance of what many machines would run.
 *
 * - Worker 1 is the leader: it seeds and runs the background jobs (server watch's checks, the
 *   delivery of paid orders); the others answer requests only. The leader starts first, so
 *   migrations and the seed are done once before the others open the database.
 * - A worker that dies unasked is started again (a dead leader's place goes to its replacement),
 *   at most RESTARTS_PER_MINUTE a minute, so a worker that cannot start does not loop forever.
 * - SIGTERM or SIGINT: every worker is told to stop (it answers /ready with 503, finishes the
 *   requests in flight, stops its jobs, closes its database) and the primary exits once all have,
 *   or after `stopTimeoutMs`, when it kills what is left and exits 1.
 * - GET /metrics on any worker answers the sum over all workers: the worker asks the primary, which
 *   collects every worker's registry (prom-client's AggregatorRegistry).
 */

const RESTARTS_PER_MINUTE = 5;

export interface WorkerEnv {
  /** 1-based, stable across restarts: the place a worker holds. */
  slot: number;
  leader: boolean;
}

type ToPrimary = { type: 'gameops:metrics?'; id: number } | { type: 'gameops:listening' };
type ToWorker = { type: 'gameops:metrics'; id: number; text: string } | { type: 'gameops:stop' };

/** In a worker: this worker's place, from the environment the primary gave it. */
export function workerEnv(): WorkerEnv | null {
  if (!cluster.isWorker) return null;
  const slot = Number(process.env['GAMEOPS_WORKER_SLOT'] ?? '1');
  return { slot, leader: process.env['GAMEOPS_WORKER_LEADER'] === '1' };
}

/**
 * In a worker: its registry joins the primary's sum, and the text of the sum, asked of the
 * primary, for its /metrics.
 */
export function clusterMetrics(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests in a worker.
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, (text: string) => void>();
  process.on('message', (m: ToWorker) => {
    if (m?.type === 'gameops:metrics') waiting.get(m.id)?.(m.text);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not sum the metrics within 5 s'));
      }, 5_000);
      waiting.set(id, (text) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text);
      });
      process.send?.({ type: 'gameops:metrics?', id } satisfies ToPrimary);
    });
}

/** In a worker: tells the primary it listens (the leader's signal for the others to start). */
export function announceListening(): void {
  process.send?.({ type: 'gameops:listening' } satisfies ToPrimary);
}

/** In a worker: runs `stop` when the primary says so, then exits (1 if stopping failed). */
export function stopWhenTold(stop: () => Promise<void>): void {
  process.on('message', (m: ToWorker) => {
    if (m?.type !== 'gameops:stop') return;
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  // The primary's signals reach the whole process group: a worker waits for the primary's word.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
}

export interface PrimaryOptions {
  workers: number;
  stopTimeoutMs: number;
  log: (line: string) => void;
}

/** In the primary: starts the workers and keeps them running until a stop signal. */
export function runPrimary(opts: PrimaryOptions): void {
  const aggregator = new AggregatorRegistry();
  const slots = new Map<Worker, WorkerEnv>();
  const restarts: number[] = [];
  let stopping = false;

  const fork = (env: WorkerEnv) => {
    const worker = cluster.fork({
      GAMEOPS_WORKER_SLOT: String(env.slot),
      GAMEOPS_WORKER_LEADER: env.leader ? '1' : '0',
    });
    slots.set(worker, env);
    worker.on('message', (m: ToPrimary) => {
      if (m?.type === 'gameops:metrics?') {
        aggregator.clusterMetrics().then(
          (text) => worker.send({ type: 'gameops:metrics', id: m.id, text } satisfies ToWorker),
          (err: unknown) => opts.log(`metrics: ${String(err)}`),
        );
      } else if (m?.type === 'gameops:listening' && env.leader && !started) {
        started = true;
        for (let slot = 2; slot <= opts.workers; slot++) fork({ slot, leader: false });
      }
    });
    return worker;
  };

  let started = false;
  fork({ slot: 1, leader: true });

  cluster.on('exit', (worker, code, signal) => {
    const env = slots.get(worker);
    slots.delete(worker);
    if (stopping || !env) return;
    opts.log(`worker ${env.slot}${env.leader ? ' (leader)' : ''} ended (${signal ?? `code ${code}`})`);
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] ?? 0) < now - 60_000) restarts.shift();
    if (restarts.length >= RESTARTS_PER_MINUTE) {
      opts.log(`workers ended ${RESTARTS_PER_MINUTE} times within a minute: stopping`);
      stop(1);
      return;
    }
    restarts.push(now);
    fork(env);
  });

  const stop = (failed: 0 | 1) => {
    if (stopping) return;
    stopping = true;
    const left = [...slots.keys()];
    if (left.length === 0) process.exit(failed);
    for (const w of left) w.send({ type: 'gameops:stop' } satisfies ToWorker);
    const timer = setTimeout(() => {
      opts.log(`workers still running after ${opts.stopTimeoutMs} ms: killed`);
      for (const w of slots.keys()) w.process.kill('SIGKILL');
      process.exit(1);
    }, opts.stopTimeoutMs);
    cluster.on('exit', () => {
      if (slots.size === 0) {
        clearTimeout(timer);
        process.exit(failed);
      }
    });
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
}
