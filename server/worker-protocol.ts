import type { SetupState } from '../shared/api/setup.js';

/**
 * Messages between the backend worker and the process that forked it (Electron main through a
 * utilityProcess, or Node through child_process.fork).
 */

export type WorkerMessage =
  /**
   * Started with --launch-key-from-parent: the worker asks for this start's launch key once it
   * listens for commands (a key sent before that could be lost), and starts when it has it.
   */
  | { type: 'needsLaunchKey' }
  /** `setup`: where the database stood at start (shared/api/setup.ts); setup.status says it later. */
  | { type: 'ready'; port: number; url: string; database: 'pglite' | 'postgres'; setup: SetupState }
  | { type: 'error'; message: string; code?: 'DATA_DIR_LOCKED' | 'START_FAILED' }
  | { type: 'stats'; rss: number; heapUsed: number; heapTotal: number; external: number };

export type WorkerCommand = { type: 'stop' } | { type: 'stats' } | { type: 'launchKey'; key: string };

export function isWorkerCommand(v: unknown): v is WorkerCommand {
  if (!v || typeof v !== 'object') return false;
  const { type, key } = v as { type?: unknown; key?: unknown };
  return type === 'stop' || type === 'stats' || (type === 'launchKey' && typeof key === 'string');
}
