import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The data repair of statistics: recounts one game's rollups (matches per hour and mode, the
 * addresses' accounts and sign-ins) from the raw rows with `statistics_rebuild`, made by
 * migrations.ts of the same rules as the triggers. The raw tables are locked against writers for
 * the recount (a write meanwhile would be counted twice or not at all); readers go on.
 */
export async function rebuildStatistics(db: Kysely<Database>, game: string): Promise<void> {
  const run = async (trx: Kysely<Database>) => {
    await sql`lock table matches, match_players, sign_ins in share mode`.execute(trx);
    await sql`select statistics_rebuild(${game})`.execute(trx);
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}
