import { sql, type Kysely } from 'kysely';
import { boardsOf } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import { readMeta, writeMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';
import { BULK_LOAD_FROM } from '../seed/players.js';
import { insertStageRecords, rebuildStageBlocks } from './levels-seed.js';
import { rebuildBlocks } from './ranks.js';
import { seasonRows } from './seed-rows.js';

/**
 * The leaderboards of one game, made by the database from the seeded players (one statement per
 * season and batch of players, all boards at once), so a million players cost seconds, not a
 * round trip each.
 *
 * Seasons: SEASONS of SEASON_DAYS each, the last one (the current) started CURRENT_FOR days
 * before the anchor, the others past. Who is on a board: in the current season every player who
 * is not deleted; in season k back, those who joined before it ended, minus one in k + 1 (the
 * players who did not play it). Team records are held by one player in TEAM_EVERY (the captain).
 * Scores come from the player's level (lower in older seasons) and their seed row; the
 * equipment board ranks the power of the player's strongest piece.
 *
 * Outliers an operator would delete: seed rows g % OUTLIER_EVERY = 13 (the player and equipment
 * boards) and = 6 (a captain, the team board) score far above what their level allows, in the
 * current and the previous season. Row 13 and row 6 are among the 20 players of the tests.
 *
 * Seeding again adds only rows g in (previous size, new size]; the ranks' blocks are rebuilt for
 * every board that got records.
 */

export const SEASONS = 3;
export const SEASON_DAYS = 90;
export const CURRENT_FOR_DAYS = 20;
export const TEAM_EVERY = 5;
export const OUTLIER_EVERY = 97;
const DAY_MS = 86_400_000;
const BATCH = 100_000;
const RANK_INDEX = 'leaderboard_records_rank_idx';

/** The largest score the seed gives without cheating, per board: outliers score above it. */
export const FAIR_CEILING = { player: 1_009_999, team: 5_049_999, equip: 12_499 } as const;

const TEAM_WORDS = ['龙腾', '星火', '破晓', '青锋', 'Nova', 'Aegis', 'Vanguard', '天穹', '烈风', 'Zenith'];
const EQUIP_NAMES = [
  '裂空之刃 Skyrender',
  '龙鳞甲 Dragonscale',
  '霜语法杖 Frostwhisper',
  '不灭之冠 Undying Crown',
];

const metaKey = (game: GameId) => `leaderboards_seeded:${game}`;

interface SeasonDates {
  id: number;
  startsAt: Date;
  endsAt: Date;
}

/** The seasons of the seed, oldest first, relative to the anchor (whole seconds, as every seed date). */
export function seededSeasons(anchor: Date): SeasonDates[] {
  const anchorMs = Math.floor(anchor.getTime() / 1000) * 1000;
  const currentStart = anchorMs - CURRENT_FOR_DAYS * DAY_MS;
  return Array.from({ length: SEASONS }, (_, i) => {
    const startsAt = currentStart - (SEASONS - 1 - i) * SEASON_DAYS * DAY_MS;
    return { id: i + 1, startsAt: new Date(startsAt), endsAt: new Date(startsAt + SEASON_DAYS * DAY_MS) };
  });
}

/** Seeds the game's leaderboards up to `perGame` players; `bulkFrom` (tests) lowers the size that loads in bulk. */
export async function seedLeaderboards(
  db: Kysely<Database>,
  game: GameId,
  perGame: number,
  anchor: Date,
  bulkFrom = BULK_LOAD_FROM,
): Promise<number> {
  const seasons = seededSeasons(anchor);
  await db
    .insertInto('leaderboard_seasons')
    .values(
      seasons.map((s) => ({
        game,
        id: s.id,
        name: `第 ${s.id} 赛季 Season ${s.id}`,
        starts_at: s.startsAt,
        ends_at: s.endsAt,
      })),
    )
    .onConflict((oc) => oc.columns(['game', 'id']).doNothing())
    .execute();
  await db
    .insertInto('leaderboard_settings')
    .values({ game, dynamic_rank: true })
    .onConflict((oc) => oc.column('game').doNothing())
    .execute();

  const done = Number((await readMeta(db, metaKey(game))) ?? 0);
  if (perGame <= done) return 0;
  const load = async (q: Kysely<Database>) => {
    let added = 0;
    for (const season of seasons) {
      for (let from = done + 1; from <= perGame; from += BATCH) {
        const to = Math.min(perGame, from + BATCH - 1);
        added += await insertRecords(q, game, season, seasons.length - season.id, from, to, anchor);
        added += await insertStageRecords(q, game, season, seasons.length - season.id, { from, to }, anchor);
      }
    }
    return added;
  };
  // Many new players: one transaction, and the boards' order index built once after the load
  // rather than entry by entry (as the players' seed does with its name index).
  const added =
    perGame - done >= bulkFrom
      ? await db.transaction().execute((trx) => withRankIndexBuiltAfter(trx, () => load(trx)))
      : await load(db);
  for (const season of seasons) {
    for (const board of boardsOf(game)) await rebuildBlocks(db, { game, seasonId: season.id, board });
    await rebuildStageBlocks(db, game, season.id);
  }
  await sql`analyze leaderboard_records`.execute(db);
  await writeMeta(db, metaKey(game), String(perGame));
  return added;
}

async function withRankIndexBuiltAfter<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ def: string }>`
    select indexdef as def from pg_indexes where indexname = ${RANK_INDEX}`.execute(db);
  const def = rows[0]?.def;
  if (def) await sql`drop index ${sql.id(RANK_INDEX)}`.execute(db);
  const out = await work();
  if (def) await sql.raw(def).execute(db);
  return out;
}

/** The records of seed rows from..to in one season (`back` seasons before the current one). */
async function insertRecords(
  db: Kysely<Database>,
  game: GameId,
  season: SeasonDates,
  back: number,
  from: number,
  to: number,
  anchor: Date,
): Promise<number> {
  const boards = boardsOf(game);
  const k = season.id;
  const rows = seasonRows({ game, season, back, from, to, anchor, phase: 0.1 });
  const outlier = back <= 1;
  const res = await sql`
    insert into leaderboard_records
      (game, season_id, board, player_id, team_name, score, level, eq_name, eq_quality, achieved_at)
    select ${game}, ${k}, b.board, p.id,
      case when b.board = 'team' then (${TEAM_WORDS}::text[])[1 + (x.g % ${TEAM_WORDS.length})::int] || ' ' || (x.g % 1000)::text end,
      case
        when b.board = 'player' and ${outlier} and x.g % ${OUTLIER_EVERY} = 13 then 5000000 + (x.g * 31) % 100000
        when b.board = 'team' and ${outlier} and x.g % ${OUTLIER_EVERY} = 6 then 30000000 + (x.g * 31) % 100000
        when b.board = 'equip' and ${outlier} and x.g % ${OUTLIER_EVERY} = 13 then 99000 + x.g % 1000
        when b.board = 'player' then x.lvl * 10000 + (x.g * 7919 + ${k} * 104729) % 10000
        when b.board = 'team' then x.lvl * 50000 + (x.g * 6151 + ${k} * 7) % 50000
        else x.lvl * 100 + (x.g * 3571 + ${k} * 13) % 2500
      end,
      x.lvl,
      case when b.board = 'equip' then (${EQUIP_NAMES}::text[])[1 + (x.g % ${EQUIP_NAMES.length})::int] end,
      case when b.board = 'equip' then
        case when x.lvl >= 80 then 'mythic' when x.lvl >= 60 then 'legendary' when x.lvl >= 40 then 'epic'
          when x.lvl >= 20 then 'rare' else 'common' end
      end,
      x.since + floor(extract(epoch from ${rows.until}::timestamptz - x.since) * x.t) * interval '1 second'
    from players as p
    ${rows.lateral}
    cross join unnest(${boards}::text[]) as b(board)
    where ${rows.where}
      and (b.board <> 'team' or x.g % ${TEAM_EVERY} = 1)
    on conflict (game, season_id, board, player_id) where deleted_at is null do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
