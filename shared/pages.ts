import type { Access } from './roles.js';
import type { GameId } from './games.js';
import type { Endpoint } from './api/endpoint.js';

/**
 * What a feature module of the contract declares: its endpoints and its page rules (who may open
 * each page and where it sits in the menu). `shared/features.ts` lists the modules once; the
 * endpoint table and the route table are made from that list. Whether a page is built is not the
 * contract's business: a page is ready when the renderer's feature list has a screen for it.
 */

export type Layout = 'auth' | 'errors' | 'main';

/** Side-menu sections inside a group; the order here is the menu order. */
export const MENU_SECTIONS = [
  'players',
  'moderation',
  'codes',
  'recharge',
  'leaderboards',
  'statistics',
  'tools',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

export type MenuGroupId = 'home' | 'admin' | GameId | 'todo';

export interface RouteDef {
  /** Stable id: 'admin.users', 'todo.list', 'ymmj.players'. */
  id: string;
  /** react-router path pattern. */
  path: string;
  /** Other paths the spec gives the same page; they lead to `path`. */
  aliases?: readonly string[];
  layout: Layout;
  access: Access;
  /** i18n key of the page title (renderer catalogue). */
  titleKey: string;
  game?: GameId;
  /** The game page's key (shared/game-pages.ts GamePageKey) when the route is one game's page. */
  page?: string;
  /**
   * Where it sits in the side menu; absent for routes reached from another page (details, tabs).
   * `order` places it within its group and section, lowest first (as VS Code's menu contributions
   * do): each page says where it goes, so the menu does not depend on the order features are listed.
   */
  menu?: { group: MenuGroupId; section?: MenuSection; order: number };
}

/**
 * A game page as the feature that owns it declares it: its path, which games have it, who may open
 * it (before the game's own role is added) and its place in the game's menu group. The games
 * registry (games.ts) says only what a game is; which pages it has is the pages' business, so a
 * new page is its feature's files alone.
 */
export type GamePageRule = {
  /** The path under the game's route prefix, as spec section 2 spells it ('recharge/statis'). */
  path: string;
  access: Access;
  /** The games that have the page (spec section 2); absent: every game. */
  games?: readonly GameId[];
  /**
   * Where the spec places one game's page outside its route prefix (an absolute path); the
   * prefixed path is kept as an alias that leads there.
   */
  paths?: Partial<Record<GameId, string>>;
} & (
  | { section?: undefined; order?: undefined }
  /** In the game's menu: its section, and its place there (lowest first). */
  | { section: MenuSection; order: number }
);

/** A feature's game pages by key; the keys of every feature together are GamePageKey. */
export type GamePageRules = Record<string, GamePageRule>;

export interface FeatureContract<
  Id extends string = string,
  E extends Record<string, Endpoint> = Record<string, Endpoint>,
  P extends GamePageRules = GamePageRules,
> {
  id: Id;
  endpoints: E;
  /** Per-game pages this feature owns, each shown in the games its rule names. */
  gamePages?: P;
  /** Pages outside the games (admin, to-do). */
  routes?: readonly RouteDef[];
}

/**
 * A feature's page rules on their own (shared/api/<feature>.pages.ts, or its contract module): the
 * route table is made from these (feature-pages.ts), which are plain data.
 */
export type FeaturePages<Id extends string = string, P extends GamePageRules = GamePageRules> = Pick<
  FeatureContract<Id, Record<string, Endpoint>, P>,
  'id' | 'gamePages' | 'routes'
>;

/** No game pages: the default of the helpers below, so that a feature without them adds no key. */
type NoGamePages = Record<never, GamePageRule>;

/** A feature's page rules as written: their exact type is kept, so that keys and games stay known. */
export function featurePages<const D extends FeaturePages>(def: D): D {
  return def;
}

export function feature<
  const Id extends string,
  E extends Record<string, Endpoint>,
  P extends GamePageRules = NoGamePages,
>(def: FeatureContract<Id, E, P>): FeatureContract<Id, E, P> {
  return def;
}

/** A route outside the games, titled by `route.<id>` in the renderer's catalogue. */
export function fixedRoute(
  id: string,
  path: string,
  layout: Layout,
  access: Access,
  menu?: RouteDef['menu'],
): RouteDef {
  return { id, path, layout, access, titleKey: `route.${id}`, ...(menu ? { menu } : {}) };
}
