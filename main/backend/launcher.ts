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
