import { describe, expect, it } from 'vitest';
import { buildMenu as build, groupOfRoute, menuItems } from './buildMenu.js';
import { GAME_IDS, GAMES } from '../../shared/games.js';
import { ROUTES, gamePageAccess, type RouteDef } from '../../shared/routes.js';
import { GAME_PAGE_META, gamePages } from '../../shared/game-pages.js';
import { isReady } from '../features.js';
import { ROLES, canAccess } from '../../shared/roles.js';
import { menuIndent } from '../../shared/constants.js';

const buildMenu = (roles: readonly string[]) => build(roles, () => true);
const ALL_GAME_ROLES = GAME_IDS.map((g) => GAMES[g].role);
const ids = (roles: string[]) => menuItems(buildMenu(roles)).map((i) => i.routeId);
const groupIds = (roles: string[]) => buildMenu(roles).map((g) => g.id);

describe('buildMenu', () => {
  it('gives ADMIN with every game role the four game groups and no admin group', () => {
    expect(groupIds(['ADMIN', ...ALL_GAME_ROLES])).toEqual(['home', ...GAME_IDS, 'todo']);
  });

  it('gives a game group only to holders of that game role', () => {
    expect(groupIds(['ADMIN', 'YMMJ'])).toEqual(['home', 'ymmj', 'todo']);
    expect(groupIds(['ADMIN'])).toEqual(['home', 'todo']);
  });

  it('gives SUPER every route that has a menu place', () => {
    const expected = ROUTES.filter((r) => r.menu).map((r) => r.id);
    expect(new Set(ids(['SUPER']))).toEqual(new Set(expected));
    expect(groupIds(['SUPER'])).toEqual(['home', 'admin', ...GAME_IDS, 'todo']);
  });

  // Spec section 6: in a game, Service may open the player lists, top 100, season and match
  // statistics; pages the spec leaves unrestricted (pay, the lw shop) show too. The menu follows
  // each page's own rule, so a new page that admits Service shows without this test knowing it.
  it('gives Service in games exactly the pages whose rule admits Service, the spec’s among them', () => {
    const roles = ['Service', ...ALL_GAME_ROLES];
    const shown = menuItems(buildMenu(roles))
      .map((i) => i.routeId)
      .filter((id) => GAME_IDS.some((g) => id.startsWith(`${g}.`)));
    const admitted = GAME_IDS.flatMap((g) =>
      gamePages(g)
        .filter((p) => GAME_PAGE_META[p].section && canAccess(roles, gamePageAccess(g, p)))
        .map((p) => `${g}.${p}`),
    );
    expect(new Set(shown)).toEqual(new Set(admitted));
    const pagesShown = new Set(shown.map((id) => id.split('.')[1]));
    for (const page of ['players', 'top100', 'season', 'matchStats', 'pay', 'shop'])
      expect(pagesShown, page).toContain(page);
    for (const page of [
      'blacklist',
      'activeCodes',
      'orderCreate',
      'rechargeStats',
      'dailyReport',
      'apiStats',
    ])
      expect(pagesShown, page).not.toContain(page);
    expect(groupIds(roles)).not.toContain('admin');
  });

  it('gives GUEST only home and to-do', () => {
    expect(groupIds(['GUEST'])).toEqual(['home', 'todo']);
    expect(ids(['GUEST'])).toEqual(['home', 'todo.list', 'todo.create']);
  });

  it('gives a game role without ADMIN or Service the open recharge pages only', () => {
    const lw = buildMenu(['LORDWAR']).find((g) => g.id === 'lw');
    expect(lw?.sections.map((s) => s.section)).toEqual(['recharge']);
    expect(lw?.sections[0]?.items.map((i) => i.routeId)).toEqual(['lw.shop']);
  });

  it('orders game sections as MENU_SECTIONS and indents 32 + 8 per level', () => {
    const atomic = buildMenu(['SUPER']).find((g) => g.id === 'atomicwar');
    expect(atomic?.game).toBe('atomicwar');
    expect(atomic?.sections.map((s) => s.section)).toEqual([
      'players',
      'moderation',
      'codes',
      'recharge',
      'leaderboards',
      'statistics',
      'tools',
    ]);
    expect(atomic?.indent).toBe(32);
    expect(atomic?.sections[0]?.indent).toBe(menuIndent(1));
    expect(atomic?.sections[0]?.items[0]?.indent).toBe(48);
    const admin = buildMenu(['SUPER']).find((g) => g.id === 'admin');
    expect(admin?.items[0]?.indent).toBe(40);
  });

  it('links only to paths without parameters', () => {
    for (const role of ROLES) for (const i of menuItems(buildMenu([role]))) expect(i.path).not.toContain(':');
  });

  it('finds the group of the open page, also of pages reached from another page', () => {
    const menu = buildMenu(['SUPER']);
    expect(groupOfRoute(menu, 'party.players')).toBe('party');
    expect(groupOfRoute(menu, 'ymmj.player')).toBe('ymmj');
    expect(groupOfRoute(menu, 'admin.user')).toBe('admin');
    expect(groupOfRoute(menu, 'errors.401')).toBeUndefined();
    expect(groupOfRoute(menu, undefined)).toBeUndefined();
    // Only groups this operator's menu shows.
    expect(groupOfRoute(buildMenu(['ADMIN', 'YMMJ']), 'admin.user')).toBeUndefined();
  });
});

describe('planned pages in the menu', () => {
  it('are marked from the readiness the menu is given', () => {
    const onlyPlayers = (r: RouteDef) => r.page === 'players';
    const items = menuItems(build(['SUPER'], onlyPlayers));
    for (const i of items) expect(i.ready, i.routeId).toBe(i.routeId.endsWith('.players'));
  });

  it('follow the renderer’s feature list: every page of the spec has its screen, none is planned', () => {
    const items = new Map(menuItems(build(['SUPER'], isReady)).map((i) => [i.routeId, i.ready]));
    expect(items.get('home')).toBe(true);
    expect(items.get('admin.users')).toBe(true);
    expect(items.get('ymmj.players')).toBe(true);
    expect(items.get('ymmj.blacklist')).toBe(true);
    expect(items.get('ymmj.activeCodes')).toBe(true);
    expect(items.get('ymmj.dailyReport')).toBe(true);
    expect(items.get('ymmj.rechargeStats')).toBe(true);
    expect(items.get('ymmj.levelDetail')).toBe(true);
    expect(items.get('admin.serverWatch')).toBe(true);
    expect(items.get('todo.list')).toBe(true);
    for (const r of ROUTES.filter((x) => x.menu)) expect(items.get(r.id), r.id).toBe(isReady(r));
    // Issue 20: no route of the spec says "coming in a later release" any more.
    for (const r of ROUTES) expect(isReady(r), r.id).toBe(true);
  });
});
