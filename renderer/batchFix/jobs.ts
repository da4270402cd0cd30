import {
  ACTIVE_JOB_STATUSES,
  type RepairFunction,
  type RepairJob,
  type RepairJobStatus,
} from '../../shared/api/batchFix.js';
import type { GameId } from '../../shared/games.js';

/** What the data-repair page works out from a run and the functions, apart from drawing. */

/** The games that have the data-repair page (the registry says which). */
export type BatchFixGame = Extract<GameId, 'atomicwar' | 'ymmj' | 'lw'>;

/** How often a running repair is asked for its progress. */
export const POLL_MS = 500;

export const isActive = (status: RepairJobStatus): boolean =>
  (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);

/** How far a run is, from 0 to 1: the rows looked at of those its dry run counted. */
export function progressOf(job: Pick<RepairJob, 'status' | 'processed' | 'total'>): number {
  if (job.status === 'done') return 1;
  if (job.total <= 0) return isActive(job.status) ? 0 : 1;
  return Math.min(1, job.processed / job.total);
}

/** Whether a function removes rows (its confirmation then says nothing can be restored). */
export const removesRows = (fn: Pick<RepairFunction, 'touches'>): boolean =>
  fn.touches.some((t) => t.change === 'delete');

/** A value of a dry run's sample as one short line: compact JSON, cut with an ellipsis. */
export function preview(value: unknown, max = 160): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The run named in the URL (`?run=12`), or null. */
export function runParam(raw: string | null): number | null {
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** How a run ended, for its toast: done, or the kind of trouble (null while it runs). */
export function outcomeOf(status: RepairJobStatus): Exclude<RepairJobStatus, 'queued' | 'running'> | null {
  if (status === 'queued' || status === 'running') return null;
  return status;
}
