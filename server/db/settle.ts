import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How long settleTable waits, at most, for older snapshots to end. */
const SETTLE_TRIES = 30;
const SETTLE_PAUSE_MS = 1000;

/**
 * After a bulk insert: marks the table's pages all-visible, without which an index-only scan
 * visits the table for every entry (ten times slower at a million rows), and refreshes the
 * planner's statistics. The embedded database has no autovacuum to do it.
 * On PostgreSQL, VACUUM cannot mark the new rows visible to all while an older snapshot is open:
 * autovacuum's ANALYZE, started by the same bulk insert, holds one. And a VACUUM that could not
 * mark them still resets the count that would bring autovacuum back, so the table could stay
 * unmarked for a long time. Hence, after a bulk load (`bulk`), vacuum until (nearly) all pages
 * are marked, pausing while something older is still running; a small load's few unmarked pages
 * cost nothing worth waiting for.
 */
export async function settleTable(db: Kysely<Database>, table: string, bulk: boolean): Promise<void> {
  const tries = bulk ? SETTLE_TRIES : 1;
  for (let attempt = 1; ; attempt++) {
    await sql`vacuum (analyze) ${sql.id(table)}`.execute(db);
    const { rows } = await sql<{ visible: number; pages: number }>`
      select relallvisible::int as visible, relpages::int as pages
      from pg_class where oid = ${table}::regclass`.execute(db);
    const { visible = 0, pages = 0 } = rows[0] ?? {};
    // Not all: other writers may be adding rows meanwhile.
    if (visible >= pages * 0.9 || attempt >= tries) break;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
  }
}
