import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../db/schema.js';
import { gramPartitionOf } from './name-grams.js';

/**
 * Reading the name-gram index (migration players/0003_player_name_grams): which posting list answers a
 * name fragment, and how many players it holds. server/players/search.ts turns that into pages.
 */

/** A row of player_name_grams (the migration defines the table; it is read by name here). */
interface GramRow {
  game: string;
  gram: string;
  num: number;
  lname: string | null;
}

/**
 * How to answer a fragment. `exact`: the fragment (lowered) is itself a gram of 1 or 2
 * characters, so its posting list is exactly the matching players and `players` is their
 * number. Otherwise `gram` is the fragment's rarest pair and `players` how many names hold it:
 * every match is in that list, which is checked against the whole fragment. `players` 0 means
 * no name contains the fragment.
 */
export interface NamePlan {
  exact: boolean;
  gram: string;
  players: number;
}

/**
 * The plan of a fragment, in one query. The database lowers the fragment with the lower() that
 * made the grams (see the migration), so both sides fold case the same way. (Each count is a
 * scalar lookup rather than a join: measured, a join here made planning cost up to 5 ms.)
 */
export async function planNameSearch(db: Kysely<Database>, game: string, text: string): Promise<NamePlan> {
  const { rows } = await sql<{ len: number; gram: string; players: number }>`
    select char_length(l)::int as len, gram, coalesce((
      select c.players from player_name_gram_counts as c where c.game = ${game} and c.gram = s.gram
    ), 0)::int as players
    from (
      select l, case when char_length(l) <= 2 then l else substr(l, i, 2) end as gram
      from lower(${text}::text) as l, generate_series(1, greatest(char_length(l) - 1, 1)) as i
    ) as s
    order by players, gram
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return { exact: true, gram: '', players: 0 };
  return { exact: row.len <= 2, gram: row.gram, players: row.players };
}

/**
 * The accounts (num) of a gram's posting list in a game, newest first: read from the game's
 * partition itself (see GRAM_PARTITIONS), so the whole read stays in that partition's index.
 */
export function postings(db: QueryCreator<Database>, game: string, gram: string) {
  const { table, shared } = gramPartitionOf(game);
  let q = db
    .selectFrom(sql<GramRow>`${sql.table(table)}`.as('g'))
    .select('g.num')
    .where('g.gram', '=', gram);
  if (shared) q = q.where('g.game', '=', game);
  return q.orderBy('g.num', 'desc');
}

/**
 * The accounts of a pair's posting list whose name contains `pattern` (a LIKE pattern of the
 * case-insensitive search), newest first. The test runs on the lowered name kept in the index,
 * against the pattern lowered by the database: that is what ILIKE does in a UTF-8 database
 * (it lowers both sides, then matches as LIKE), so the rows are the ones ILIKE gives.
 */
export function matchingPostings(db: QueryCreator<Database>, game: string, gram: string, pattern: string) {
  return postings(db, game, gram).where(sql<boolean>`g.lname like lower(${pattern})`);
}
