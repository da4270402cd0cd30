import { sql, type Kysely } from 'kysely';
import type { MatchDetail, MatchStats, MatchSummary } from '../../shared/api/statistics.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { pageResult, pageWindow, type Page, type PageInput } from '../db/paging.js';
import { problem } from '../http/problem.js';
import { dayList } from '../reports/days.js';
import { matchKindsOf } from './modes.js';

/**
 * Match statistics read from `match_hours` (per UTC hour and mode), grouped into the studio's days
 * here: a year is at most 8,784 hours × the game's modes, whatever the number of matches.
 */

/** The instants a range of studio days covers, [from, to), in zone `z`. */
export const dayStart = (day: string, zone: string) => sql`(${day}::date::timestamp at time zone ${zone})`;
export const dayEnd = (day: string, zone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${zone})`;

export interface RangeArgs {
  game: GameId;
  start: string;
  end: string;
  zone: string;
}

export async function matchStats(db: Kysely<Database>, a: RangeArgs): Promise<MatchStats> {
  const { rows } = await sql<{
    day: string;
    mode: string;
    matches: number;
    players: number;
    seconds: number;
  }>`
    select ((hour at time zone ${a.zone})::date)::text as day, mode, sum(matches)::int as matches,
      sum(players)::int as players, sum(seconds)::float8 as seconds
    from match_hours
    where game = ${a.game} and hour >= ${dayStart(a.start, a.zone)} and hour < ${dayEnd(a.end, a.zone)}
    group by 1, 2`.execute(db);
  const found = new Map(rows.map((r) => [`${r.day} ${r.mode}`, r]));
  const known = matchKindsOf(a.game)?.modes ?? [];
  const modes = [...known, ...new Set(rows.map((r) => r.mode).filter((m) => !known.includes(m)))];
  return {
    game: a.game,
    start: a.start,
    end: a.end,
    timeZone: a.zone,
    modes,
    rows: dayList(a.start, a.end).flatMap((day) =>
      modes.map((mode) => {
        const r = found.get(`${day} ${mode}`);
        const matches = r?.matches ?? 0;
        return {
          day,
          mode,
          matches,
          players: r?.players ?? 0,
          avgSeconds: matches > 0 ? Math.round((r?.seconds ?? 0) / matches) : null,
        };
      }),
    ),
  };
}

interface SummaryRow {
  id: string;
  mode: string;
  map: string;
  started_at: Date;
  seconds: number;
  winner: string | null;
  players: number;
}

const summaryOf = (r: SummaryRow): MatchSummary => ({
  id: String(r.id),
  mode: r.mode,
  map: r.map,
  startedAt: new Date(r.started_at).toISOString(),
  seconds: r.seconds,
  players: r.players,
  winner: r.winner === 'red' || r.winner === 'blue' ? r.winner : null,
});

const PLACES = sql<number>`(select count(*)::int from match_players as p where p.game = m.game and p.match_id = m.id)`;

/** The matches started on one studio day, in start order (the started index serves the page). */
export async function matchesOfDay(
  db: Kysely<Database>,
  a: { game: GameId; day: string; mode?: string | undefined; zone: string } & PageInput,
): Promise<Page<MatchSummary>> {
  const where = sql`m.game = ${a.game} and m.started_at >= ${dayStart(a.day, a.zone)}
    and m.started_at < ${dayEnd(a.day, a.zone)} ${a.mode === undefined ? sql`` : sql`and m.mode = ${a.mode}`}`;
  const { rows: count } = await sql<{
    n: number;
  }>`select count(*)::int as n from matches as m where ${where}`.execute(db);
  const { limit, offset } = pageWindow(a);
  const { rows } = await sql<SummaryRow>`
    select m.id::text as id, m.mode, m.map, m.started_at, m.seconds, m.winner, ${PLACES} as players
    from matches as m where ${where}
    order by m.started_at, m.id limit ${limit} offset ${offset}`.execute(db);
  return pageResult(rows.map(summaryOf), count[0]?.n ?? 0, a);
}

export async function matchDetail(
  db: Kysely<Database>,
  a: { game: GameId; matchId: string; zone: string },
): Promise<MatchDetail> {
  const { rows } = await sql<SummaryRow>`
    select m.id::text as id, m.mode, m.map, m.started_at, m.seconds, m.winner, ${PLACES} as players
    from matches as m where m.game = ${a.game} and m.id = ${a.matchId}::bigint`.execute(db);
  const match = rows[0];
  if (!match)
    throw problem(
      Codes.NOT_FOUND,
      `No match ${a.matchId} in ${a.game}: check the id, or find the match from its day in the list.`,
      `${a.game} 中没有对局 ${a.matchId}：请核对对局 ID，或从对局统计中按日期查找。`,
    );
  const { rows: lineup } = await sql<{
    player_id: string;
    player_name: string | null;
    side: 'red' | 'blue';
    result: 'win' | 'loss' | 'draw';
    kills: number;
    deaths: number;
    score: number;
  }>`
    select mp.player_id, pl.name as player_name, mp.side, mp.result, mp.kills, mp.deaths, mp.score
    from match_players as mp
      left join players as pl on pl.game = mp.game and pl.id = mp.player_id
    where mp.game = ${a.game} and mp.match_id = ${a.matchId}::bigint
    order by mp.side desc, mp.score desc, mp.player_id`.execute(db);
  return {
    ...summaryOf(match),
    timeZone: a.zone,
    lineup: lineup.map((p) => ({
      playerId: p.player_id,
      playerName: p.player_name,
      side: p.side,
      result: p.result,
      kills: p.kills,
      deaths: p.deaths,
      score: p.score,
    })),
  };
}
