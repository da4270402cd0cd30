import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, NullableText, RequiredJson } from '../db/columns.js';

/** A run of a data-repair function, with its progress and outcome (server/batchFix). */
export interface BatchFixJobsTable {
  id: Generated<number>;
  game: string;
  name: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';
  reason: string;
  operator_id: number | null;
  operator: string;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** Moved on after every batch: a running job whose heartbeat stopped was interrupted. */
  heartbeat_at: Timestamp;
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  changed: ColumnType<number, number | undefined, number>;
  /** Rows changed per table and kind of change, as the job goes. */
  counts: RequiredJson;
  error: NullableText;
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Data repair (server/batchFix). */
export interface BatchFixTables {
  batch_fix_jobs: BatchFixJobsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends BatchFixTables {}
}
