import { describe, expect, it } from 'vitest';
import { ROUTES, routeById, type RouteDef } from '../../shared/routes.js';
import {
  currentGame,
  filterPages,
  openPages,
  pageEntries,
  pinnedRoutes,
  playerIdOfQuery,
  playerTargets,
  searchableGames,
  switchTarget,
} from './palette.js';

const allReady = () => true;
const title = (r: RouteDef) => (r.game ? `${r.titleKey} ${r.game}` : r.titleKey);
const ADMIN = ['ADMIN', 'AtomicWAR', 'YMMJ', 'LORDWAR', 'PARTYGAME'];

describe('the pages the palette offers', () => {
  it('lists only pages the roles open, that are built and that need no target', () => {
    const guest = openPages(['GUEST'], allReady).map((r) => r.id);
    expect(guest).toContain('home');
    expect(guest).toContain('admin.shortcut');
    expect(guest).toContain('todo.list');
    expect(guest).not.toContain('admin.users');
    expect(guest).not.toContain('auth.login');
    expect(guest.some((id) => id.startsWith('ymmj.'))).toBe(false);

    const admin = openPages(ADMIN, allReady).map((r) => r.id);
    expect(admin).toContain('ymmj.players');
    expect(admin).not.toContain('ymmj.player');
    // Pages that only say "coming later" are left out.
    const notBlacklist = (r: RouteDef) => r.page !== 'blacklist';
    expect(openPages(ADMIN, notBlacklist).map((r) => r.id)).not.toContain('ymmj.blacklist');
    expect(openPages(['SUPER'], allReady).length).toBeGreaterThan(admin.length - 10);
  });

  it('finds pages by every word of the query, titles starting with it first', () => {
    const entries = pageEntries(openPages(ADMIN, allReady, ROUTES), title);
    const found = filterPages(entries, 'page.players ymmj');
    expect(found[0]?.route.id).toBe('ymmj.players');
    expect(filterPages(entries, 'route.admin.shortcut').map((e) => e.route.id)).toEqual(['admin.shortcut']);
    expect(filterPages(entries, '/admin/todo').map((e) => e.route.id)).toEqual(['todo.list', 'todo.create']);
    expect(filterPages(entries, 'nothing like this')).toEqual([]);
    expect(filterPages(entries, '  ')).toHaveLength(entries.length);
    const starts = pageEntries([routeById('todo.list'), routeById('home')], (r) =>
      r.id === 'home' ? 'My list home' : 'List of to-dos',
    );
    expect(filterPages(starts, 'list').map((e) => e.route.id)).toEqual(['todo.list', 'home']);
  });
});

describe('players and games', () => {
  it('takes a query of 5 to 20 digits as a player id', () => {
    expect(playerIdOfQuery(' 76561198000000013 ')).toBe('76561198000000013');
    expect(playerIdOfQuery('1234')).toBeNull();
    expect(playerIdOfQuery('123456789012345678901')).toBeNull();
    expect(playerIdOfQuery('7656x')).toBeNull();
  });

  it('offers a player id in every game whose players the roles open, the current game first', () => {
    const id = '76561198200000013';
    const at = (game: string) => routeById(`${game}.player`).path.replace(':id', id);
    // On the home page (no game of its own) a Lord War id is offered in Lord War too, not only in
    // the first game.
    expect(playerTargets(null, id, ADMIN)).toEqual([
      { game: 'atomicwar', path: at('atomicwar') },
      { game: 'ymmj', path: at('ymmj') },
      { game: 'lw', path: at('lw') },
      { game: 'party', path: at('party') },
    ]);
    expect(playerTargets('lw', id, ADMIN).map((t) => t.game)).toEqual(['lw', 'atomicwar', 'ymmj', 'party']);
    expect(playerTargets('atomicwar', id, ['ADMIN', 'LORDWAR']).map((t) => t.game)).toEqual(['lw']);
    expect(playerTargets('ymmj', id, ['GUEST'])).toEqual([]);
  });

  it("acts in the page's game, else the last one, else the first the roles open", () => {
    expect(searchableGames(['ADMIN', 'LORDWAR', 'YMMJ'])).toEqual(['ymmj', 'lw']);
    expect(currentGame('lw', 'ymmj', ADMIN)).toBe('lw');
    expect(currentGame(null, 'party', ADMIN)).toBe('party');
    expect(currentGame(null, 'party', ['ADMIN', 'YMMJ'])).toBe('ymmj');
    expect(currentGame(null, null, ['GUEST'])).toBeNull();
  });

  it('switches to the same page in another game, else its player search', () => {
    expect(switchTarget('lw', routeById('ymmj.blacklist'), ADMIN, allReady)).toBe(
      routeById('lw.blacklist').path,
    );
    // Party has no data-repair page: switching there from one leads to its player search.
    expect(switchTarget('party', routeById('ymmj.batchFix'), ADMIN, allReady)).toBe(
      routeById('party.players').path,
    );
    expect(switchTarget('lw', routeById('home'), ADMIN, allReady)).toBe(routeById('lw.players').path);
    expect(switchTarget('lw', undefined, ['GUEST'], allReady)).toBeNull();
  });

  it('shows pinned pages the roles still open and that are built, in order', () => {
    expect(
      pinnedRoutes(['todo.list', 'admin.users', 'nowhere', 'home'], ['GUEST'], allReady).map((r) => r.id),
    ).toEqual(['todo.list', 'home']);
    expect(pinnedRoutes(['home', 'todo.list'], ['GUEST'], (r) => r.id !== 'home').map((r) => r.id)).toEqual([
      'todo.list',
    ]);
  });
});
