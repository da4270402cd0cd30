import type { Kysely } from 'kysely';
import type { Board } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { SCORE_TOP } from './levels-seed.js';
import type { StageBoard } from './levels-stages.js';
import { rebuildBlocks } from './ranks.js';
import { SEASONS } from './seed.js';

/**
 * A record put straight into the database for a test's own use (the RBAC matrix, the audit
 * cases), whatever the seed holds; the board's blocks are rebuilt so its ranks stay true. On a
 * stage's board (`stage-<id>`) it is a clear taking SCORE_TOP - score ms, as the seed's are.
 */
export async function insertTestRecord(
  db: Kysely<Database>,
  game: GameId,
  playerId: string,
  at: Date,
  opts: { board?: Board | StageBoard; seasonId?: number; score?: number } = {},
): Promise<number> {
  const board = opts.board ?? 'player';
  const seasonId = opts.seasonId ?? SEASONS;
  const score = opts.score ?? 1;
  const row = await db
    .insertInto('leaderboard_records')
    .values({
      game,
      season_id: seasonId,
      board,
      player_id: playerId,
      team_name: board === 'team' ? 'Test team' : null,
      score,
      level: 1,
      eq_name: board === 'equip' ? 'Test blade' : null,
      eq_quality: board === 'equip' ? 'common' : null,
      clear_ms: board.startsWith('stage-') ? SCORE_TOP - score : null,
      achieved_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rebuildBlocks(db, { game, seasonId, board });
  return row.id;
}
