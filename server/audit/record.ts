import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditEntry } from '../../shared/api/users.js';
import { listPage, type Page, type PageInput } from '../db/paging.js';
import { jsonValue, type AuditRow, type Database } from '../db/schema.js';

/**
 * The audit log. Every call of an endpoint marked `audit` lands here with its outcome (the
 * endpoint layer does that), and so do sign-ins, sign-outs and refresh-token reuse.
 */

export interface AuditRecord {
  at: Date;
  operatorId: number | null;
  /** The operator's name, or the account typed at a failed sign-in. */
  operator: string;
  action: string;
  game?: string | null;
  target?: string;
  reason?: string | null;
  outcome: 'ok' | 'error';
  code: number;
  before?: unknown;
  after?: unknown;
  clientIp: string;
}

/** What a handler tells the audit log about its call (the rest comes from the request). */
export interface AuditDraft {
  target?: string;
  before?: unknown;
  after?: unknown;
  game?: string;
}

export async function recordAudit(db: Kysely<Database>, r: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: r.at,
      operator_id: r.operatorId,
      operator: r.operator.slice(0, 200),
      action: r.action,
      game: r.game ?? null,
      target: (r.target ?? '').slice(0, 500),
      reason: r.reason ?? null,
      outcome: r.outcome,
      code: r.code,
      before: jsonValue(r.before),
      after: jsonValue(r.after),
      client_ip: r.clientIp,
    })
    .execute();
}

export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operator: row.operator,
    action: row.action,
    game: row.game,
    target: row.target,
    reason: row.reason,
    outcome: row.outcome,
    code: row.code,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** One page of the audit entries that `filtered` picks (one operator's, one player's), newest first. */
export function auditPage(
  filtered: SelectQueryBuilder<Database, 'audit_log', object>,
  input: PageInput,
): Promise<Page<AuditEntry>> {
  return listPage(filtered, filtered.selectAll().orderBy('id', 'desc'), input, auditEntryOf);
}
