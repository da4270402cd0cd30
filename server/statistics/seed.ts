import { sql, type Kysely } from 'kysely';
import type { GameSeed } from '../feature.js';
import type { Database } from '../db/schema.js';
import { gameHasPage } from '../../shared/game-pages.js';
import { playerNumOf } from '../seed/players.js';
import { matchKindsOf } from './modes.js';

/**
 * Matches for the seed's players of one game with match statistics, made by the database
 * (generate_series), deterministic (every draw is a hash of the match's id) and idempotent (the
 * match id is its natural key: day index × 100,000 + its number that day):
 * - over the DAYS days before the anchor, one match a day per MATCH_PLAYERS_PER_DAY players (at
 *   least 4), spread over the day;
 * - each of a mode and map of the game's, 5 to 30 minutes long, with 2, 4, 6 or 8 consecutive
 *   seed players split between red and blue; one match in ten is drawn, else a side wins.
 */
export const DAYS = 90;
const MATCH_PLAYERS_PER_DAY = 200;

const hashOf = (id: string) => sql.raw(`((${id}) * 2654435761 % 4294967291)`);

/** Seed players per farm address: two in three of them sign in from it. */
const FARM_PLAYERS = 60;

/**
 * For a game with IP statistics, account farms: two seed players in three also sign in from one of
 * a few addresses (198.51.100.x, one per FARM_PLAYERS seed rows, so about 40 accounts each, and
 * about 12 with the tests' 20 players), shortly before their last sign-in, so the
 * players' last sign-in stays what players.last_login_at says. The reports' seed shares addresses
 * too, but only at a size the tests never reach.
 */
export async function seedFarms(db: Kysely<Database>, seed: GameSeed): Promise<number> {
  const { game, perGame } = seed;
  if (!gameHasPage(game, 'ipStats')) return 0;
  const base = playerNumOf(game, 0);
  const r = await sql`
    insert into sign_ins (game, player_id, "at", ip, seconds)
    select p.game, p.id, greatest(p.created_at, p.last_login_at - interval '10 minutes'),
      '198.51.100.' || (1 + (p.num - ${base}) / ${FARM_PLAYERS} % 250)::text, 300
    from players as p
    where p.game = ${game} and p.num between ${base + 1} and ${base + perGame}
      and (p.num - ${base}) % 3 <> 0 and p.last_login_at is not null
    on conflict do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

export async function seedMatches(db: Kysely<Database>, seed: GameSeed): Promise<number> {
  const { game, perGame, anchor } = seed;
  const kinds = matchKindsOf(game);
  if (!kinds || perGame < 8) return 0;
  const perDay = Math.max(4, Math.floor(perGame / MATCH_PLAYERS_PER_DAY));
  const base = playerNumOf(game, 0);
  const h = hashOf('id');
  const matches = await sql`
    insert into matches (game, id, mode, map, started_at, seconds, winner)
    select ${game}, id, (${sql.val(kinds.modes)}::text[])[1 + h % ${kinds.modes.length}],
      (${sql.val(kinds.maps)}::text[])[1 + h / 7 % ${kinds.maps.length}],
      ${anchor}::timestamptz - k * interval '1 day' - (j * ${Math.floor(86_000 / perDay)} + h % 600) * interval '1 second',
      300 + h % 1500,
      case when h % 10 = 0 then null when h % 2 = 0 then 'red' else 'blue' end
    from (select k, j, id, ${h} as h from (
      select k, j, k * 100000 + j + 1 as id
      from generate_series(0, ${DAYS - 1}) as k cross join generate_series(0, ${perDay - 1}) as j) as x) as y
    on conflict do nothing`.execute(db);
  const mh = hashOf('m.id');
  const places = await sql`
    insert into match_players (game, match_id, player_id, side, result, kills, deaths, score)
    select game, id, player_id, side,
      case when winner is null then 'draw' when winner = side then 'win' else 'loss' end,
      kills, deaths, kills * 100 - deaths * 30 + case when winner = side then 300 else 0 end
    from (
      select m.game, m.id, m.winner, p.id as player_id,
        case when i % 2 = 0 then 'red' else 'blue' end as side,
        (${mh} + i * 31) % 15 as kills, (${mh} + i * 17) % 12 as deaths
      from matches as m
        cross join lateral generate_series(0, 1 + 2 * (${mh} % 4)) as i
        join players as p on p.game = m.game and p.num = ${base} + 1 + (${mh} + i) % ${perGame}
      where m.game = ${game}
      order by m.id, i) as x
    on conflict do nothing`.execute(db);
  return Number(matches.numAffectedRows ?? 0) + Number(places.numAffectedRows ?? 0);
}
