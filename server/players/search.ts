import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, type playersEndpoints } from '../../shared/api/players.js';
import { containsPattern, countAll, pageWindow } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import type { EndpointHandler } from '../http/context.js';
import { bannedExpr, specialExpr, testingExpr, toPlayerRow, type FlagColumns } from './flags.js';
import type { PlayerRecord } from './lookup.js';

/**
 * Player search: name contains (any case), id and num exact, all given keys together; no key
 * lists the newest accounts. Rows come newest account first (num desc: unique, so pages are
 * stable), with their flags. The total is counted up to SEARCH_COUNT_CAP.
 *
 * How it stays fast at a million players per game (measured with EXPLAIN ANALYZE on PGlite):
 * - id or num: a unique-index lookup; at most one row, so no separate count.
 * - name of 3 or more characters: one query collects the matches (up to CAP + 1) through the
 *   game's trigram index (migration 0003), counts them and sorts the page out of them. That is
 *   exact whenever the name matches at most CAP players, and reads only the matches. Left to
 *   itself the planner may instead walk the num index from the newest account and filter, which
 *   for a rare fragment means reading the whole game.
 * - a name matching more than CAP players (a common fragment): the page walks the num index
 *   from the newest account, which with so many matches stops early.
 * - no key, or a name of 1 or 2 characters (no trigram): page and count both walk the num index
 *   and stop early when the text is common; a rare one reads the whole game (about a second at
 *   a million players; only a bigram index, such as pg_bigm, would do better).
 * - The test is ILIKE, which the trigram index serves. A case-insensitive regular expression
 *   would too, but measured slower (pg_trgm builds an automaton for it) and, with non-ASCII
 *   letters, pg_trgm takes no trigrams from it at all and reads the whole index.
 */

type Endpoints = typeof playersEndpoints;
type SearchInput = Parameters<EndpointHandler<Endpoints['players.search']>>[0];

/** Shortest text pg_trgm takes a trigram from. */
const TRIGRAM = 3;

/** The SQL test "name contains `text`, in any case"; LIKE's wildcards in `text` are plain text. */
export function nameContains(text: string): RawBuilder<boolean> {
  return sql<boolean>`p.name ilike ${containsPattern(text)}`;
}

function matching(db: Kysely<Database>, input: SearchInput) {
  let q = db.selectFrom('players as p').where('p.game', '=', input.game);
  if (input.id !== undefined) q = q.where('p.id', '=', input.id);
  if (input.num !== undefined) q = q.where('p.num', '=', input.num);
  if (input.name !== undefined) q = q.where(nameContains(input.name));
  return q;
}

const PLAYER_COLUMNS = [
  'p.game',
  'p.id',
  'p.num',
  'p.name',
  'p.level',
  'p.state',
  'p.created_at',
  'p.last_login_at',
  'p.deleted_at',
] as const;

export const search: EndpointHandler<Endpoints['players.search']> = async (input, ctx) => {
  const { offset } = pageWindow(input);
  const flags = [
    bannedExpr(ctx.now).as('banned'),
    testingExpr.as('testing'),
    specialExpr.as('special'),
  ] as const;
  const page = (rows: readonly (PlayerRecord & FlagColumns)[], total: number) => ({
    items: rows.map((r) => toPlayerRow(r, r)),
    total: Math.min(total, SEARCH_COUNT_CAP),
    totalCapped: total > SEARCH_COUNT_CAP,
    page: input.page,
    pageSize: input.pageSize,
  });

  if (input.id !== undefined || input.num !== undefined) {
    const rows = await matching(ctx.db, input).select(PLAYER_COLUMNS).select(flags).execute();
    return page(rows.slice(offset, offset + input.pageSize), rows.length);
  }

  let total: number | undefined;
  if (input.name !== undefined && [...input.name].length >= TRIGRAM) {
    const found = await ctx.db
      .with(
        (cte) => cte('m').materialized(),
        () =>
          matching(ctx.db, input)
            .select(PLAYER_COLUMNS)
            .limit(SEARCH_COUNT_CAP + 1),
      )
      .with(
        (cte) => cte('pg').materialized(),
        (db) => db.selectFrom('m').selectAll().orderBy('num', 'desc').limit(input.pageSize).offset(offset),
      )
      .selectFrom('pg as p')
      .selectAll('p')
      .select(flags)
      .select(sql<number>`(select count(*)::int from m)`.as('total'))
      .orderBy('p.num', 'desc')
      .execute();
    total = found[0]?.total;
    if (total === undefined && offset === 0) return page([], 0);
    if (total !== undefined && total <= SEARCH_COUNT_CAP) return page(found, total);
  }

  total ??= await countUpTo(ctx.db, input);
  const rows = await matching(ctx.db, input)
    .select(PLAYER_COLUMNS)
    .select(flags)
    .orderBy('p.num', 'desc')
    .limit(input.pageSize)
    .offset(offset)
    .execute();
  return page(rows, total);
};

/**
 * Matches counted up to CAP + 1 (enough to say "more than CAP"), along the num index: that reads
 * only this game's players and stops once CAP + 1 have matched, where the planner's own choice,
 * a sequential scan, may first read through every other game's players.
 */
async function countUpTo(db: Kysely<Database>, input: SearchInput): Promise<number> {
  const inner = matching(db, input)
    .select(sql`1`.as('one'))
    .orderBy('p.num', 'desc')
    .limit(SEARCH_COUNT_CAP + 1);
  const row = await db.selectFrom(inner.as('m')).select(countAll.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
