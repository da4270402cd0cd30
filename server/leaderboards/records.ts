import type { Kysely } from 'kysely';
import type { Board, LeaderboardRecord } from '../../shared/api/leaderboards.js';
import type { Equipment } from '../../shared/api/players.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import type { RecordRow } from './ranks.js';

/** Records as the contract says them, with their players' names (read once for a page). */

export function toRecord(row: RecordRow, rank: number | null, playerName: string | null): LeaderboardRecord {
  return {
    id: row.id,
    board: row.board as Board,
    seasonId: row.season_id,
    rank,
    playerId: row.player_id,
    playerName,
    teamName: row.team_name,
    score: row.score,
    level: row.level,
    equipment:
      row.eq_name !== null && row.eq_quality !== null
        ? { name: row.eq_name, quality: row.eq_quality as Equipment['quality'] }
        : null,
    achievedAt: row.achieved_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    deletedBy: row.deleted_by,
    deleteReason: row.delete_reason,
  };
}

/** The names of the players of some records (a player who is gone has none). */
export async function playerNames(
  db: Kysely<Database>,
  game: GameId,
  rows: readonly RecordRow[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.player_id))];
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('players')
    .select(['id', 'name'])
    .where('game', '=', game)
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((p) => [p.id, p.name]));
}

/** Records ranked from `first` on, with their names. */
export async function ranked(
  db: Kysely<Database>,
  game: GameId,
  rows: readonly RecordRow[],
  first: number,
): Promise<LeaderboardRecord[]> {
  const names = await playerNames(db, game, rows);
  return rows.map((r, i) => toRecord(r, first + i, names.get(r.player_id) ?? null));
}
