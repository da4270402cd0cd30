import { canAccess } from '../../shared/roles.js';
import {
  MENU_SECTIONS,
  ROUTES,
  ROUTES_BY_ID,
  type MenuGroupId,
  type MenuSection,
  type RouteDef,
} from '../../shared/routes.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { menuIndent } from '../../shared/constants.js';

/**
 * The side menu as data, built from the route table for one operator's roles. Rendering only
 * localises and lays it out, so what an operator can reach is decided here and tested here.
 */

export interface MenuItem {
  routeId: string;
  path: string;
  titleKey: string;
  level: number;
  indent: number;
  /** False for a page a later release builds: the menu and home page mark it as planned. */
  ready: boolean;
}

export interface MenuSectionNode {
  section: MenuSection;
  level: number;
  indent: number;
  items: MenuItem[];
}

export interface MenuGroup {
  id: MenuGroupId;
  /** Set for game groups: the title is the game's localised name. */
  game?: GameId;
  level: number;
  indent: number;
  /** Items that sit directly in the group (home, admin, to-do). */
  items: MenuItem[];
  /** Sections of a game group, in MENU_SECTIONS order, empty ones left out. */
  sections: MenuSectionNode[];
}

/** Group order in the menu: home first, the super-admin tools, each game, then to-do. */
export const MENU_GROUP_ORDER: readonly MenuGroupId[] = ['home', 'admin', ...GAME_IDS, 'todo'];

const isGameGroup = (id: MenuGroupId): id is GameId => (GAME_IDS as readonly string[]).includes(id);

/** Whether a route's screen is built: `isReady` of renderer/features.ts, the one place that says so. */
export type Readiness = (route: RouteDef) => boolean;

export function buildMenu(
  roles: readonly string[],
  isReady: Readiness,
  routes: readonly RouteDef[] = ROUTES,
): MenuGroup[] {
  const item = (route: RouteDef, level: number): MenuItem => ({
    routeId: route.id,
    path: route.path,
    titleKey: route.titleKey,
    level,
    indent: menuIndent(level),
    ready: isReady(route),
  });
  const visible = routes.filter((r) => r.menu && canAccess(roles, r.access));
  const groups: MenuGroup[] = [];
  for (const id of MENU_GROUP_ORDER) {
    const inGroup = visible.filter((r) => r.menu?.group === id);
    if (inGroup.length === 0) continue;
    const group: MenuGroup = { id, level: 0, indent: menuIndent(0), items: [], sections: [] };
    if (isGameGroup(id)) group.game = id;
    for (const r of inGroup) if (!r.menu?.section) group.items.push(item(r, 1));
    for (const section of MENU_SECTIONS) {
      const items = inGroup.filter((r) => r.menu?.section === section).map((r) => item(r, 2));
      if (items.length > 0) group.sections.push({ section, level: 1, indent: menuIndent(1), items });
    }
    groups.push(group);
  }
  return groups;
}

export function menuItems(groups: readonly MenuGroup[]): MenuItem[] {
  return groups.flatMap((g) => [...g.items, ...g.sections.flatMap((s) => s.items)]);
}

/**
 * The group a page belongs to, so the menu opens on the part of the console the operator is in:
 * its menu entry's group, else its game's (a player's detail), else the group its id names
 * (an operator's page under admin). Only groups this menu shows.
 */
export function groupOfRoute(
  groups: readonly MenuGroup[],
  routeId: string | undefined,
  routes: ReadonlyMap<string, RouteDef> = ROUTES_BY_ID,
): MenuGroupId | undefined {
  if (!routeId) return undefined;
  const route = routes.get(routeId);
  const prefix = routeId.split('.')[0] as MenuGroupId;
  const id = route?.menu?.group ?? route?.game ?? (MENU_GROUP_ORDER.includes(prefix) ? prefix : undefined);
  return groups.some((g) => g.id === id) ? id : undefined;
}
