import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableText, RequiredJson } from '../db/columns.js';

export interface PlayersTable {
  game: string;
  id: string;
  num: number;
  name: string;
  level: number;
  /** 'active' | 'inactive' | 'deleted' (a check constraint holds it). */
  state: string;
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Marks a player whose game data has been made from the seed (once, on first read). */
export interface PlayerDataMadeTable {
  game: string;
  player_id: string;
  made_at: Timestamp;
}

/** One row of one tab (shared/player-tabs.ts); `record` tabs have a single row, seq 0. */
export interface PlayerRowsTable {
  game: string;
  player_id: string;
  tab: string;
  seq: number;
  data: RequiredJson;
}

export interface PlayerEquipmentTable {
  game: string;
  player_id: string;
  id: string;
  eq_id: number;
  name: string;
  quality: string;
  level: number;
  power: number;
  base_attrs: RequiredJson;
  extra_attrs: RequiredJson;
  suit_attrs: RequiredJson;
  /** The piece as the equipment tab's JSON object, written with the piece (materialise.ts). */
  doc: string;
}

/** The game's cache of a tab: the rows as they were at cached_at, as one JSON array's text. */
export interface PlayerCacheTable {
  game: string;
  player_id: string;
  tab: string;
  data: string;
  /** The copy's row count and first row's text (null: not known, see players/cache.ts). */
  row_count: ColumnType<number | null, number | null | undefined, number | null>;
  first_row: NullableText;
  cached_at: Timestamp;
}

export interface PlayerLogsTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  at: Timestamp;
  kind: string;
  detail: string;
  ip: NullableText;
}

/** Players and their game data (server/players). */
export interface PlayersTables {
  players: PlayersTable;
  player_data_made: PlayerDataMadeTable;
  player_rows: PlayerRowsTable;
  player_equipment: PlayerEquipmentTable;
  player_cache: PlayerCacheTable;
  player_logs: PlayerLogsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends PlayersTables {}
}
