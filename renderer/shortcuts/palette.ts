import { canAccess } from '../../shared/roles.js';
import { GAME_LIST, type GameId } from '../../shared/games.js';
import { isPinnable } from '../../shared/api/shortcuts.js';
import { ROUTES, ROUTES_BY_ID, playerPath, type RouteDef } from '../../shared/routes.js';

/**
 * What the command palette and the pinned pages offer, as pure functions of the route table, the
 * operator's roles and which pages are built: the palette never lists a page the guard would
 * refuse or one that only says "coming later".
 */

/** A page the palette can open, with what an operator may type to find it. */
export interface PageEntry {
  route: RouteDef;
  /** The page's title, with the game's name for a game page. */
  title: string;
  /** Lower-case text the query is matched against: title, game, path. */
  haystack: string;
}

export type Titler = (route: RouteDef) => string;

/** Pages an operator may open from the palette or pin: built, open to their roles, needing no target. */
export function openPages(
  roles: readonly string[],
  isReady: (route: RouteDef) => boolean,
  routes: readonly RouteDef[] = ROUTES,
): RouteDef[] {
  return routes.filter((r) => isPinnable(r) && canAccess(roles, r.access) && isReady(r));
}

export function pageEntries(routes: readonly RouteDef[], title: Titler): PageEntry[] {
  return routes.map((route) => {
    const t = title(route);
    return { route, title: t, haystack: `${t} ${route.path} ${route.id}`.toLowerCase() };
  });
}

/**
 * The entries a query finds: every word of the query in the entry's text; those whose title starts
 * with the query come first, then the table's order (the menu's), so Enter opens the likely page.
 */
export function filterPages(entries: readonly PageEntry[], query: string): PageEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...entries];
  const words = q.split(/\s+/);
  const found = entries.filter((e) => words.every((w) => e.haystack.includes(w)));
  const starts = (e: PageEntry) => (e.title.toLowerCase().startsWith(q) ? 0 : 1);
  return found
    .map((e, i) => ({ e, i }))
    .sort((a, b) => starts(a.e) - starts(b.e) || a.i - b.i)
    .map((x) => x.e);
}

/** Player ids are 1 to 20 digits; the palette offers one from 5 digits, so page numbers do not. */
export function playerIdOfQuery(query: string): string | null {
  const q = query.trim();
  return /^[0-9]{5,20}$/.test(q) ? q : null;
}

/** The game a path is in, when it is a game page. */
export function gameOfRoute(route: RouteDef | undefined): GameId | null {
  return route?.game ?? null;
}

/** The games whose player search the operator may open, in the registry's order. */
export function searchableGames(roles: readonly string[]): GameId[] {
  return GAME_LIST.filter((g) => {
    const r = ROUTES_BY_ID.get(`${g.id}.players`);
    return r !== undefined && canAccess(roles, r.access);
  }).map((g) => g.id);
}

/**
 * The game the shortcuts act in: the page's game, else the last game the operator was in, else
 * the first game whose players they may see. Null when they may see none.
 */
export function currentGame(
  pageGame: GameId | null,
  lastGame: GameId | null,
  roles: readonly string[],
): GameId | null {
  const games = searchableGames(roles);
  for (const g of [pageGame, lastGame]) if (g && games.includes(g)) return g;
  return games[0] ?? null;
}

/**
 * Where "open player <id>" may lead: that player in every game whose players the operator may
 * open, the current game first. An id does not say its game (a Steam id is the same in every game
 * its owner plays), so the palette offers each game, named, rather than guessing one.
 */
export function playerTargets(
  current: GameId | null,
  id: string,
  roles: readonly string[],
): { game: GameId; path: string }[] {
  const games = GAME_LIST.map((g) => g.id).filter((g) => {
    const r = ROUTES_BY_ID.get(`${g}.player`);
    return r !== undefined && canAccess(roles, r.access);
  });
  const ordered =
    current && games.includes(current) ? [current, ...games.filter((g) => g !== current)] : games;
  return ordered.map((game) => ({ game, path: playerPath(game, id) }));
}

/**
 * Where switching to another game leads: the same page in that game when it has it and the
 * operator may open it, else that game's player search, else its first page open to them.
 */
export function switchTarget(
  game: GameId,
  page: RouteDef | undefined,
  roles: readonly string[],
  isReady: (route: RouteDef) => boolean,
): string | null {
  const candidates = [
    page?.page && isPinnable(page) ? ROUTES_BY_ID.get(`${game}.${page.page}`) : undefined,
    ROUTES_BY_ID.get(`${game}.players`),
    ...ROUTES.filter((r) => r.game === game && r.menu),
  ];
  const r = candidates.find((c) => c && isPinnable(c) && canAccess(roles, c.access) && isReady(c));
  return r ? r.path : null;
}

/** Pinned route ids as routes, keeping only those the operator may still open and that are built. */
export function pinnedRoutes(
  pinned: readonly string[],
  roles: readonly string[],
  isReady: (route: RouteDef) => boolean,
): RouteDef[] {
  return pinned
    .map((id) => ROUTES_BY_ID.get(id))
    .filter(
      (r): r is RouteDef => r !== undefined && isPinnable(r) && canAccess(roles, r.access) && isReady(r),
    );
}
