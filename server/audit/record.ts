import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditEntry } from '../../shared/api/users.js';
import { storableText } from '../../shared/api/text.js';
import { listPage, type Page, type PageInput } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import type { SortOrder } from '../../shared/api/sorting.js';
import { jsonValue, type Database } from '../db/schema.js';
import type { AuditRow } from './tables.js';

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
  /**
   * Who a public call acted as (the first-run setup names the operator it created): with no
   * signed-in operator, the entry is recorded under this name instead of "(not signed in)".
   */
  actor?: { id: number | null; name: string };
}

/**
 * Writes one entry. What a call was refused for may be its very text (a NUL, broken Unicode), so
 * every text and every string inside before/after is made storable first: a refused call is
 * still recorded, with the offending characters shown as U+FFFD.
 */
export async function recordAudit(db: Kysely<Database>, r: AuditRecord): Promise<number> {
  const text = (s: string, max: number) => storableText(s).slice(0, max);
  const row = await db
    .insertInto('audit_log')
    .values({
      at: r.at,
      operator_id: r.operatorId,
      operator: text(r.operator, 200),
      action: text(r.action, 100),
      game: r.game == null ? null : text(r.game, 50),
      target: text(r.target ?? '', 500),
      reason: r.reason == null ? null : text(r.reason, 500),
      outcome: r.outcome,
      code: r.code,
      before: storableJsonText(r.before),
      after: storableJsonText(r.after),
      client_ip: text(r.clientIp, 100),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Completes an entry's `after` with what a step that ran after its call's commit left (a delivery
 * to a game): the entry was written with the change; this says how it ended.
 */
export async function completeAuditAfter(db: Kysely<Database>, id: number, after: unknown): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ after: storableJsonText(after) })
    .where('id', '=', id)
    .execute();
}

/** Deeper than any row a handler keeps: past it a value is summarised, not walked. */
const MAX_DEPTH = 32;

/** A JSON-able value with every string (keys too) storable; jsonb refuses \u0000. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[nested too deep to record]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v, depth + 1)]),
  );
}

/** before/after as JSON text; a value JSON cannot hold (a throwing toJSON) is recorded as saying so. */
function storableJsonText(value: unknown): string | null {
  try {
    return jsonValue(storableJson(value));
  } catch {
    return JSON.stringify({ unrecordable: 'this value could not be written as JSON' });
  }
}

export interface AuditLog {
  error(obj: object, msg: string): void;
}

/**
 * Records the failure of a call, which happens outside the call's (rolled back) transaction, and
 * must not be lost to a second failure. A row can be refused for naming an operator deleted
 * since the call began (the foreign key), or for a value the database will not take: the entry
 * is tried again without the operator's id (the name stays) and without before/after. When even
 * that fails (the database is gone), the whole entry goes to the server's log, where it can be
 * found again. Returns whether the database holds the entry.
 */
export async function recordAuditSafely(
  db: Kysely<Database>,
  r: AuditRecord,
  log: AuditLog,
): Promise<boolean> {
  try {
    await recordAudit(db, r);
    return true;
  } catch (first) {
    try {
      await recordAudit(db, {
        ...r,
        operatorId: null,
        before: undefined,
        after: { unrecordable: 'before/after were dropped: the first write of this entry failed' },
      });
      log.error({ err: first, audit: r }, 'audit entry written without its operator id and before/after');
      return true;
    } catch (second) {
      log.error(
        { err: second, firstError: first, audit: storableJson(r) },
        'AUDIT ENTRY NOT WRITTEN: the database refused it; this log line is the only record',
      );
      return false;
    }
  }
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

/**
 * One page of the audit entries that `filtered` picks (one operator's, one player's), newest
 * first, or by time either way when sorted by it.
 */
export function auditPage(
  filtered: SelectQueryBuilder<Database, 'audit_log', object>,
  input: PageInput & { sort?: 'at' | undefined; order?: SortOrder | undefined },
): Promise<Page<AuditEntry>> {
  const ordered = sortedBy(filtered.selectAll(), input, { at: 'at' }, (q) => q.orderBy('id', 'desc'), 'id');
  return listPage(filtered, ordered, input, auditEntryOf);
}
