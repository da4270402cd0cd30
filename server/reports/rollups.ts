import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The data repair of the reports: recounts one game's rollups from the raw rows (sign-ins,
 * players, orders, shop purchases) with `reports_rebuild`, the function migrations.ts makes from
 * the same rules as the triggers. The raw tables are locked against writers for the recount (a
 * write meanwhile would be counted twice or not at all); readers go on.
 */
export async function rebuildReports(db: Kysely<Database>, game: string): Promise<void> {
  const run = async (trx: Kysely<Database>) => {
    await sql`lock table sign_ins, shop_purchases, players, orders, player_channels in share mode`.execute(
      trx,
    );
    await sql`select reports_rebuild(${game})`.execute(trx);
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}
