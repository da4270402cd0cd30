import type { Kysely } from 'kysely';
import type { GameFigures } from '../../shared/api/notices.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';

/**
 * A game's figures for message notices: online players and today's income. Both come from the
 * game's game-status checks that passed last (a server that is down, failing or paused counts for
 * nothing): the online players are their sum.
 */

/** What one game-status check reported last. */
export interface StatusFigure {
  game: GameId;
  onlinePlayers: number;
  /** Minor units (fen); null when the server does not report it. */
  incomeToday: number | null;
}

export interface FigureSource {
  db: Kysely<Database>;
  now: Date;
  statuses: readonly StatusFigure[];
}

/**
 * Today's income of a game, in minor units. For now the sum of what its game servers report
 * (the simulated ones, in the demo); the money issue switches it to the game's paid orders of the
 * studio's day. This is the one place that decides it.
 */
export async function incomeTodayOf(source: FigureSource, game: GameId): Promise<number | null> {
  const reported = source.statuses.filter((s) => s.game === game && s.incomeToday !== null);
  if (reported.length === 0) return null;
  return reported.reduce((sum, s) => sum + (s.incomeToday ?? 0), 0);
}

export async function gameFigures(source: FigureSource, game: GameId): Promise<GameFigures> {
  const mine = source.statuses.filter((s) => s.game === game);
  return {
    game,
    onlinePlayers: mine.length === 0 ? null : mine.reduce((sum, s) => sum + s.onlinePlayers, 0),
    incomeToday: await incomeTodayOf(source, game),
    servers: mine.length,
  };
}

/** The figures as the database has them (the watch engine keeps them on each server's row). */
export async function storedStatusFigures(db: Kysely<Database>): Promise<StatusFigure[]> {
  const rows = await db
    .selectFrom('watched_servers')
    .select(['game', 'online_players', 'income_today'])
    .where('check_kind', '=', 'gameStatus')
    .where('paused', '=', false)
    .where('state', 'in', ['up', 'maintenance'])
    .where('consecutive_failures', '=', 0)
    .where('online_players', 'is not', null)
    .execute();
  return rows.map((r) => ({
    game: r.game as GameId,
    onlinePlayers: r.online_players ?? 0,
    incomeToday: r.income_today === null ? null : Number(r.income_today),
  }));
}
