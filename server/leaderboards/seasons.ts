import type { Kysely, Selectable } from 'kysely';
import type { Season } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { problem } from '../http/problem.js';
import type { LeaderboardSeasonsTable } from './tables.js';

/** A game's seasons: the one a call names, or the current one (the latest that has started). */

export type SeasonRow = Selectable<LeaderboardSeasonsTable>;

export function toSeason(row: SeasonRow, now: Date): Season {
  return {
    id: row.id,
    name: row.name,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    current: row.starts_at.getTime() <= now.getTime() && now.getTime() < row.ends_at.getTime(),
  };
}

export function seasonsOf(db: Kysely<Database>, game: GameId): Promise<SeasonRow[]> {
  return db
    .selectFrom('leaderboard_seasons')
    .selectAll()
    .where('game', '=', game)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Season `id` of the game, or without an id the latest season that has started by `now` (the
 * current one, or the last one while none runs); 40400 naming the game's seasons otherwise.
 */
export async function mustFindSeason(
  db: Kysely<Database>,
  game: GameId,
  id: number | undefined,
  now: Date,
): Promise<SeasonRow> {
  let q = db.selectFrom('leaderboard_seasons').selectAll().where('game', '=', game);
  q =
    id === undefined
      ? q.where('starts_at', '<=', now).orderBy('starts_at', 'desc').limit(1)
      : q.where('id', '=', id);
  const row = await q.executeTakeFirst();
  if (row) return row;
  const ids = (await seasonsOf(db, game)).map((s) => s.id).reverse();
  const names = GAMES[game].names;
  const known = ids.length > 0 ? ids.join(', ') : null;
  if (id === undefined) {
    throw problem(
      Codes.NOT_FOUND,
      `${names.en} has no season that has started yet; there is no leaderboard to show`,
      `${names['zh-CN']}还没有已开始的赛季，暂无排行榜`,
    );
  }
  throw problem(
    Codes.NOT_FOUND,
    `${names.en} has no season ${id}; ${known ? `its seasons are ${known}` : 'it has no seasons yet'}`,
    `${names['zh-CN']}没有第 ${id} 赛季；${known ? `已有赛季：${ids.join('、')}` : '尚无任何赛季'}`,
    [{ path: 'season', message: 'no such season in this game' }],
  );
}
