import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  STOP_COMMAND,
  WORKER_START_TIMEOUT_MS,
  WORKER_STOP_TIMEOUT_MS,
  backendUrl,
  parseWorkerMessage,
  workerArgs,
  workerEnv,
  type BackendLauncher,
  type EmbeddedBackendOptions,
  type RunningBackend,
} from './launcher.js';

/** server/worker.ts, from this file; the Node host runs it from source (tsx), never from a build. */
export const WORKER_SOURCE = fileURLToPath(new URL('../../server/worker.ts', import.meta.url));

/** Runs the backend inside this Node process: the fastest start, and the only one with test knobs. */
export function createInProcessLauncher(options: EmbeddedBackendOptions): BackendLauncher {
  return {
    async start() {
      const { startBackend } = await import('../../server/backend.js');
      const auth = {
        ...(options.accessTtlSec !== undefined ? { accessTtlSec: options.accessTtlSec } : {}),
        ...(options.refreshTtlSec !== undefined ? { sessionTtlSec: options.refreshTtlSec } : {}),
      };
      const b = await startBackend({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.seedPlayers !== undefined ? { seedPlayers: options.seedPlayers } : {}),
        auth,
        ...(options.clock ? { clock: options.clock } : {}),
        host: '127.0.0.1',
        port: 0,
        logger: false,
      });
      return { url: backendUrl(b.port), port: b.port, stop: () => b.close() };
    },
  };
}

/**
 * Runs the backend as a child Node process with tsx, like the desktop app's utility process: a
 * crash in the backend cannot take the host down with it.
 */
export function createForkLauncher(
  options: EmbeddedBackendOptions,
  workerPath: string = WORKER_SOURCE,
): BackendLauncher {
  return {
    start() {
      const args = workerArgs(options);
      return new Promise<RunningBackend>((resolve, reject) => {
        const child = fork(workerPath, args, {
          execArgv: ['--import', 'tsx'],
          env: workerEnv(),
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
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
          fail(
            new Error(`the backend worker did not report ready within ${WORKER_START_TIMEOUT_MS / 1000} s`),
          );
          child.kill('SIGKILL');
        }, WORKER_START_TIMEOUT_MS);
        child.on('message', (raw) => {
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
              return stopChild(child);
            },
            onExit: (l) => void exitListeners.push(l),
          });
        });
        child.on('error', (err) => fail(err));
        child.on('exit', (code, signal) => {
          const reason = signal ? `killed by ${signal}` : `exited with code ${code}`;
          fail(new Error(`the backend worker ${reason} before it was ready`));
          if (!stopping) for (const l of exitListeners) l(reason);
        });
      });
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), WORKER_STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // Asked first, so it closes its database; killed only if it does not.
    if (child.connected) child.send(STOP_COMMAND);
    else child.kill('SIGTERM');
  });
}
