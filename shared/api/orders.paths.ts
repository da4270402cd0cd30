import { fillPath } from '../routes.js';
import { gameHasPage, gamePagePath, type GameId } from '../games.js';

/**
 * Where an order opens in the console: lw has its own detail page (order/:id/detail); the other
 * games open it in the order search's drawer (`?order=`), which is also where a list's row opens
 * it. Shared, because an alert about an order (server watch's bell) leads there too.
 */
export function orderPath(game: GameId, orderId: string): string {
  if (gameHasPage(game, 'orderDetail')) return fillPath(gamePagePath(game, 'orderDetail'), { id: orderId });
  const search = new URLSearchParams({ orderId, order: orderId });
  return `${gamePagePath(game, 'orderRetrieve')}?${search.toString()}`;
}
