import type { Kysely, Selectable } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId, type PlayerTab } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import type { PlayersTable } from './tables.js';
import { problem } from '../http/problem.js';
import type { PlayerSeed } from './generate.js';

/** Finding one player of a game, and the errors that name what was not found. */

export type PlayerRecord = Selectable<PlayersTable>;

export async function findPlayer(
  db: Kysely<Database>,
  game: GameId,
  id: string,
): Promise<PlayerRecord | undefined> {
  return db
    .selectFrom('players')
    .selectAll()
    .where('game', '=', game)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function playerNotFound(game: GameId, id: string) {
  const names = GAMES[game].names;
  return problem(
    Codes.NOT_FOUND,
    `No player ${id} in ${names.en} (${game}); check the id, or search by name or account number`,
    `${names['zh-CN']}（${game}）中没有玩家 ${id}；请检查 ID，或按名称、账号搜索`,
  );
}

export async function mustFindPlayer(db: Kysely<Database>, game: GameId, id: string): Promise<PlayerRecord> {
  const row = await findPlayer(db, game, id);
  if (!row) throw playerNotFound(game, id);
  return row;
}

/** A tab this game does not have: name the game's tabs so the caller can pick one. */
export function assertGameHasTab(game: GameId, tab: PlayerTab): void {
  const tabs = GAMES[game].playerTabs;
  if (tabs.includes(tab)) return;
  const names = GAMES[game].names;
  throw problem(
    Codes.NOT_FOUND,
    `${names.en} (${game}) has no player tab "${tab}"; its tabs are ${tabs.join(', ')}`,
    `${names['zh-CN']}（${game}）没有玩家页签“${tab}”；可用页签：${tabs.join('、')}`,
  );
}

export function seedOf(row: PlayerRecord): PlayerSeed {
  return {
    id: row.id,
    num: row.num,
    name: row.name,
    level: row.level,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}
