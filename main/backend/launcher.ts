import { randomBytes } from 'node:crypto';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';

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
  /**
   * The setup calls answer (create the first super-admin, or choose the demo data): the desktop
   * app's backend, and the browser host's unless it was told `--demo`.
   */
  firstRun?: boolean;
  /**
   * Seed the demo operators, whose password is published, in a new database. Never the desktop
   * app's choice: only the browser host's `--demo` (tests, development) asks for it.
   */
  demo?: boolean;
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
  /** What every request to it must carry: this start's launch key. */
  headers: Record<string, string>;
  stop(): Promise<void>;
  /** Tells when the backend ends without being asked to (a crashed worker). */
  onExit?(listener: (reason: string) => void): void;
}

export interface BackendLauncher {
  start(): Promise<RunningBackend>;
}

/**
 * What server/worker.ts posts to its parent: it asks for its launch key, it listens, or it cannot
 * start.
 */
export type WorkerReport =
  { type: 'needsLaunchKey' } | { type: 'ready'; port: number } | { type: 'error'; message: string };

export function parseWorkerMessage(msg: unknown): WorkerReport | null {
  if (!msg || typeof msg !== 'object') return null;
  const m = msg as Record<string, unknown>;
  if (m['type'] === 'needsLaunchKey') return { type: 'needsLaunchKey' };
  if (m['type'] === 'ready' && typeof m['port'] === 'number' && Number.isInteger(m['port'])) {
    return { type: 'ready', port: m['port'] };
  }
  if (m['type'] === 'error') return { type: 'error', message: String(m['message'] ?? 'unknown error') };
  return null;
}

/** Asks a worker to close its database and exit (server/worker-protocol.ts). */
export const STOP_COMMAND = { type: 'stop' } as const;

/** Answers a worker's needsLaunchKey (server/worker-protocol.ts). */
export const launchKeyCommand = (key: string) => ({ type: 'launchKey', key }) as const;

/** How long a worker may take to open its database, migrate and seed before we give up on it. */
export const WORKER_START_TIMEOUT_MS = 120_000;
/** How long a worker may take to close its database when asked to stop, before it is killed. */
export const WORKER_STOP_TIMEOUT_MS = 10_000;

export const backendUrl = (port: number): string => `http://127.0.0.1:${port}`;

/**
 * A fresh key per start of the embedded backend. The backend answers only requests carrying it,
 * and only main has it: another local user, or a web page making the browser call the loopback
 * port, can reach the port but not the key.
 */
export function newLaunchKey(): string {
  return randomBytes(32).toString('base64url');
}

export function launchKeyHeaders(key: string): Record<string, string> {
  return { [EMBEDDED_KEY_HEADER]: key };
}

/**
 * The worker's command line. It runs from a data folder and a seed size; token lifetimes and an
 * in-memory database are for tests, which run the backend in process.
 */
export function workerArgs(options: EmbeddedBackendOptions): string[] {
  if (!options.dataDir) throw new Error('a backend worker needs a data folder (in-memory runs in process)');
  if (options.accessTtlSec !== undefined || options.refreshTtlSec !== undefined || options.clock) {
    throw new Error('token lifetimes and the clock can only be set on an in-process backend');
  }
  // The key itself follows over the message port, when the worker asks (awaitWorker).
  const args = ['--data', options.dataDir, '--launch-key-from-parent'];
  if (options.seedPlayers !== undefined) args.push('--seed', String(options.seedPlayers));
  if (options.firstRun) args.push('--first-run');
  if (options.demo) args.push('--demo');
  return args;
}

/** Variables of our environment the worker must not inherit. */
const NOT_INHERITED = new Set(['DATABASE_URL', 'GAMEOPS_DATA_DIR', 'GAMEOPS_SEED']);

/**
 * The worker's environment: ours, minus what would send the embedded backend elsewhere (a
 * DATABASE_URL in the operator's shell is for `npm run server`, not for the app's own database).
 * No launch key: an environment lasts as long as the process, is inherited by what it starts and
 * can be read by the user's other processes; the key goes over the message port instead.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || NOT_INHERITED.has(k)) continue;
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
  /** Posts a command to the worker (server/worker-protocol.ts), if it still listens. */
  send(command: object): void;
  /** Asks the worker to close its database and exit. */
  askToStop(): void;
  kill(): void;
}

/**
 * Gives the worker its launch key when it asks for it, and resolves once it reports ready;
 * rejects on its error, its early exit or a timeout. Requests to it carry the key.
 */
export function awaitWorker(child: WorkerProcess, launchKey: string): Promise<RunningBackend> {
  const headers = launchKeyHeaders(launchKey);
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
      if (msg.type === 'needsLaunchKey') {
        child.send(launchKeyCommand(launchKey));
        return;
      }
      if (msg.type === 'error') {
        fail(new Error(msg.message));
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve({
        url: backendUrl(msg.port),
        port: msg.port,
        headers,
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
