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
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  client_ip: string;
  at: Timestamp;
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
  state: string;
  created_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  operators: OperatorsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  players: PlayersTable;
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
