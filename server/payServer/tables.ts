import type { Timestamp, NullableTimestamp, NullableText } from '../db/columns.js';

/** A pay-server token (server/payServer): one per operator, stored as a hash, never in the clear. */
export interface PayServerTokensTable {
  operator_id: number;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
}

/** The pay server's one state row (id 1): whether it takes new orders and payments, and who said so. */
export interface PayServerStateTable {
  id: number;
  accepting: boolean;
  changed_at: NullableTimestamp;
  changed_by: NullableText;
  reason: NullableText;
}

/** The pay server's sign-in and on/off state (server/payServer, part of payments). */
export interface PayServerTables {
  pay_server_tokens: PayServerTokensTable;
  pay_server_state: PayServerStateTable;
}
