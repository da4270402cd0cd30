import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, type playersEndpoints } from '../../shared/api/players.js';
import { containsPattern, countAll, pageWindow } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import type { EndpointHandler, HandlerContext } from '../http/context.js';
import { bannedExpr, specialExpr, testingExpr, toPlayerRow, type FlagColumns } from './flags.js';
import type { PlayerRecord } from './lookup.js';
import { matchingPostings, planNameSearch, postings } from './name-search.js';
import { Codes } from '../../shared/codes.js';
import { problem } from '../http/problem.js';

/**
 * Player search: name contains (any case), id and num exact, all given keys together; no key
 * lists the newest accounts. Rows come newest account first (num desc: unique, so pages are
 * stable), with their flags. The total is exact up to SEARCH_COUNT_CAP; past it the answer says
 * "more" (totalCapped).
 *
 * The answer is always the one a plain scan gives: `name ILIKE '%text%'` with LIKE's wildcards
 * in the text taken literally, ordered by num desc, paged. How it stays within a few
 * milliseconds at a million players per game, on PGlite and on PostgreSQL:
 * - id or num: a unique-index lookup; at most one row (a name given too is tested on that row).
 * - name: our own index of the 1- and 2-character grams of every name (migration players/0003, kept by
 *   triggers on players in the same transaction; read in name-search.ts). pg_trgm has nothing
 *   for text under three characters, which is what operators type for Chinese names, and
 *   pg_bigm does not exist for PGlite. A first, tiny query plans the search: the database
 *   lowers the text and looks up how many players hold each of its grams.
 *   - Some gram is held by nobody: no name contains the text, and the answer is empty at once
 *     (such a pair, say zq, used to read the whole game: about 1.9 s at a million players).
 *   - 1 or 2 characters: the text is itself a gram, whose posting list is exactly the matching
 *     players, newest first. The page is an ordered read of pageSize entries from the offset;
 *     the total is the gram's count, kept with the index (no counting at all).
 *   - 3 or more: every match holds each pair of the text, so all matches are in the posting
 *     list of its rarest pair. That list is read newest first inside the index (which carries
 *     the lowered name: an index-only scan), keeping the names that contain the text, until
 *     CAP + 1 have matched (or the requested page's end, if further); those give both the
 *     count and the page. The work is bounded by the rarest pair's list (some 35,000 entries
 *     at most in the seed's data, where a pair is common) or CAP + 1 matches, whichever is less.
 * - no key: the page and the count walk the num index from the newest account; the count stops
 *   at CAP + 1. A registration range (registeredFrom, registeredTo) takes this path too, with a
 *   name if one is given, and with an active range (activeFrom, activeTo: a cohort's day k) if
 *   one is given, which probes each registered player's sign-ins by their primary key.
 * A deep page costs its offset: page N of a list reads the N - 1 pages before it.
 */

type Endpoints = typeof playersEndpoints;
export type SearchInput = Parameters<EndpointHandler<Endpoints['players.search']>>[0];

/** The SQL test "name contains `text`, in any case"; LIKE's wildcards in `text` are plain text. */
export function nameContains(text: string): RawBuilder<boolean> {
  return sql<boolean>`p.name ilike ${containsPattern(text)}`;
}

/**
 * Signed in at least once in the active range: a probe of the sign-ins' primary key (game,
 * player, time) per candidate, so the registration range that must come with it bounds the work.
 */
function signedInBetween(input: SearchInput): RawBuilder<boolean> {
  const from = input.activeFrom === undefined ? sql`` : sql` and s."at" >= ${new Date(input.activeFrom)}`;
  const to = input.activeTo === undefined ? sql`` : sql` and s."at" < ${new Date(input.activeTo)}`;
  return sql<boolean>`exists (select 1 from sign_ins as s
    where s.game = p.game and s.player_id = p.id${from}${to})`;
}

/**
 * An active range alone would probe the sign-ins of every account of the game, newest first, until
 * enough matched: it is asked with the registration range of a cohort.
 */
function checkActiveRange(input: SearchInput): void {
  const active = input.activeFrom !== undefined || input.activeTo !== undefined;
  if (active && (input.registeredFrom === undefined || input.registeredTo === undefined))
    throw problem(
      Codes.VALIDATION,
      'activeFrom and activeTo come with registeredFrom and registeredTo: the players of one registration range who were active',
      'activeFrom 和 activeTo 须与 registeredFrom 和 registeredTo 一同给出：某一注册区间内活跃过的玩家',
      [{ path: 'registeredFrom', message: 'needed with an active range' }],
    );
}

function matching(db: Kysely<Database>, input: SearchInput) {
  let q = db.selectFrom('players as p').where('p.game', '=', input.game);
  if (input.id !== undefined) q = q.where('p.id', '=', input.id);
  if (input.num !== undefined) q = q.where('p.num', '=', input.num);
  if (input.name !== undefined) q = q.where(nameContains(input.name));
  if (input.registeredFrom !== undefined) q = q.where('p.created_at', '>=', new Date(input.registeredFrom));
  if (input.registeredTo !== undefined) q = q.where('p.created_at', '<', new Date(input.registeredTo));
  if (input.activeFrom !== undefined || input.activeTo !== undefined) q = q.where(signedInBetween(input));
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

type SearchResult = Awaited<ReturnType<EndpointHandler<Endpoints['players.search']>>>;

export const search: EndpointHandler<Endpoints['players.search']> = (input, ctx) => searchPlayers(input, ctx);

/**
 * The search itself. `cap` is SEARCH_COUNT_CAP but for tests, which check what happens past the
 * cap without seeding tens of thousands of players.
 */
export async function searchPlayers(
  input: SearchInput,
  ctx: Pick<HandlerContext, 'db' | 'now'>,
  cap = SEARCH_COUNT_CAP,
): Promise<SearchResult> {
  checkActiveRange(input);
  const { offset } = pageWindow(input);
  const flags = [
    bannedExpr(ctx.now).as('banned'),
    testingExpr.as('testing'),
    specialExpr.as('special'),
  ] as const;
  const page = (rows: readonly (PlayerRecord & FlagColumns)[], total: number) => ({
    items: rows.map((r) => toPlayerRow(r, r)),
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: input.page,
    pageSize: input.pageSize,
  });

  if (input.id !== undefined || input.num !== undefined) {
    const rows = await matching(ctx.db, input).select(PLAYER_COLUMNS).select(flags).execute();
    return page(rows.slice(offset, offset + input.pageSize), rows.length);
  }

  // A registration range (a report's day) is a short read of the created_at index, which the
  // plain path below filters by name as well; the name index knows nothing of registrations.
  const registered = input.registeredFrom !== undefined || input.registeredTo !== undefined;
  if (input.name !== undefined && !registered) {
    const { db } = ctx;
    const plan = await planNameSearch(db, input.game, input.name);
    if (plan.players === 0) return page([], 0);

    if (plan.exact) {
      const nums = postings(db, input.game, plan.gram).limit(input.pageSize).offset(offset);
      const rows = await db
        .selectFrom(nums.as('t'))
        .innerJoin('players as p', (j) => j.on('p.game', '=', input.game).onRef('p.num', '=', 't.num'))
        .select(PLAYER_COLUMNS)
        .select(flags)
        .orderBy('p.num', 'desc')
        .execute();
      return page(rows, plan.players);
    }

    // The matches up to CAP + 1 (or the page's end, if further), their count and the page's
    // rows, in one query.
    const upTo = Math.max(cap + 1, offset + input.pageSize);
    const pattern = containsPattern(input.name);
    const rows = await db
      .with(
        (cte) => cte('m').materialized(),
        (q) => matchingPostings(q, input.game, plan.gram, pattern).limit(upTo),
      )
      .selectFrom((q) =>
        q.selectFrom('m').select('num').orderBy('num', 'desc').limit(input.pageSize).offset(offset).as('t'),
      )
      .innerJoin('players as p', (j) => j.on('p.game', '=', input.game).onRef('p.num', '=', 't.num'))
      .select(PLAYER_COLUMNS)
      .select(flags)
      .select(sql<number>`(select count(*)::int from m)`.as('total'))
      .orderBy('p.num', 'desc')
      .execute();
    if (rows[0] || offset === 0) return page(rows, rows[0]?.total ?? 0);
    // Past the last match the page is empty, and the count did not come with it.
    const { n } = await db
      .selectFrom(matchingPostings(db, input.game, plan.gram, pattern).limit(upTo).as('m'))
      .select(countAll.as('n'))
      .executeTakeFirstOrThrow();
    return page([], n);
  }

  const total = await countUpTo(ctx.db, input, cap);
  const rows = await matching(ctx.db, input)
    .select(PLAYER_COLUMNS)
    .select(flags)
    .orderBy('p.num', 'desc')
    .limit(input.pageSize)
    .offset(offset)
    .execute();
  return page(rows, total);
}

/**
 * Matches counted up to CAP + 1 (enough to say "more than CAP"), along the num index: that reads
 * only this game's players and stops once CAP + 1 have matched, where the planner's own choice,
 * a sequential scan, may first read through every other game's players.
 */
async function countUpTo(db: Kysely<Database>, input: SearchInput, cap: number): Promise<number> {
  const inner = matching(db, input)
    .select(sql`1`.as('one'))
    .orderBy('p.num', 'desc')
    .limit(cap + 1);
  const row = await db.selectFrom(inner.as('m')).select(countAll.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
