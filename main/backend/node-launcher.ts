import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  STOP_COMMAND,
  awaitWorker,
  backendUrl,
  launchKeyHeaders,
  newLaunchKey,
  workerArgs,
  workerEnv,
  type BackendLauncher,
  type EmbeddedBackendOptions,
  type WorkerProcess,
} from './launcher.js';
import { forwardWorkerOutput } from './worker-output.js';

/** server/worker.ts, from this file; the Node host runs it from source (tsx), never from a build. */
export const WORKER_SOURCE = fileURLToPath(new URL('../../server/worker.ts', import.meta.url));

/** Runs the backend inside this Node process: the fastest start, and the only one with test knobs. */
export function createInProcessLauncher(options: EmbeddedBackendOptions): BackendLauncher {
  return {
    async start() {
      const { startBackend } = await import('../../server/backend.js');
      const launchKey = newLaunchKey();
      const auth = {
        ...(options.accessTtlSec !== undefined ? { accessTtlSec: options.accessTtlSec } : {}),
        ...(options.refreshTtlSec !== undefined ? { sessionTtlSec: options.refreshTtlSec } : {}),
      };
      const b = await startBackend({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.seedPlayers !== undefined ? { seedPlayers: options.seedPlayers } : {}),
        auth,
        ...(options.clock ? { clock: options.clock } : {}),
        launchKey,
        firstRun: options.firstRun === true,
        demo: options.demo === true,
        host: '127.0.0.1',
        port: 0,
        logger: false,
      });
      return {
        url: backendUrl(b.port),
        port: b.port,
        headers: launchKeyHeaders(launchKey),
        stop: () => b.close(),
      };
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
      const launchKey = newLaunchKey();
      const child = fork(workerPath, args, {
        execArgv: ['--import', 'tsx'],
        env: workerEnv(),
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      forwardWorkerOutput(child.stdout, 'stdout');
      forwardWorkerOutput(child.stderr, 'stderr');
      return awaitWorker(nodeWorker(child), launchKey);
    },
  };
}

function nodeWorker(child: ChildProcess): WorkerProcess {
  return {
    onMessage: (l) => void child.on('message', l),
    onExit: (l) =>
      void child.once('exit', (code, signal) =>
        l(signal ? `killed by ${signal}` : `exited with code ${code}`),
      ),
    onError: (l) => void child.on('error', l),
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    send: (command) => {
      if (child.connected) child.send(command);
    },
    askToStop: () => {
      if (child.connected) child.send(STOP_COMMAND);
      else child.kill('SIGTERM');
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
