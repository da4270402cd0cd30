import { byCodeUnits } from './order.js';
import { PUBLIC, SIGNED_IN, withRequired, type Access } from './roles.js';
import { GAMES, GAME_LIST, type GameId } from './games.js';
import { FEATURE_PAGES } from './feature-pages.js';
import {
  GAME_PAGE_META,
  type GamePageKey,
  gameHasPage,
  gamePagePath,
  gamePages,
  prefixedPagePath,
} from './game-pages.js';
import { fixedRoute, type RouteDef } from './pages.js';

export { MENU_SECTIONS, type Layout, type MenuGroupId, type MenuSection, type RouteDef } from './pages.js';

/**
 * The route table: every real route of spec section 2 with who may open it. It drives the side
 * menu, the renderer's guard and (through the same Access values on endpoints) the server's RBAC.
 * The shell's own routes (sign-in, errors, home) are here; every other route comes from the
 * feature modules listed in features.ts. The template demo routes of the spec are not here on
 * purpose.
 */

/** The access rule of one game's page: the page's rule plus the game's role. */
export function gamePageAccess(game: GameId, page: GamePageKey): Access {
  return withRequired(GAME_PAGE_META[page].access, GAMES[game].role);
}

const SHELL_ROUTES: RouteDef[] = [
  fixedRoute('auth.login', '/auth/login', 'auth', PUBLIC),
  fixedRoute('auth.register', '/auth/register', 'auth', PUBLIC),
  fixedRoute('auth.logout', '/auth/logout', 'auth', PUBLIC),
  fixedRoute('errors.401', '/errors/error-401', 'errors', PUBLIC),
  fixedRoute('errors.404', '/errors/error-404', 'errors', PUBLIC),
  fixedRoute('errors.500', '/errors/error-500', 'errors', PUBLIC),
  fixedRoute('home', '/home', 'main', SIGNED_IN, { group: 'home', order: 0 }),
];

function gameRoutes(): RouteDef[] {
  return GAME_LIST.flatMap((game) =>
    gamePages(game.id).map((page): RouteDef => {
      const rule = GAME_PAGE_META[page];
      const path = gamePagePath(game.id, page);
      // The spec also lists a moved page under the game's prefix (party/admin/recharge/...).
      const prefixed = prefixedPagePath(game.id, page);
      return {
        id: `${game.id}.${page}`,
        path,
        ...(prefixed !== path ? { aliases: [prefixed] } : {}),
        layout: 'main',
        access: gamePageAccess(game.id, page),
        titleKey: `page.${page}`,
        game: game.id,
        page,
        ...(rule.section ? { menu: { group: game.id, section: rule.section, order: rule.order } } : {}),
      };
    }),
  );
}

/** A route's place in its menu group; routes outside the menu after every entry. */
const menuOrder = (r: RouteDef): number => r.menu?.order ?? Number.MAX_SAFE_INTEGER;

/**
 * Admin routes first, then the games, then the to-do list: the menu's order. Within each, the
 * routes in the menu by their declared place, then the others by id (not by the features' order).
 */
function featureRoutes(group: 'admin' | 'todo'): RouteDef[] {
  return FEATURE_PAGES.flatMap((f) => f.routes ?? [])
    .filter((r) => (group === 'todo' ? r.id.startsWith('todo.') : !r.id.startsWith('todo.')))
    .sort((a, b) => menuOrder(a) - menuOrder(b) || byCodeUnits(a.id, b.id));
}

/**
 * Refuses two menu entries in one place (a group's section and the same `order`): their order
 * would then be their ids', which no one chose. Pages of different games may share a number.
 */
export function checkMenuPlaces(routes: readonly RouteDef[]): readonly RouteDef[] {
  const taken = new Map<string, string>();
  for (const r of routes) {
    if (!r.menu) continue;
    const place = `${r.menu.group}/${r.menu.section ?? '-'}/${r.menu.order}`;
    const other = taken.get(place);
    if (other)
      throw new Error(`menu entries ${other} and ${r.id} both take ${place}: give one another order`);
    taken.set(place, r.id);
  }
  return routes;
}

export const ROUTES: readonly RouteDef[] = checkMenuPlaces([
  ...SHELL_ROUTES,
  ...featureRoutes('admin'),
  ...gameRoutes(),
  ...featureRoutes('todo'),
]);

export const ROUTES_BY_ID: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const r = ROUTES_BY_ID.get(id);
  if (!r) throw new Error(`unknown route id ${id}`);
  return r;
}

/** Fills a path pattern's params: fillPath('/admin/user/:phone', { phone: '1' }). */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing route param ${name} for ${pattern}`);
    return encodeURIComponent(String(v));
  });
}

/** The console path of a player's detail page, on a tab when given. */
export function playerPath(game: GameId, id: string, tab?: string): string {
  return tab
    ? fillPath(gamePagePath(game, 'playerTab'), { id, tab })
    : fillPath(gamePagePath(game, 'player'), { id });
}

/**
 * Where an order opens in the console: lw has its own detail page (order/:id/detail); the other
 * games open it in the order search's drawer (`?order=`), which is also where a list's row opens
 * it. Here beside playerPath, because an alert about an order (server watch's bell) leads there too.
 */
export function orderPath(game: GameId, orderId: string): string {
  if (gameHasPage(game, 'orderDetail')) return fillPath(gamePagePath(game, 'orderDetail'), { id: orderId });
  const search = new URLSearchParams({ orderId, order: orderId });
  return `${gamePagePath(game, 'orderRetrieve')}?${search.toString()}`;
}

export const LOGIN_PATH = '/auth/login';
export const LANDING_PATH = '/home';
export const ERROR_401_PATH = '/errors/error-401';
export const ERROR_404_PATH = '/errors/error-404';
export const ERROR_500_PATH = '/errors/error-500';
