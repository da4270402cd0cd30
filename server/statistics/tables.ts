import type { ColumnType } from 'kysely';
import type { NullableText, Timestamp } from '../db/columns.js';

/**
 * Statistics' raw rows (matches and their lineups, the API's hourly measurements) and the rollups
 * the screens read. Rollups are kept per hour (UTC hour starts), not per studio day, so that a
 * change of the studio's time zone regroups them at read time instead of recounting them; the
 * per-address rollups are for all time, so they have no day at all.
 */

/** A match played (append-only: a match is a fact; corrections go through the rebuild). */
export interface MatchesTable {
  game: string;
  id: ColumnType<string, string | number, never>;
  mode: string;
  map: string;
  started_at: Timestamp;
  seconds: number;
  /** red or blue; null for a draw. */
  winner: NullableText;
}

/** A player's place in a match (append-only, after its match). */
export interface MatchPlayersTable {
  game: string;
  match_id: ColumnType<string, string | number, never>;
  player_id: string;
  side: string;
  result: string;
  kills: number;
  deaths: number;
  score: number;
}

/** Per game, UTC hour and mode: matches started, their player places and seconds. */
export interface MatchHoursTable {
  game: string;
  hour: Timestamp;
  mode: string;
  matches: number;
  players: number;
  seconds: ColumnType<string | number, number, number>;
}

/** The API's calls per hour, endpoint and game ('' for calls of no game), with their latencies. */
export interface ApiCallHoursTable {
  hour: Timestamp;
  endpoint: string;
  game: string;
  calls: number;
  errors: number;
  /** Calls per latency bucket (shared/api/statistics.ts LATENCY_BUCKETS_MS, then one slower). */
  buckets: ColumnType<number[], number[], number[]>;
}

/** The failed calls of an hour, endpoint and game by envelope code. */
export interface ApiCallErrorsTable {
  hour: Timestamp;
  endpoint: string;
  game: string;
  code: number;
  calls: number;
}

/** An address's figures for all time (kept from sign_ins by trigger). */
export interface IpAddressesTable {
  game: string;
  ip: string;
  accounts: number;
  sign_ins: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** An account's sign-ins from an address, for all time: what makes `accounts` exact. */
export interface IpAccountsTable {
  game: string;
  ip: string;
  player_id: string;
  sign_ins: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

export interface StatisticsTables {
  matches: MatchesTable;
  match_players: MatchPlayersTable;
  match_hours: MatchHoursTable;
  api_call_hours: ApiCallHoursTable;
  api_call_errors: ApiCallErrorsTable;
  ip_addresses: IpAddressesTable;
  ip_accounts: IpAccountsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends StatisticsTables {}
}
