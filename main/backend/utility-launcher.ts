import { utilityProcess, type UtilityProcess } from 'electron';
import {
  STOP_COMMAND,
  awaitWorker,
  newLaunchKey,
  workerArgs,
  workerEnv,
  type BackendLauncher,
  type WorkerProcess,
} from './launcher.js';
import { forwardWorkerOutput } from './worker-output.js';

/**
 * The desktop app's embedded backend: dist-electron/backend.js in an Electron utility process, so
 * its database work never blocks the window and a crash in it leaves the console standing.
 *
 * It always starts as a first run and never with the demo data: a fresh install has no operator
 * and no known password until the first person at the console creates the first super-admin, or
 * chooses the demo data in the console (both through the setup calls only main can make).
 */
export function createUtilityProcessLauncher(
  workerPath: string,
  options: { dataDir: string },
): BackendLauncher {
  return {
    start() {
      const args = workerArgs({ dataDir: options.dataDir, firstRun: true });
      const launchKey = newLaunchKey();
      const child = utilityProcess.fork(workerPath, args, {
        serviceName: 'GameOps reference backend',
        env: workerEnv(),
        stdio: 'pipe',
      });
      forwardWorkerOutput(child.stdout, 'stdout');
      forwardWorkerOutput(child.stderr, 'stderr');
      return awaitWorker(utilityWorker(child), launchKey);
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
    send: (command) => child.postMessage(command),
    askToStop: () => child.postMessage(STOP_COMMAND),
    kill: () => void child.kill(),
  };
}
