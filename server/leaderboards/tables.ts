import type { Generated } from 'kysely';
import type { NullableText, NullableTimestamp, Timestamp } from '../db/columns.js';

export interface LeaderboardSeasonsTable {
  game: string;
  id: number;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

/** One record on one board of one season; a deleted one stays, with who deleted it and why. */
export interface LeaderboardRecordsTable {
  id: Generated<number>;
  game: string;
  season_id: number;
  /** 'player' | 'team' | 'equip', or a stage's `stage-<id>` (a check constraint holds it). */
  board: string;
  player_id: string;
  team_name: NullableText;
  score: number;
  level: number;
  eq_name: NullableText;
  eq_quality: NullableText;
  /** A stage's clear time in milliseconds; null on the boards. */
  clear_ms: Generated<number | null>;
  achieved_at: Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: NullableText;
  delete_reason: NullableText;
}

/**
 * The live records of a board and season whose score is at least `lo` and below the next block's
 * `lo`: what a rank counts in one step instead of record by record (server/leaderboards/ranks.ts).
 */
export interface LeaderboardRankBlocksTable {
  game: string;
  season_id: number;
  board: string;
  lo: number;
  records: number;
}

export interface LeaderboardSettingsTable {
  game: string;
  dynamic_rank: boolean;
  updated_at: NullableTimestamp;
  updated_by: NullableText;
}

/** Leaderboards (server/leaderboards). */
export interface LeaderboardsTables {
  leaderboard_seasons: LeaderboardSeasonsTable;
  leaderboard_records: LeaderboardRecordsTable;
  leaderboard_rank_blocks: LeaderboardRankBlocksTable;
  leaderboard_settings: LeaderboardSettingsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends LeaderboardsTables {}
}
