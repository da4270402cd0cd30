import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import type { Capability } from '../kit/queryKeys.js';

/** The games that have special users / testing players, by the endpoints' own `game` field. */
export type SpecialGame = InputOf<'specialUsers.list'>['game'];
export type TestingGame = InputOf<'testingPlayers.list'>['game'];

export function asSpecialGame(game: GameId): SpecialGame | null {
  const r = ENDPOINTS['specialUsers.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

export function asTestingGame(game: GameId): TestingGame | null {
  const r = ENDPOINTS['testingPlayers.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

/**
 * What every moderation change makes stale besides its own lists: a ban, a blacklist entry, a
 * special-user mark or a refund changes what the game's player pages show (state tags, orders).
 */
export const ALSO_CHANGES: readonly Capability[] = ['players'];
