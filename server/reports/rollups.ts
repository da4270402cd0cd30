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

/**
 * A bulk load of raw rows with the rollups counted once at its end: the reports' triggers are off
 * while `load` runs, then `reports_rebuild` recounts each of `games` (those whose rows `load`
 * writes) and the triggers are on again. The triggers fold a statement's rows in with one upsert
 * per rollup, but at tens of millions of rows (a bench at the issue's size, a restore) a recount
 * of the whole is far quicker than thousands of upserts into ever larger rollups. In a
 * transaction only: turning the triggers off locks the raw tables against other writers until
 * the end (their writes would go uncounted otherwise), and a failure leaves the triggers on and
 * the rollups as they were.
 */
export async function withReportsRebuiltAfter<T>(
  trx: Kysely<Database>,
  games: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  if (!trx.isTransaction) throw new Error('withReportsRebuiltAfter runs in a transaction');
  // The reports' triggers as the database holds them (migrations.ts names each `reports_*`), so a
  // trigger a later migration adds is switched with the others.
  const { rows: triggers } = await sql<{ tbl: string; name: string }>`
    select tgrelid::regclass::text as tbl, tgname as name from pg_trigger
    where not tgisinternal and tgname like 'reports\_%' order by tgname`.execute(trx);
  const alter = (on: boolean) =>
    triggers.map(
      (t) =>
        sql`alter table ${sql.raw(t.tbl)} ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.id(t.name)}`,
    );
  for (const s of alter(false)) await s.execute(trx);
  const out = await load();
  for (const s of alter(true)) await s.execute(trx);
  // The recount's plans need the loaded rows' statistics: autovacuum cannot see them before the
  // commit, and a join planned for the empty tables of before the load ran for many minutes.
  await sql`analyze sign_ins, shop_purchases, player_channels, players, orders`.execute(trx);
  for (const game of games) await rebuildReports(trx, game);
  return out;
}
