import type { SetupState } from '../shared/api/setup.js';

/**
 * Messages between the backend worker and the process that forked it (Electron main through a
 * utilityProcess, or Node through child_process.fork).
 */

export type WorkerMessage =
  /** `setup`: where the database stood at start (shared/api/setup.ts); setup.status says it later. */
  | { type: 'ready'; port: number; url: string; database: 'pglite' | 'postgres'; setup: SetupState }
  | { type: 'error'; message: string; code?: 'DATA_DIR_LOCKED' | 'START_FAILED' }
  | { type: 'stats'; rss: number; heapUsed: number; heapTotal: number; external: number };

export type WorkerCommand = { type: 'stop' } | { type: 'stats' };

export function isWorkerCommand(v: unknown): v is WorkerCommand {
  if (!v || typeof v !== 'object') return false;
  const t = (v as { type?: unknown }).type;
  return t === 'stop' || t === 'stats';
}
