import { fillPath } from '../../shared/routes.js';
import { gameHasPage, gamePagePath, type GameId } from '../../shared/games.js';
import type { PayTab } from '../../shared/api/orders.js';

/**
 * Where an order opens: lw has its own detail page (order/:id/detail); the other games open it in
 * the order search's drawer (`?order=`), which is also where a list's row opens it.
 */
export function orderPath(game: GameId, orderId: string): string {
  if (gameHasPage(game, 'orderDetail')) return fillPath(gamePagePath(game, 'orderDetail'), { id: orderId });
  const search = new URLSearchParams({ orderId, order: orderId });
  return `${gamePagePath(game, 'orderRetrieve')}?${search.toString()}`;
}

/** The page of a pay or shop tab of the game (atomicwar's pay/{tab}, lw's shop/{tab}). */
export function tabPath(game: GameId, tab: PayTab): string | null {
  if (gameHasPage(game, 'payTab')) return fillPath(gamePagePath(game, 'payTab'), { tab });
  if (gameHasPage(game, 'shopTab')) return fillPath(gamePagePath(game, 'shopTab'), { tab });
  return null;
}
