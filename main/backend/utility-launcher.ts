import { utilityProcess, type UtilityProcess } from 'electron';
import {
  STOP_COMMAND,
  awaitWorker,
  workerArgs,
  workerEnv,
  type BackendLauncher,
  type EmbeddedBackendOptions,
  type WorkerProcess,
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
      const child = utilityProcess.fork(workerPath, args, {
        serviceName: 'GameOps reference backend',
        env: workerEnv(),
        stdio: 'inherit',
      });
      return awaitWorker(utilityWorker(child));
    },
  };
}

function utilityWorker(child: UtilityProcess): WorkerProcess {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    onMessage: (l) => void child.on('message', l),
    onExit: (l) => void child.once('exit', (code) => l(`exited with code ${code}`)),
    // A utility process reports failures through 'exit'; it has no 'error' event to listen to.
    onError: () => undefined,
    hasExited: () => exited || child.pid === undefined,
    askToStop: () => child.postMessage(STOP_COMMAND),
    kill: () => void child.kill(),
  };
}
