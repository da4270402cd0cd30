import type { Generated, Selectable } from 'kysely';
import type { Timestamp, JsonColumn } from '../db/columns.js';

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

/** The audit log (server/audit/record.ts writes it, the system logs read it). */
export interface AuditTables {
  audit_log: AuditLogTable;
}

export type AuditRow = Selectable<AuditLogTable>;
