import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from '../db/columns.js';

/** A message notice (server/notices): a threshold on a game's online players or income. */
export interface NoticeRulesTable {
  id: Generated<number>;
  game: string;
  kind: 'playersBelow' | 'playersAbove' | 'incomeBelow';
  threshold: number;
  by_hour: number | null;
  enabled: boolean;
  note: string;
  state: 'ok' | 'crossed' | 'unknown';
  last_fired_at: NullableTimestamp;
  last_value: number | null;
  last_evaluated_at: NullableTimestamp;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

/** Message notices (server/notices). */
export interface NoticesTables {
  notice_rules: NoticeRulesTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends NoticesTables {}
}
