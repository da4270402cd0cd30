import { fillPath } from '../../shared/routes.js';
import { type GameId } from '../../shared/games.js';
import { gameHasPage, gamePagePath } from '../../shared/game-pages.js';
import type { PayTab } from '../../shared/api/orders.js';

export { orderPath } from '../../shared/routes.js';

/** The page of a pay or shop tab of the game (atomicwar's pay/{tab}, lw's shop/{tab}). */
export function tabPath(game: GameId, tab: PayTab): string | null {
  if (gameHasPage(game, 'payTab')) return fillPath(gamePagePath(game, 'payTab'), { tab });
  if (gameHasPage(game, 'shopTab')) return fillPath(gamePagePath(game, 'shopTab'), { tab });
  return null;
}
