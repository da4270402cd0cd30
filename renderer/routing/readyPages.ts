import type { GamePageKey } from '../../shared/games.js';
import { ROUTES, type RouteDef } from '../../shared/routes.js';

/**
 * Which routes have a built screen. Everything else in the route table renders the shared
 * "coming in a later release" page, so a route is reachable the day it enters the table.
 * pages.tsx maps each id here to its component; the type makes a missing component an error.
 */
export const READY_ROUTE_IDS = [
  'auth.login',
  'auth.register',
  'auth.logout',
  'errors.401',
  'errors.404',
  'errors.500',
  'home',
  'admin.users',
  'admin.userCreate',
  'admin.user',
  'admin.userEdit',
] as const;
export type ReadyRouteId = (typeof READY_ROUTE_IDS)[number];

/** Game pages are written once for every game; a key here makes the page ready in all of them. */
export const READY_GAME_PAGES: readonly GamePageKey[] = [
  'players',
  'player',
  'playerTab',
  'playerStats',
  'bannedHeroes',
  'blacklist',
  'blacklistCreate',
  'specialUsers',
  'specialUserCreate',
  'testingPlayers',
];

export function isReadyRouteId(id: string): id is ReadyRouteId {
  return (READY_ROUTE_IDS as readonly string[]).includes(id);
}

export type PageKind =
  { kind: 'route'; id: ReadyRouteId } | { kind: 'game'; page: GamePageKey } | { kind: 'planned' };

export function pageKindOf(route: RouteDef): PageKind {
  if (route.status === 'ready' && route.page && READY_GAME_PAGES.includes(route.page)) {
    return { kind: 'game', page: route.page };
  }
  if (route.status === 'ready' && isReadyRouteId(route.id)) return { kind: 'route', id: route.id };
  return { kind: 'planned' };
}

/** Ready routes in the table that no screen serves: must stay empty (a unit test checks). */
export function unservedReadyRoutes(routes: readonly RouteDef[] = ROUTES): string[] {
  return routes.filter((r) => r.status === 'ready' && pageKindOf(r).kind === 'planned').map((r) => r.id);
}
