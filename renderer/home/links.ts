import type { BriefFigure, BriefInfo } from '../../shared/api/overview.js';
import { type GameId } from '../../shared/games.js';
import { gameHasPage, gamePagePath, type GamePageKey } from '../../shared/game-pages.js';
import { canAccess } from '../../shared/roles.js';
import { gamePageAccess, routeById } from '../../shared/routes.js';

/**
 * Where each figure of the landing page leads: the page behind it, with the filter that shows the
 * same rows (the day, the game, the state). Null when the operator may not open that page, so the
 * figure is shown as text rather than as a link that ends on "not allowed".
 */

type Days = Pick<BriefInfo, 'today'>;

/** The report page each figure is counted on: players on the daily report, money on recharge. */
const FIGURE_PAGE: Record<BriefFigure, GamePageKey> = {
  active: 'dailyReport',
  newPlayers: 'dailyReport',
  arppu: 'dailyReport',
  revenue: 'rechargeStats',
  payingPlayers: 'rechargeStats',
};

function gamePage(roles: readonly string[], game: GameId, page: GamePageKey, query: string): string | null {
  if (!gameHasPage(game, page) || !canAccess(roles, gamePageAccess(game, page))) return null;
  return `${gamePagePath(game, page)}?${query}`;
}

/** A figure's report, on today's studio day (the reports' `start` and `end`). */
export function figureLink(
  roles: readonly string[],
  game: GameId,
  figure: BriefFigure,
  days: Days,
): string | null {
  const day = encodeURIComponent(days.today);
  return gamePage(roles, game, FIGURE_PAGE[figure], `start=${day}&end=${day}`);
}

/** The game's servers in one state on the server watch page. */
export function serversLink(roles: readonly string[], game: GameId, state: 'up' | 'down'): string | null {
  const route = routeById('admin.serverWatch');
  if (!canAccess(roles, route.access)) return null;
  return `${route.path}?game=${game}&state=${state}`;
}

/** The game's orders whose delivery failed (their alerts), on the order list. */
export function failedDeliveriesLink(roles: readonly string[], game: GameId): string | null {
  return gamePage(roles, game, 'orderRetrieve', 'state=deliveryFailed');
}

/** The operator's own to-do list. */
export function todoLink(roles: readonly string[]): string | null {
  const route = routeById('todo.list');
  return canAccess(roles, route.access) ? route.path : null;
}
