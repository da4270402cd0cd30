import { sql, type Kysely } from 'kysely';
import { settleTable } from '../db/settle.js';
import type { Database } from '../db/schema.js';

/**
 * Where the name-gram index lives (migration players/0003_player_name_grams; name-search.ts reads
 * it) and its upkeep around bulk loads. The triggers on players keep it right on their own; the seed
 * uses the two functions below to load millions of players quickly.
 */

/**
 * The games whose grams have their own partition of player_name_grams (migration players/0003), keyed by
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
 * The trigger's name and the key are the ones migration players/0003 gives them.
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

/**
 * After a bulk insert: the game's gram pages marked all-visible (server/db/settle.ts says why
 * and how), without which a longer fragment's index-only scan visits the table for every entry,
 * and the planner's statistics refreshed.
 */
export async function settleNameGrams(db: Kysely<Database>, game: string, bulk: boolean): Promise<void> {
  await settleTable(db, gramPartitionOf(game).table, bulk);
  await sql`analyze player_name_gram_counts`.execute(db);
}
