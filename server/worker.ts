import { parseArgs } from 'node:util';
import { startBackend, type RunningBackend } from './backend.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DEFAULT_DATA_DIR, DEFAULT_HOST, parsePort, parseSeed } from './options.js';
import { isWorkerCommand, type WorkerMessage } from './worker-protocol.js';

/**
 * The backend as a child process of the desktop app. Main forks it (Electron utilityProcess, or
 * Node's child_process.fork) with the data directory in `--data` or GAMEOPS_DATA_DIR (or
 * DATABASE_URL for PostgreSQL); it listens on 127.0.0.1, a free port, and posts
 * `{ type: 'ready', port, setup }`, or `{ type: 'error', message }` when it cannot start (for
 * example when another process holds the data directory). It stops when told to, on SIGTERM, or
 * when its parent goes away.
 *
 * The desktop app starts it with `--launch-key-from-parent`: the worker asks its parent for this
 * start's launch key over the message port and every request must then carry it (so only main is
 * answered). The key is never in the environment, which this process and anything it starts would
 * hold for their whole life, and other processes of the user can read (/proc/PID/environ), nor on
 * the command line. `--first-run` (or GAMEOPS_FIRST_RUN=1) opens the first-run setup calls, which
 * need the key. `--demo` seeds the demo operators into a database without any (the
 * browser host and tests; never the desktop app, whose first run asks).
 */

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function post(message: WorkerMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else if (process.send) process.send(message);
}

function onCommand(listener: (data: unknown) => void): void {
  if (parentPort) parentPort.on('message', (e) => listener(e.data));
  else process.on('message', listener);
}

let backend: RunningBackend | undefined;
let stopping = false;

/** How long the worker waits for its parent to answer needsLaunchKey before giving up. */
const LAUNCH_KEY_TIMEOUT_MS = 30_000;
let receiveLaunchKey: ((key: string) => void) | undefined;

function launchKeyFromParent(): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the parent sent no launch key within ${LAUNCH_KEY_TIMEOUT_MS / 1000} s`)),
      LAUNCH_KEY_TIMEOUT_MS,
    );
    receiveLaunchKey = (key) => {
      clearTimeout(timer);
      receiveLaunchKey = undefined;
      resolve(key);
    };
    post({ type: 'needsLaunchKey' });
  });
}

async function stop(code = 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    try {
      await backend?.close();
    } catch (err) {
      console.error('backend worker: error while stopping', err);
      code = code || 1;
    }
  }
  process.exit(code);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'first-run': { type: 'boolean' },
      demo: { type: 'boolean' },
      'launch-key-from-parent': { type: 'boolean' },
    },
    strict: true,
  });
  const firstRun = values['first-run'] === true || process.env['GAMEOPS_FIRST_RUN'] === '1';
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = values.data ?? process.env['GAMEOPS_DATA_DIR'] ?? DEFAULT_DATA_DIR;
  const seedPlayers = parseSeed(values.seed ?? process.env['GAMEOPS_SEED']);

  onCommand((data) => {
    if (!isWorkerCommand(data)) return;
    if (data.type === 'stop') void stop(0);
    if (data.type === 'launchKey') receiveLaunchKey?.(data.key);
    if (data.type === 'stats') {
      const m = process.memoryUsage();
      post({ type: 'stats', rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external });
    }
  });
  // The parent is gone: Node IPC says so; for Electron (and as a fallback) watch for re-parenting.
  process.on('disconnect', () => void stop(0));
  const parentPid = process.ppid;
  setInterval(() => {
    if (process.ppid !== parentPid) void stop(0);
  }, 2000).unref();
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));

  // Asked for once the command listener is in place, so the answer cannot arrive unheard.
  const launchKey = values['launch-key-from-parent'] === true ? await launchKeyFromParent() : undefined;
  backend = await startBackend({
    ...(databaseUrl ? { databaseUrl } : { dataDir }),
    host: values.host ?? DEFAULT_HOST,
    port: parsePort(values.port, 0),
    ...(seedPlayers !== undefined ? { seedPlayers } : {}),
    ...(launchKey !== undefined ? { launchKey } : {}),
    firstRun,
    demo: values.demo === true,
    logger: { level: process.env['LOG_LEVEL'] ?? 'warn' },
  });
  post({
    type: 'ready',
    port: backend.port,
    url: backend.url,
    database: backend.database.kind,
    setup: backend.setup,
  });
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  post({
    type: 'error',
    message,
    code: err instanceof DataDirLockedError ? 'DATA_DIR_LOCKED' : 'START_FAILED',
  });
  console.error(`backend worker: ${message}`);
  // Give the message time to leave before the channel closes.
  setTimeout(() => process.exit(1), 100);
});
