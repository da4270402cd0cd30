import { sql, type Kysely } from 'kysely';
import type { Board } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import {
  fixedLimit,
  neighboursSql,
  placeIn,
  rankSql,
  readFromSql,
  totalSql,
  type BoardSql,
  type RecordRow,
  type SqlValue,
} from './ranks.js';
import type { SeasonRow } from './seasons.js';

/**
 * The top 100 and a player's rank, each in one statement: the season (a cheap read of its primary
 * key, or of the game's few seasons by start), the records with their players' names, the rank and
 * the board's total. Each round trip costs a millisecond or two on a loaded server, more than any of
 * these reads; the calls made four and eight. The season is read, not cached: the current one
 * changes by the clock, and the read is a few rows.
 *
 * Nothing found (no season, no player, no record) gives what the caller needs to say which; the
 * callers then ask the plain way for the error's details (mustFindSeason names the game's seasons).
 */

/** A record with its player's name (null when the player is gone). */
export type NamedRow = RecordRow & { player_name: string | null };

/** The season's columns as the statements below name them, beside a record's. */
interface SeasonColumns {
  season_no: number;
  season_name: string;
  season_starts_at: Date;
  season_ends_at: Date;
}

/** A record's columns, null where the season had no record to join. */
type MaybeRecord = { [K in keyof NamedRow]: NamedRow[K] | null };

export interface Found<T> {
  season: SeasonRow;
  total: number;
  read: T;
}

/** Which board a call reads: of the season it names, or of the current one at `now`. */
export interface BoardAt {
  game: GameId;
  board: Board;
  season?: number | undefined;
  now: Date;
}

/**
 * The game and board written into the statement rather than bound: with them as parameters,
 * PostgreSQL's plan for every value of a prepared statement estimated a little dearer than one
 * planned for the call's own values, so it planned every call afresh (half a millisecond for
 * the top 100, more than one for a rank, more than they take to run). Both come from fixed lists
 * the input's schema checks (four games, three boards): a dozen statements per read at most.
 */
function literalBoard(at: BoardAt, season: SqlValue): BoardSql {
  return { game: sql.lit(at.game), season, board: sql.lit(at.board) };
}

/**
 * CTE `s`: the season a call names, or the game's current one (the latest that has started by
 * `now`), with the board's total. Materialized, so the total is summed once, not once per row
 * the statement answers.
 */
function seasonCte(at: BoardAt) {
  const game = sql.lit(at.game);
  const season =
    at.season === undefined
      ? sql`select * from leaderboard_seasons where game = ${game} and starts_at <= ${at.now}
          order by starts_at desc limit 1`
      : sql`select * from leaderboard_seasons where game = ${game} and id = ${at.season}`;
  const key = literalBoard(at, sql.ref('x.id'));
  return sql`s as materialized (select x.*, ${totalSql(key)} as total from (${season}) as x)`;
}

const SEASON_COLUMNS = sql`s.id as season_no, s.name as season_name, s.starts_at as season_starts_at,
  s.ends_at as season_ends_at, s.total`;

function seasonOf(game: GameId, r: SeasonColumns): SeasonRow {
  return {
    game,
    id: r.season_no,
    name: r.season_name,
    starts_at: r.season_starts_at,
    ends_at: r.season_ends_at,
  };
}

/** The record part of a row, or undefined where the row holds none. */
function recordOf(r: MaybeRecord): NamedRow | undefined {
  return r.id === null ? undefined : (r as NamedRow);
}

/** The statement of `readTop`: a row per record (one without a record when the board is empty). */
export function topStatement(at: BoardAt, count: number) {
  const key = literalBoard(at, sql.ref('s.id'));
  return sql<SeasonColumns & { total: number } & MaybeRecord>`
    with ${seasonCte(at)}
    select ${SEASON_COLUMNS}, r.*, n.name as player_name
    from s
      left join lateral (${readFromSql(key, null, 0, fixedLimit(count))}) as r on true
      left join players as n on n.game = r.game and n.id = r.player_id
    order by r.score desc, r.achieved_at, r.id`;
}

/** The first `count` records of a board with names and the total; undefined when there is no such season. */
export async function readTop(
  db: Kysely<Database>,
  at: BoardAt,
  count: number,
): Promise<Found<NamedRow[]> | undefined> {
  const { rows } = await topStatement(at, count).execute(db);
  const first = rows[0];
  if (!first) return undefined;
  return {
    season: seasonOf(at.game, first),
    total: first.total,
    read: rows.flatMap((r) => recordOf(r) ?? []),
  };
}

export type RankRead =
  | { player: 'none' }
  | { player: { id: string; name: string }; own: undefined }
  | { player: { id: string; name: string }; own: NamedRow; rank: number; around: NamedRow[] };

/**
 * The statement of `readRank`: a row per record around the player's own (`pos` 0, those ahead
 * negative), or one row without a record when the season has no live record of the player.
 */
export function rankStatement(at: BoardAt, playerId: string, count: number) {
  // Beside the player's own record, its board is named by the record's own season.
  const mine = literalBoard(at, sql.ref('own.season_id'));
  const own = placeIn('own');
  return sql<
    SeasonColumns & {
      total: number;
      found_id: string | null;
      found_name: string | null;
      rank: number | null;
    } & {
      pos: number | null;
    } & MaybeRecord
  >`
    with ${seasonCte(at)},
    p as (select pl.id, pl.name from players as pl where pl.game = ${mine.game} and pl.id = ${playerId}),
    own as (
      select r.* from s, p, leaderboard_records as r
      where r.game = ${mine.game} and r.season_id = s.id and r.board = ${mine.board}
        and r.player_id = p.id and r.deleted_at is null),
    around as (
      select 0 as pos, own.* from own
      union all
      select -(row_number() over (order by a.score, a.achieved_at desc, a.id desc))::int, a.*
      from own cross join lateral (${neighboursSql(mine, own, 'ahead', count)}) as a
      union all
      select (row_number() over (order by a.score desc, a.achieved_at, a.id))::int, a.*
      from own cross join lateral (${neighboursSql(mine, own, 'behind', count)}) as a)
    select ${SEASON_COLUMNS}, p.id as found_id, p.name as found_name,
      (select ${rankSql(mine, own)} from own) as rank, x.*, n.name as player_name
    from s
      left join p on true
      left join around as x on true
      left join players as n on n.game = x.game and n.id = x.player_id
    order by x.pos`;
}

/**
 * A player's record on a board, its rank and `count` records either side in rank order, with
 * names; undefined when there is no such season, `player: 'none'` when the game has no such
 * player, `own: undefined` when they have no live record there.
 */
export async function readRank(
  db: Kysely<Database>,
  at: BoardAt,
  playerId: string,
  count: number,
): Promise<Found<RankRead> | undefined> {
  const { rows } = await rankStatement(at, playerId, count).execute(db);
  const first = rows[0];
  if (!first) return undefined;
  const head = { season: seasonOf(at.game, first), total: first.total };
  if (first.found_id === null || first.found_name === null) return { ...head, read: { player: 'none' } };
  const player = { id: first.found_id, name: first.found_name };
  const around = rows.flatMap((r) => recordOf(r) ?? []);
  const mineRow = rows.find((r) => r.pos === 0);
  const ownRow = mineRow ? recordOf(mineRow) : undefined;
  if (!ownRow || first.rank === null) return { ...head, read: { player, own: undefined } };
  return { ...head, read: { player, own: ownRow, rank: first.rank, around } };
}
