import { describe, expect, it } from 'vitest';
import { ROUTES, checkMenuPlaces, fillPath, gamePageAccess } from './routes.js';
import { fixedRoute } from './pages.js';
import { GAMES, GAME_LIST } from './games.js';
import { gamePagePath } from './game-pages.js';
import { SUPER_ONLY, canAccess } from './roles.js';

const paths = new Set(ROUTES.map((r) => r.path));

describe('route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(paths.size).toBe(ROUTES.length);
  });

  it('lists every admin, auth, error and to-do route of spec section 2', () => {
    for (const p of [
      '/auth/login',
      '/auth/register',
      '/auth/logout',
      '/errors/error-401',
      '/errors/error-404',
      '/errors/error-500',
      '/admin/users',
      '/admin/users/create',
      '/admin/user/:phone/edit',
      '/admin/user/:phone',
      '/admin/steamtoken',
      '/admin/serverwatch',
      '/admin/shortcut',
      '/pay/orders',
      '/pay/paypal',
      '/admin/systemlogs',
      '/admin/todo',
      '/admin/todo/todoCreate',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('lists the per-game pages of every game under its prefix', () => {
    for (const prefix of ['atomicwar', 'ymmj', 'lw', 'party/admin']) {
      for (const page of [
        'steamplayers',
        'steamplayer/:id',
        'steamplayer/:id/:tab',
        'statis/player',
        'bannedhero',
        'blacklist',
        'blacklist/createBlackList',
        'activeCode',
        'shopTicket',
        'recharge/ordercreate',
        'leaderboard/top100',
      ]) {
        expect(paths, `/${prefix}/${page}`).toContain(`/${prefix}/${page}`);
      }
    }
  });

  it('lists the game-specific pages', () => {
    for (const p of [
      '/atomicwar/leaderboard/leveldetail',
      '/atomicwar/statis/dailyreport',
      '/atomicwar/statis/shopdailyreport',
      '/atomicwar/batchfix',
      '/atomicwar/ipstatis',
      '/atomicwar/clientip',
      '/atomicwar/pay',
      '/atomicwar/pay/:tab',
      '/atomicwar/steamkey',
      '/ymmj/testingplayers',
      '/ymmj/specialusers/create',
      '/ymmj/statistics/match',
      '/ymmj/statistics/api',
      '/ymmj/steamtoken',
      '/lw/leaderboard/season',
      '/lw/shop',
      '/lw/shop/:tab',
      '/lw/order/:id/detail',
      '/party/admin/testingplayers',
      '/party/admin/specialusers',
      '/party/leaderboard/season',
      '/party/leaderboard/detail',
      '/party/recharge/statis',
      '/party/recharge/retrive',
      '/party/cr/statis/dailyreport',
      '/party/cr/statis/shopdailyreport',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('gives the game-specific pages to their games only', () => {
    const only: Record<string, readonly string[]> = {
      ipstatis: ['atomicwar'],
      clientip: ['atomicwar'],
      pay: ['atomicwar'],
      steamkey: ['atomicwar'],
      steamtoken: ['ymmj', 'lw'],
      'statistics/match': ['ymmj', 'lw'],
      'statistics/api': ['ymmj', 'lw'],
      batchfix: ['atomicwar', 'ymmj', 'lw'],
      testingplayers: ['ymmj', 'lw', 'party/admin'],
      specialusers: ['ymmj', 'lw', 'party/admin'],
      shop: ['lw'],
      'order/:id/detail': ['lw'],
    };
    for (const [page, prefixes] of Object.entries(only))
      for (const prefix of ['atomicwar', 'ymmj', 'lw', 'party/admin'])
        expect(paths.has(`/${prefix}/${page}`), `/${prefix}/${page}`).toBe(prefixes.includes(prefix));
    expect(paths).not.toContain('/atomicwar/leaderboard/season');
  });

  it('contains none of the template demo routes', () => {
    for (const p of [
      '/calendar',
      '/chat',
      '/kanban-board',
      '/mail',
      '/social-feed',
      '/projects',
      '/presentation',
    ]) {
      expect(paths).not.toContain(p);
    }
  });

  it("needs the game's role on every game page, and ADMIN except where Service may look", () => {
    for (const game of GAME_LIST) {
      expect(canAccess(['ADMIN'], gamePageAccess(game.id, 'players'))).toBe(false);
      expect(canAccess(['ADMIN', game.role], gamePageAccess(game.id, 'players'))).toBe(true);
      expect(canAccess(['Service', game.role], gamePageAccess(game.id, 'players'))).toBe(true);
      expect(canAccess(['Service', game.role], gamePageAccess(game.id, 'bannedHeroes'))).toBe(false);
    }
  });

  it('places party pages where the spec does', () => {
    expect(gamePagePath('party', 'players')).toBe('/party/admin/steamplayers');
    expect(gamePagePath('party', 'season')).toBe('/party/leaderboard/season');
    expect(GAMES.ymmj.service).toBe('pve');
  });

  it('fills and encodes params', () => {
    expect(fillPath('/admin/user/:phone/edit', { phone: '+86 1' })).toBe('/admin/user/%2B86%201/edit');
    expect(() => fillPath('/admin/user/:phone', {})).toThrow(/phone/);
  });
});

describe('menu places', () => {
  it('gives every entry of a group and section its own place, in the order the pages declare', () => {
    const places = ROUTES.flatMap((r) =>
      r.menu ? [`${r.menu.group}/${r.menu.section ?? '-'}/${r.menu.order}`] : [],
    );
    expect(new Set(places).size).toBe(places.length);
    const ymmjCodes = ROUTES.filter((r) => r.menu?.group === 'ymmj' && r.menu.section === 'codes').map(
      (r) => r.page,
    );
    expect(ymmjCodes).toEqual(['activeCodes', 'shopTickets', 'steamToken']);
    const admin = ROUTES.filter((r) => r.menu?.group === 'admin').map((r) => r.id);
    expect(admin.slice(0, 3)).toEqual(['admin.users', 'admin.userCreate', 'admin.accessRequests']);
  });

  it('refuses two entries in one place, naming both', () => {
    const a = fixedRoute('admin.a', '/admin/a', 'main', SUPER_ONLY, { group: 'admin', order: 10 });
    const b = fixedRoute('admin.b', '/admin/b', 'main', SUPER_ONLY, { group: 'admin', order: 10 });
    const c = fixedRoute('admin.c', '/admin/c', 'main', SUPER_ONLY, { group: 'admin', order: 20 });
    expect(checkMenuPlaces([a, c])).toEqual([a, c]);
    expect(() => checkMenuPlaces([a, c, b])).toThrow('menu entries admin.a and admin.b both take admin/-/10');
  });
});
