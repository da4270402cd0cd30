import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Where the name-gram index lives (migration 0007_player_name_grams; name-search.ts reads it) and
 * its upkeep around bulk loads. The triggers on players keep it right on their own; the seed
 * uses the two functions below to load millions of players quickly.
 */

/**
 * The games whose grams have their own partition of player_name_grams (migration 0007), keyed by
 * (gram, num). Any other game's grams are in player_name_grams_other, keyed by (game, gram, num).
 * A migration that gives a game its partition adds the game here (a test compares the two).
 */
export const GRAM_PARTITIONS: readonly string[] = ['atomicwar', 'ymmj', 'lw', 'party'];

/** The partition holding a game's grams, and whether other games share it. */
export function gramPartitionOf(game: string): { table: string; shared: boolean } {
  return GRAM_PARTITIONS.includes(game)
    ? { table: `player_name_grams_${game}`, shared: false }
    : { table: 'player_name_grams_other', shared: true };
}

/** Players whose postings are made per statement while rebuilding (see `between`). */
const REBUILD_CHUNK = 100_000;

export interface RebuildOptions {
  between?: () => Promise<void>;
  chunk?: number;
}

/**
 * Runs `load` (a bulk insert of one game's players, inside transaction `trx`) with the name-gram
 * triggers off, then makes the game's postings and counts again from all its players, set-wise,
 * and builds the partition's index after the rows are in: several times faster than the
 * triggers' way for millions of postings (see BULK_LOAD_FROM in server/seed/players.ts). The
 * trigger is off only inside this transaction, which also holds the lock that keeps every other
 * writer of players out until it commits, so no change can slip past the index (and a failure
 * rolls all of it back). The shared partition (a game without its own) keeps the triggers' way.
 * The trigger's name and the key are the ones migration 0007 gives them.
 *
 * `between` runs after each chunk of work (the seed checkpoints the embedded database there:
 * without it, this one transaction would keep gigabytes of write-ahead log on disk); `chunk` is
 * how many players' postings one statement makes.
 */
export async function withNameGramsRebuiltAfter<T>(
  trx: Kysely<Database>,
  game: string,
  load: () => Promise<T>,
  { between = async () => undefined, chunk = REBUILD_CHUNK }: RebuildOptions = {},
): Promise<T> {
  const { table, shared } = gramPartitionOf(game);
  if (shared) return load();
  const part = sql.id(table);
  const key = sql.id(`${table}_pkey`);
  await sql`alter table players disable trigger players_name_grams_insert`.execute(trx);
  const out = await load();
  await sql`alter table ${part} drop constraint ${key}`.execute(trx);
  await sql`truncate ${part}`.execute(trx);
  // Chunks of players in account order (keyset on the players' (game, num) key).
  let after: number | undefined;
  for (;;) {
    let next = trx.selectFrom('players').select('num').where('game', '=', game);
    if (after !== undefined) next = next.where('num', '>', after);
    const last = await next
      .orderBy('num')
      .offset(chunk - 1)
      .limit(1)
      .executeTakeFirst();
    await sql`
      insert into ${part} (game, gram, num, lname)
      select p.game, x.gram, p.num, x.lname
      from players as p cross join lateral player_name_postings(p.name) as x
      where p.game = ${game}
        ${after !== undefined ? sql`and p.num > ${after}` : sql``}
        ${last ? sql`and p.num <= ${last.num}` : sql``}`.execute(trx);
    await between();
    if (!last) break;
    after = last.num;
  }
  await sql`delete from player_name_gram_counts where game = ${game}`.execute(trx);
  await sql`
    insert into player_name_gram_counts (game, gram, players)
    select ${game}, gram, count(*)::int from ${part} group by gram`.execute(trx);
  await sql`alter table ${part} add constraint ${key} primary key (gram, num) include (lname)`.execute(trx);
  await sql`alter table players enable trigger players_name_grams_insert`.execute(trx);
  await between();
  return out;
}

/** How long settleNameGrams waits, at most, for older snapshots to end. */
const SETTLE_TRIES = 30;
const SETTLE_PAUSE_MS = 1000;

/**
 * After a bulk insert: marks the game's gram pages all-visible, without which a longer fragment's
 * index-only scan visits the table for every entry (ten times slower at a million players), and
 * refreshes the planner's statistics. The embedded database has no autovacuum to do it.
 * On PostgreSQL, VACUUM cannot mark the new rows visible to all while an older snapshot is open:
 * autovacuum's ANALYZE of players, started by the same bulk insert, holds one. And a VACUUM that
 * could not mark them still resets the count that would bring autovacuum back, so the table
 * could stay unmarked for a long time. Hence, after a bulk load (`bulk`), vacuum until (nearly)
 * all pages are marked, pausing while something older is still running; a small seed's few
 * unmarked pages cost nothing worth waiting for.
 */
export async function settleNameGrams(db: Kysely<Database>, game: string, bulk: boolean): Promise<void> {
  const { table } = gramPartitionOf(game);
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
  await sql`analyze player_name_gram_counts`.execute(db);
}
