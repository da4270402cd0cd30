import { utilityProcess, type UtilityProcess } from 'electron';
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

/**
 * The desktop app's embedded backend: dist-electron/backend.js in an Electron utility process, so
 * its database work never blocks the window and a crash in it leaves the console standing.
 */
export function createUtilityProcessLauncher(
  workerPath: string,
  options: EmbeddedBackendOptions,
): BackendLauncher {
  return {
    start() {
      const args = workerArgs(options);
      return new Promise<RunningBackend>((resolve, reject) => {
        const child = utilityProcess.fork(workerPath, args, {
          serviceName: 'GameOps reference backend',
          env: workerEnv(),
          stdio: 'inherit',
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
          fail(new Error(`the backend did not report ready within ${WORKER_START_TIMEOUT_MS / 1000} s`));
          child.kill();
        }, WORKER_START_TIMEOUT_MS);
        child.on('message', (raw: unknown) => {
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
              return stopUtility(child);
            },
            onExit: (l) => void exitListeners.push(l),
          });
        });
        child.on('exit', (code) => {
          fail(new Error(`the backend process exited with code ${code} before it was ready`));
          if (!stopping) for (const l of exitListeners) l(`exited with code ${code}`);
        });
      });
    },
  };
}

function stopUtility(child: UtilityProcess): Promise<void> {
  if (child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill(), WORKER_STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // Asked first, so it closes its database; killed only if it does not.
    child.postMessage(STOP_COMMAND);
  });
}
