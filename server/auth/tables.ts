import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';

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

/** Sign-in (server/auth): sessions, their refresh tokens, failures and known addresses. */
export interface AuthTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  known_addresses: KnownAddressesTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends AuthTables {}
}
