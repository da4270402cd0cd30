import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuditKind } from '../../shared/api/users.js';
import type { Database } from '../db/schema.js';
import { inLogOrder } from '../db/sorting.js';

/**
 * The audit trail's filters as SQL, written so that the indexes of migration systemLogs/0001 serve every
 * combination the system-logs page offers over millions of entries:
 *
 * - each equality (operator, action, game, outcome) has an index that starts with it and goes on
 *   with the time, so a filtered page is an ordered read of one index from the newest entry;
 * - the kind is written as the very predicate of the partial indexes (`action like 'auth.%'`),
 *   and an action filter states its kind too, so the planner can use them;
 * - every index carries the other filter columns, so the entries it passes over are checked in
 *   the index without visiting the table.
 */

type LogSort = Parameters<typeof inLogOrder>[1];

export interface AuditFilter {
  operator?: string | undefined;
  kind?: AuditKind | undefined;
  action?: string | undefined;
  game?: string | undefined;
  outcome?: 'ok' | 'error' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const SESSIONS = sql<boolean>`action like 'auth.%'`;
const ACTIONS = sql<boolean>`action not like 'auth.%'`;

/** The kind an action id belongs to (as users.ts auditKindOf says). */
const kindOfAction = (action: string): AuditKind => (action.startsWith('auth.') ? 'sessions' : 'actions');

export function filtered<O>(
  q: SelectQueryBuilder<Database, 'audit_log', O>,
  f: AuditFilter,
): SelectQueryBuilder<Database, 'audit_log', O> {
  let out = q;
  if (f.operator !== undefined) out = out.where('operator', '=', f.operator);
  // An action names its kind; saying so lets the kind's partial indexes serve it.
  const kind = f.kind ?? (f.action !== undefined ? kindOfAction(f.action) : undefined);
  if (kind === 'sessions') out = out.where(SESSIONS);
  if (kind === 'actions') out = out.where(ACTIONS);
  if (f.action !== undefined) out = out.where('action', '=', f.action);
  if (f.game === 'none') out = out.where('game', 'is', null);
  else if (f.game !== undefined) out = out.where('game', '=', f.game);
  if (f.outcome !== undefined) out = out.where('outcome', '=', f.outcome);
  if (f.from !== undefined) out = out.where('at', '>=', new Date(f.from));
  if (f.to !== undefined) out = out.where('at', '<', new Date(f.to));
  return out;
}

/** How many entries match, counted up to `cap + 1` (so "more than cap" is known). */
export async function cappedCount(db: Kysely<Database>, f: AuditFilter, cap: number): Promise<number> {
  const matching = filtered(db.selectFrom('audit_log'), f)
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const { n } = await db
    .selectFrom(matching.as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/**
 * The ids of one page, newest first (or by time as sorted): read from the indexes alone, then the page's rows are
 * fetched by id (an offset passes over index entries, not table rows).
 */
export function pageIds(db: Kysely<Database>, f: AuditFilter & LogSort, limit: number, offset: number) {
  return inLogOrder(filtered(db.selectFrom('audit_log'), f).select('id'), f)
    .limit(limit)
    .offset(offset);
}
