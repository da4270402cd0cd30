import type { Access } from './roles.js';
import type { GameId, GamePageKey } from './games.js';
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
  page?: GamePageKey;
  /** Where it sits in the side menu; absent for routes reached from another page (details, tabs). */
  menu?: { group: MenuGroupId; section?: MenuSection };
}

/** A game page's rule before the game's own role is added, and its place in the game's menu group. */
export interface GamePageRule {
  access: Access;
  section?: MenuSection;
}

export interface FeatureContract<
  Id extends string = string,
  E extends Record<string, Endpoint> = Record<string, Endpoint>,
> {
  id: Id;
  endpoints: E;
  /** Per-game pages this feature owns (every game whose registry entry has the page shows it). */
  gamePages?: Partial<Record<GamePageKey, GamePageRule>>;
  /** Pages outside the games (admin, to-do). */
  routes?: readonly RouteDef[];
}

/**
 * A feature's page rules on their own (shared/api/<feature>.pages.ts, or its contract module): the
 * route table is made from these (feature-pages.ts), which are plain data.
 */
export type FeaturePages<Id extends string = string> = Pick<
  FeatureContract<Id>,
  'id' | 'gamePages' | 'routes'
>;

export function featurePages<const Id extends string>(def: FeaturePages<Id>): FeaturePages<Id> {
  return def;
}

export function feature<const Id extends string, E extends Record<string, Endpoint>>(
  def: FeatureContract<Id, E>,
): FeatureContract<Id, E> {
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
