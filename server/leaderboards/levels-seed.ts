import { sql, type Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { rebuildBlocks } from './ranks.js';
import { seasonRows, type SeasonRows } from './seed-rows.js';
import { STAGES, stageBoard } from './levels-stages.js';

/**
 * The stages' records of the seeded players, made by the database like the boards' (one statement
 * per season and batch of players, every stage at once), so a million players cost seconds.
 *
 * Who cleared a stage: stage 1 every player of the season's board; stage s those of level at least
 * (s - 1) * LEVELS_PER_STAGE + 1, minus one in SKIP_EVERY (who never got round to it). A clear
 * takes about the stage's par time, less for a higher level, spread by the seed row (a Weyl
 * sequence, as in the boards' seed). The score is SCORE_TOP - clear time, so the boards' order
 * (score high to low) is the fastest clear first, to the millisecond. Cheats an operator would
 * delete: seed rows g % 97 = 13 clear every stage they reach in about a second, in the current and
 * the previous season (the boards' cheats, the same rows). Party's stages are cleared as a party.
 */

export const LEVELS_PER_STAGE = 12;
export const SKIP_EVERY = 5;
/** Above any clear time in milliseconds (27 hours): the score of an instant clear. */
export const SCORE_TOP = 100_000_000;
/** The fastest clear the seed makes without cheating, in milliseconds: cheats are below it. */
export const FAIR_FASTEST_MS = 30_000;
const PARTY_WORDS = ['Giggle', 'Disco', 'Jelly', 'Pillow', 'Confetti', 'Banana', 'Bubble', 'Noodle'];

/** The stage records of seed rows from..to in one season (`back` seasons before the current one). */
export async function insertStageRecords(
  db: Kysely<Database>,
  game: GameId,
  season: SeasonRows['season'],
  back: number,
  rows: { from: number; to: number },
  anchor: Date,
): Promise<number> {
  const stages = STAGES[game];
  const k = season.id;
  const seeded = seasonRows({ game, season, back, ...rows, anchor, phase: 0.3 });
  const outlier = back <= 1;
  const party = game === 'party';
  const res = await sql`
    insert into leaderboard_records
      (game, season_id, board, player_id, team_name, score, level, clear_ms, achieved_at)
    select ${game}, ${k}, 'stage-' || s.id, p.id,
      case when ${party} then (${PARTY_WORDS}::text[])[1 + ((x.g + s.id) % ${PARTY_WORDS.length})::int]
        || ' Party ' || ((x.g / 4) % 500)::text end,
      ${SCORE_TOP} - c.ms, x.lvl, c.ms,
      x.since + floor(extract(epoch from ${seeded.until}::timestamptz - x.since) * x.t) * interval '1 second'
    from players as p
    ${seeded.lateral}
    cross join unnest(${stages.map((s) => s.id)}::int[], ${stages.map((s) => s.parMs)}::int[]) as s(id, par)
    cross join lateral (
      select case when ${outlier} and x.g % 97 = 13 then 1000 + (x.g * 31 + s.id) % 1000
        else greatest(${FAIR_FASTEST_MS}, floor(s.par * (1.3 - x.lvl / 200.0)
          * (0.6 + 0.8 * ((x.g * 0.7548776662466927::float8 + s.id * 0.5698402909980532::float8)
            - floor(x.g * 0.7548776662466927::float8 + s.id * 0.5698402909980532::float8))))::int)
      end as ms
    ) as c
    where ${seeded.where}
      and x.lvl >= (s.id - 1) * ${LEVELS_PER_STAGE} + 1
      and (s.id = 1 or (x.g + s.id) % ${SKIP_EVERY} <> 0)
    on conflict (game, season_id, board, player_id) where deleted_at is null do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Makes the rank blocks of every stage of the game in a season (after the seed, or to repair them). */
export async function rebuildStageBlocks(
  db: Kysely<Database>,
  game: GameId,
  seasonId: number,
): Promise<void> {
  for (const s of STAGES[game]) await rebuildBlocks(db, { game, seasonId, board: stageBoard(s.id) });
}
