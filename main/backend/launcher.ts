/**
 * The one place main knows how the reference backend is started. Everything else sees a
 * launcher: start() gives a running backend's URL, stop() ends it.
 */

/** What main asks of the embedded backend. */
export interface EmbeddedBackendOptions {
  /** Where its database lives; omitted = in memory (a throwaway database, for tests). */
  dataDir?: string;
  /** Players per game to seed (default: the server's small seed on a new database). */
  seedPlayers?: number;
  /** Access token lifetime, so a test can watch a token expire. In-process only. */
  accessTtlSec?: number;
  /** Session (refresh-token family) lifetime, so a test can watch a session expire. In-process only. */
  refreshTtlSec?: number;
  /** The backend's clock in ms since the epoch, so a test can move time instead of waiting. In-process only. */
  clock?: () => number;
}

export interface RunningBackend {
  /** http://127.0.0.1:PORT; services are at url + SERVICE_BASE_PATHS[service]. */
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Tells when the backend ends without being asked to (a crashed worker). */
  onExit?(listener: (reason: string) => void): void;
}

export interface BackendLauncher {
  start(): Promise<RunningBackend>;
}

/** What server/worker.ts posts to its parent once it listens, or when it cannot start. */
export type ReadyOrError = { type: 'ready'; port: number } | { type: 'error'; message: string };

export function parseWorkerMessage(msg: unknown): ReadyOrError | null {
  if (!msg || typeof msg !== 'object') return null;
  const m = msg as Record<string, unknown>;
  if (m['type'] === 'ready' && typeof m['port'] === 'number' && Number.isInteger(m['port'])) {
    return { type: 'ready', port: m['port'] };
  }
  if (m['type'] === 'error') return { type: 'error', message: String(m['message'] ?? 'unknown error') };
  return null;
}

/** Asks a worker to close its database and exit (server/worker-protocol.ts). */
export const STOP_COMMAND = { type: 'stop' } as const;

/** How long a worker may take to open its database, migrate and seed before we give up on it. */
export const WORKER_START_TIMEOUT_MS = 120_000;
/** How long a worker may take to close its database when asked to stop, before it is killed. */
export const WORKER_STOP_TIMEOUT_MS = 10_000;

export const backendUrl = (port: number): string => `http://127.0.0.1:${port}`;

/**
 * The worker's command line. It runs from a data folder and a seed size; token lifetimes and an
 * in-memory database are for tests, which run the backend in process.
 */
export function workerArgs(options: EmbeddedBackendOptions): string[] {
  if (!options.dataDir) throw new Error('a backend worker needs a data folder (in-memory runs in process)');
  if (options.accessTtlSec !== undefined || options.refreshTtlSec !== undefined || options.clock) {
    throw new Error('token lifetimes and the clock can only be set on an in-process backend');
  }
  const args = ['--data', options.dataDir];
  if (options.seedPlayers !== undefined) args.push('--seed', String(options.seedPlayers));
  return args;
}

/**
 * The worker's environment: ours, minus what would send the embedded backend elsewhere. A
 * DATABASE_URL in the operator's shell is for `npm run server`, not for the app's own database.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || k === 'DATABASE_URL' || k === 'GAMEOPS_DATA_DIR' || k === 'GAMEOPS_SEED') continue;
    out[k] = v;
  }
  return out;
}

/**
 * What the two forking launchers differ in — Node's ChildProcess and Electron's UtilityProcess —
 * so that waiting for the worker, stopping it and noticing its crash are written once.
 */
export interface WorkerProcess {
  onMessage(listener: (raw: unknown) => void): void;
  /** Called once when the process ends, with why ("exited with code 1", "killed by SIGKILL"). */
  onExit(listener: (reason: string) => void): void;
  onError(listener: (err: Error) => void): void;
  hasExited(): boolean;
  /** Asks the worker to close its database and exit. */
  askToStop(): void;
  kill(): void;
}

/** Resolves once the worker reports ready; rejects on its error, its early exit or a timeout. */
export function awaitWorker(child: WorkerProcess): Promise<RunningBackend> {
  return new Promise<RunningBackend>((resolve, reject) => {
    let settled = false;
    let stopping = false;
    const exitListeners: ((reason: string) => void)[] = [];
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    };
    const timer = setTimeout(() => {
      fail(new Error(`the backend worker did not report ready within ${WORKER_START_TIMEOUT_MS / 1000} s`));
      child.kill();
    }, WORKER_START_TIMEOUT_MS);
    child.onMessage((raw) => {
      const msg = parseWorkerMessage(raw);
      if (!msg || settled) return;
      if (msg.type === 'error') {
        fail(new Error(msg.message));
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve({
        url: backendUrl(msg.port),
        port: msg.port,
        stop: () => {
          stopping = true;
          return stopWorker(child);
        },
        onExit: (l) => void exitListeners.push(l),
      });
    });
    child.onError((err) => fail(err));
    child.onExit((reason) => {
      fail(new Error(`the backend worker ${reason} before it was ready`));
      if (!stopping) for (const l of exitListeners) l(reason);
    });
  });
}

function stopWorker(child: WorkerProcess): Promise<void> {
  if (child.hasExited()) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill(), WORKER_STOP_TIMEOUT_MS);
    child.onExit(() => {
      clearTimeout(force);
      resolve();
    });
    // Asked first, so it closes its database; killed only if it does not.
    child.askToStop();
  });
}
