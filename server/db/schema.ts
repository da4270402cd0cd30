import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are `timestamptz`: both drivers read them as Date,
 * and we write Date values. JSON columns are written as JSON text (see `jsonValue`) because the
 * two drivers serialise JS arrays differently.
 */

type Timestamp = ColumnType<Date, Date, Date>;
type JsonColumn = ColumnType<unknown, string | null, string | null>;

export interface OperatorsTable {
  id: Generated<number>;
  phone: string;
  name: string;
  first_name: string;
  avatar: string;
  bio: string;
  roles: string[];
  password_hash: string;
  disabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  id: string;
  operator_id: number;
  created_at: Timestamp;
  /** The family's absolute end: no refresh past this, whatever the rotation. */
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  client_ip: string;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Once rotated: the new refresh token, sealed with a key derived from this (old) token, so that
   * the old one presented again within the grace gets the same new one (server/auth/grace.ts).
   */
  successor: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  client_ip: string;
  at: Timestamp;
}

/** Where an operator signed in successfully: the address limit does not slow them there. */
export interface KnownAddressesTable {
  operator_id: number;
  client_ip: string;
  last_success_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  operator_id: number | null;
  /** Name (or the account typed at sign-in) kept as text so entries outlive the operator. */
  operator: string;
  action: string;
  game: string | null;
  target: string;
  reason: string | null;
  outcome: 'ok' | 'error';
  code: number;
  before: JsonColumn;
  after: JsonColumn;
  client_ip: string;
}

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

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type RequiredJson = ColumnType<unknown, string, string>;

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
}

/** The game's cache of a tab: the rows as they were at cached_at. */
export interface PlayerCacheTable {
  game: string;
  player_id: string;
  tab: string;
  data: RequiredJson;
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

export interface BannedHeroesTable {
  id: Generated<number>;
  game: string;
  hero_id: number;
  hero_name: string;
  /** null = every player of the game. */
  player_id: NullableText;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  lifted_at: NullableTimestamp;
  lifted_by: NullableText;
  lift_reason: NullableText;
}

export interface BlacklistTable {
  id: Generated<number>;
  game: string;
  kind: 'player' | 'ip';
  value: string;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
}

export interface SpecialUsersTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  category: string;
  note: string;
  operator: string;
  created_at: Timestamp;
}

export interface TestingPlayersTable {
  game: string;
  player_id: string;
  note: string;
  added_at: Timestamp;
}

export interface TestingRechargesTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  order_id: string;
  product: string;
  amount: number;
  currency: string;
  at: Timestamp;
  status: 'paid' | 'refunded';
  refunded_at: NullableTimestamp;
  refunded_by: NullableText;
  refund_reason: NullableText;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** What the backend itself did or met (start, migrations, failed checks), beside the audit log. */
export interface SystemEventsTable {
  id: Generated<number>;
  at: Timestamp;
  /** `<area>.<event>`: 'backend.started', 'backend.migrated', 'serverWatch.checkFailed', ... */
  kind: string;
  level: 'info' | 'warn' | 'error';
  game: string | null;
  /** What it concerns (a server, a migration), free text. */
  subject: string;
  detail: JsonColumn;
}

export interface Database {
  operators: OperatorsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  known_addresses: KnownAddressesTable;
  audit_log: AuditLogTable;
  system_events: SystemEventsTable;
  players: PlayersTable;
  player_data_made: PlayerDataMadeTable;
  player_rows: PlayerRowsTable;
  player_equipment: PlayerEquipmentTable;
  player_cache: PlayerCacheTable;
  player_logs: PlayerLogsTable;
  banned_heroes: BannedHeroesTable;
  blacklist: BlacklistTable;
  special_users: SpecialUsersTable;
  testing_players: TestingPlayersTable;
  testing_recharges: TestingRechargesTable;
  app_meta: AppMetaTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;

/** JSON for a json/jsonb column, as text both drivers pass through unchanged. */
export function jsonValue(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
