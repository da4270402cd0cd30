import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Board } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import type { StageBoard } from './levels-stages.js';
import type { LeaderboardRecordsTable } from './tables.js';

/**
 * Ranks without a rank column. A record's rank is one more than the live records before it in the
 * board's order (score high to low, then earlier, then lower id). Counting those one by one is a
 * walk of half a million index entries for a player in the middle of a million; so the board is
 * cut into blocks of about BLOCK_SIZE records by score (leaderboard_rank_blocks: each block's
 * lowest score and how many live records it holds). A rank is the records of the blocks above
 * (a sum over at most a thousand small rows) plus those ahead within the record's own block (an
 * index range of at most a block). Deleting a record takes one from its block's count in the same
 * transaction, which is all the "recompute" a deletion needs: every rank below moves up at once.
 *
 * The lowest block of a board starts at LOWEST_SCORE, so every score has its block.
 * `rebuildBlocks` makes a board's blocks from its records (after a seed, or to repair them);
 * tests compare every rank with a plain count.
 */

export interface BoardKey {
  game: GameId;
  seasonId: number;
  /** A board, or a stage's records (level detail), which rank the same way. */
  board: Board | StageBoard;
}

export const BLOCK_SIZE = 1000;
export const LOWEST_SCORE = -2_147_483_648;
/** Above every integer score: the bound of the top block. */
const ABOVE_ALL = 2_147_483_648;

export type RecordRow = Selectable<LeaderboardRecordsTable>;

/** A SQL value: a parameter, or a column of the statement a fragment goes into. */
export type SqlValue = RawBuilder<unknown>;

/**
 * A board as SQL: parameters (`keySql`), or in `board-reads.ts`'s one-statement reads its game
 * and board written in and its season a column of the statement that found it.
 */
export interface BoardSql {
  game: SqlValue;
  season: SqlValue;
  board: SqlValue;
}

/** A record's place in the board's order as SQL: its score, when it was reached, its id. */
export interface PlaceSql {
  score: SqlValue;
  achievedAt: SqlValue;
  id: SqlValue;
}

export const keySql = (key: BoardKey): BoardSql => ({
  game: sql`${key.game}`,
  season: sql`${key.seasonId}::int`,
  board: sql`${key.board}`,
});

/** The place of a record read already: its values as parameters. */
export const placeOf = (r: RecordRow): PlaceSql => ({
  score: sql`${r.score}::int`,
  achievedAt: sql`${r.achieved_at}::timestamptz`,
  id: sql`${r.id}::int`,
});

/** The place of the record of `alias`, a relation of the enclosing statement. */
export const placeIn = (alias: string): PlaceSql => ({
  score: sql.ref(`${alias}.score`),
  achievedAt: sql.ref(`${alias}.achieved_at`),
  id: sql.ref(`${alias}.id`),
});

function onBoard(key: BoardKey | BoardSql, alias: string) {
  const k = 'season' in key ? key : keySql(key);
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql`${col('game')} = ${k.game} and ${col('season_id')} = ${k.season} and ${col('board')} = ${k.board}`;
}

/** Makes the blocks of a board from its live records: runs of about `size` records, cut between scores. */
export async function rebuildBlocks(db: Kysely<Database>, key: BoardKey, size = BLOCK_SIZE): Promise<void> {
  await sql`delete from leaderboard_rank_blocks as b where ${onBoard(key, 'b')}`.execute(db);
  await sql`
    insert into leaderboard_rank_blocks (game, season_id, board, lo, records)
    select ${key.game}, ${key.seasonId}, ${key.board},
      case when row_number() over (order by lo) = 1 then ${LOWEST_SCORE}::int else lo end,
      c - coalesce(lag(c) over (order by lo desc), 0)
    from (
      select min(score) as lo, max(c) as c
      from (
        select score, (sum(n) over (order by score desc))::bigint as c
        from (
          select r.score, count(*) as n from leaderboard_records as r
          where ${onBoard(key, 'r')} and r.deleted_at is null
          group by r.score
        ) as per_score
      ) as cum
      group by (c - 1) / ${size}
    ) as blocks`.execute(db);
}

/** Live records of the board, as a scalar subquery. */
export const totalSql = (key: BoardSql) => sql<number>`(
  select coalesce(sum(b.records), 0)::int from leaderboard_rank_blocks as b where ${onBoard(key, 'b')})`;

/** Live records of the board. */
export async function boardTotal(db: Kysely<Database>, key: BoardKey): Promise<number> {
  const { rows } = await sql<{ n: number }>`select ${totalSql(keySql(key))} as n`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * The rank of a live record of the board, as a scalar subquery: the records of the blocks above
 * its own, plus those ahead of it in its own block (from its score up to the next block's lowest
 * score).
 */
export function rankSql(key: BoardSql, at: PlaceSql) {
  return sql<number>`(
    select (1
      + coalesce((select sum(b.records) from leaderboard_rank_blocks as b
                  where ${onBoard(key, 'b')} and b.lo > ${at.score}), 0)
      + (select count(*) from leaderboard_records as a
         where ${onBoard(key, 'a')} and a.deleted_at is null
           and a.score >= ${at.score} and a.score < coalesce(above.lo::bigint, ${ABOVE_ALL}::bigint)
           and (a.score > ${at.score} or (a.score = ${at.score}
             and (a.achieved_at, a.id) < (${at.achievedAt}, ${at.id}))))
    )::int
    from (select min(b.lo) as lo from leaderboard_rank_blocks as b
          where ${onBoard(key, 'b')} and b.lo > ${at.score}) as above)`;
}

/** The rank of a live record of the board. */
export async function rankOf(db: Kysely<Database>, key: BoardKey, r: RecordRow): Promise<number> {
  const { rows } = await sql<{ rank: number }>`select ${rankSql(keySql(key), placeOf(r))} as rank`.execute(
    db,
  );
  return rows[0]?.rank ?? 1;
}

/**
 * The live records at ranks first .. first + count - 1, in rank order: the block that holds rank
 * `first` is found from the blocks' running counts, then read from its top, skipping at most a block.
 */
export async function recordsFrom(
  db: Kysely<Database>,
  key: BoardKey,
  first: number,
  count: number,
): Promise<RecordRow[]> {
  if (first === 1) return readFrom(db, key, null, 0, count);
  const { rows: found } = await sql<{ hi: number | null; before: number }>`
    select hi, (c - records)::int as before from (
      select lo, records, sum(records) over (order by lo desc) as c, lag(lo) over (order by lo desc) as hi
      from leaderboard_rank_blocks as b where ${onBoard(key, 'b')}
    ) as running
    where c >= ${first}
    order by lo desc
    limit 1`.execute(db);
  const block = found[0];
  return block ? readFrom(db, key, block.hi, first - block.before - 1, count) : [];
}

/**
 * A limit the code fixes (the top 100, the records either side of a rank), written into the
 * statement instead of bound. PostgreSQL plans a prepared statement once for every value after a
 * few runs when that generic plan looks no dearer; with the limit a parameter it cannot see how
 * few rows are wanted, guesses a tenth of the board, and joins the players by hashing all of them
 * (150 ms for the top 100 at 200,000 players instead of 1). Not seeing that, it planned every call
 * afresh instead: a millisecond and more each. A caller's page size stays a parameter: each
 * literal is a statement of its own, and a client could make hundreds.
 */
export function fixedLimit(count: number): SqlValue {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`a limit is a whole number, not ${count}`);
  return sql.lit(count);
}

/**
 * `limit` live records in rank order from below score `hi` (null: the top), skipping `skip`. No
 * offset when there is none to skip: a parameter's offset hides the limit from a generic plan too.
 */
export function readFromSql(key: BoardSql, hi: number | null, skip: number, limit: SqlValue) {
  const below = hi === null ? sql`true` : sql`r.score < ${hi}`;
  const offset = skip === 0 ? sql`` : sql`offset ${skip}`;
  return sql<RecordRow>`
    select r.* from leaderboard_records as r
    where ${onBoard(key, 'r')} and r.deleted_at is null and ${below}
    order by r.score desc, r.achieved_at, r.id
    ${offset}
    limit ${limit}`;
}

async function readFrom(
  db: Kysely<Database>,
  key: BoardKey,
  hi: number | null,
  skip: number,
  count: number,
): Promise<RecordRow[]> {
  return (await readFromSql(keySql(key), hi, skip, sql`${count}`).execute(db)).rows;
}

/**
 * Up to `count` live records right before (`ahead`) or right after a record, nearest first: the
 * ones ahead come in reverse rank order.
 */
export function neighboursSql(key: BoardSql, at: PlaceSql, side: 'ahead' | 'behind', count: number) {
  const place = sql`(${at.achievedAt}, ${at.id})`;
  return side === 'ahead'
    ? sql<RecordRow>`
      select a.* from leaderboard_records as a
      where ${onBoard(key, 'a')} and a.deleted_at is null and a.score >= ${at.score}
        and (a.score > ${at.score} or (a.achieved_at, a.id) < ${place})
      order by a.score, a.achieved_at desc, a.id desc
      limit ${fixedLimit(count)}`
    : sql<RecordRow>`
      select a.* from leaderboard_records as a
      where ${onBoard(key, 'a')} and a.deleted_at is null and a.score <= ${at.score}
        and (a.score < ${at.score} or (a.achieved_at, a.id) > ${place})
      order by a.score desc, a.achieved_at, a.id
      limit ${fixedLimit(count)}`;
}

/** One record fewer in the block of `score`: the deletion's whole recompute. */
export async function leaveBlock(db: Kysely<Database>, key: BoardKey, score: number): Promise<void> {
  await sql`
    update leaderboard_rank_blocks as b set records = b.records - 1
    where ${onBoard(key, 'b')} and b.lo = (
      select max(x.lo) from leaderboard_rank_blocks as x where ${onBoard(key, 'x')} and x.lo <= ${score})`.execute(
    db,
  );
}
