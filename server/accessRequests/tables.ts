import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, NullableText } from '../db/columns.js';

/** A newcomer's request for an operator account (server/accessRequests). */
export interface AccessRequestsTable {
  id: Generated<number>;
  name: string;
  phone: string;
  games: string[];
  why: string;
  /** The password the newcomer chose, hashed as an operator's (server/auth/password.ts). */
  password_hash: string;
  status: 'open' | 'approved' | 'declined';
  client_ip: string;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: NullableText;
  roles: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  decline_reason: NullableText;
  operator_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Requests for an operator account (server/accessRequests). */
export interface AccessRequestsTables {
  access_requests: AccessRequestsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends AccessRequestsTables {}
}
