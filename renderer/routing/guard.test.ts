import { describe, expect, it } from 'vitest';
import { decideRoute, loginPathFor, matchRoute, refusedPathFor, refusedRoute, safeNext } from './guard.js';
import { GUEST_USER, type SessionUser } from '../../shared/session.js';
import { routeById, ROUTES } from '../../shared/routes.js';

const NOW = 1_700_000_000_000;
const user = (role: string[], refreshExpireTime = NOW / 1000 + 3600): SessionUser => ({
  ...GUEST_USER,
  name: 'op',
  phone: '13800000000',
  role,
  expireTime: NOW / 1000 + 60,
  refreshExpireTime,
});
const signedIn = (role: string[], refreshExpireTime?: number) => ({
  signedIn: true,
  user: user(role, refreshExpireTime),
});
const guest = { signedIn: false, user: GUEST_USER };

describe('matchRoute', () => {
  it('matches static and parameter segments', () => {
    expect(matchRoute('/admin/users')?.id).toBe('admin.users');
    expect(matchRoute('/admin/users/create')?.id).toBe('admin.userCreate');
    expect(matchRoute('/admin/user/13800000000')?.id).toBe('admin.user');
    expect(matchRoute('/admin/user/13800000000/edit')?.id).toBe('admin.userEdit');
    expect(matchRoute('/party/admin/steamplayers')?.id).toBe('party.players');
    expect(matchRoute('/party/leaderboard/season')?.id).toBe('party.season');
    expect(matchRoute('/lw/steamplayer/7/items')?.id).toBe('lw.playerTab');
  });

  it('knows no unknown path, including other /auth and /errors paths', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/auth/other')).toBeUndefined();
    expect(matchRoute('/errors/error-403')).toBeUndefined();
    expect(matchRoute('/calendar')).toBeUndefined();
  });

  it('matches every route of the table by its own path', () => {
    for (const r of ROUTES) expect(matchRoute(r.path.replace(/:[A-Za-z_]+/g, 'x'))?.id).toBe(r.id);
  });
});

describe('decideRoute', () => {
  const users = routeById('admin.users');
  const players = routeById('ymmj.players');

  it('sends a visitor who is not signed in to login, keeping the asked page', () => {
    expect(decideRoute(users, guest, '/admin/users?q=a', NOW)).toEqual({
      kind: 'redirect',
      to: '/auth/login?next=%2Fadmin%2Fusers%3Fq%3Da',
    });
  });

  it('treats an expired session as not signed in', () => {
    const expired = signedIn(['SUPER'], NOW / 1000 - 1);
    expect(decideRoute(users, expired, '/admin/users', NOW)).toEqual({
      kind: 'redirect',
      to: '/auth/login?next=%2Fadmin%2Fusers',
    });
  });

  it('sends a wrong role to 401 and lets the right role in', () => {
    expect(decideRoute(users, signedIn(['ADMIN']), '/admin/users', NOW)).toEqual({
      kind: 'redirect',
      to: '/errors/error-401?page=%2Fadmin%2Fusers',
    });
    expect(decideRoute(users, signedIn(['SUPER']), '/admin/users', NOW)).toEqual({ kind: 'allow' });
    expect(decideRoute(players, signedIn(['Service', 'YMMJ']), '/ymmj/steamplayers', NOW)).toEqual({
      kind: 'allow',
    });
    expect(decideRoute(players, signedIn(['Service']), '/ymmj/steamplayers?name=a', NOW)).toEqual({
      kind: 'redirect',
      to: '/errors/error-401?page=%2Fymmj%2Fsteamplayers%3Fname%3Da',
    });
  });

  it('lets anyone see public pages', () => {
    expect(decideRoute(routeById('errors.404'), guest, '/errors/error-404', NOW)).toEqual({ kind: 'allow' });
    expect(decideRoute(routeById('auth.register'), guest, '/auth/register', NOW)).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in operator away from login: to the asked page, else home', () => {
    const login = routeById('auth.login');
    const op = signedIn(['ADMIN']);
    expect(decideRoute(login, op, '/auth/login', NOW, '/admin/todo')).toEqual({
      kind: 'redirect',
      to: '/admin/todo',
    });
    expect(decideRoute(login, op, '/auth/login', NOW, null)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideRoute(login, guest, '/auth/login', NOW, '/admin/todo')).toEqual({ kind: 'allow' });
  });
});

describe('safeNext', () => {
  it('keeps our own pages with their query', () => {
    expect(safeNext('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeNext('/ymmj/steamplayer/12')).toBe('/ymmj/steamplayer/12');
  });

  it('refuses other sites, auth pages and unknown paths', () => {
    for (const bad of [
      null,
      '',
      'http://evil.example',
      '//evil.example',
      '/\\evil',
      '/auth/logout',
      '/auth/login',
      '/nope',
    ])
      expect(safeNext(bad)).toBe('/home');
  });
});

describe('loginPathFor', () => {
  it('keeps the asked page and marks an expired session', () => {
    expect(loginPathFor('/admin/users')).toBe('/auth/login?next=%2Fadmin%2Fusers');
    expect(loginPathFor('/admin/users', true)).toBe('/auth/login?next=%2Fadmin%2Fusers&expired=1');
    expect(loginPathFor('/home')).toBe('/auth/login');
    expect(loginPathFor('/auth/logout', true)).toBe('/auth/login?expired=1');
    expect(loginPathFor(null)).toBe('/auth/login');
  });
});

describe('the refused page on the 401 page', () => {
  it('travels with the redirect and names the route it belongs to', () => {
    const to = refusedPathFor('/ymmj/bannedhero?page=2');
    expect(to).toBe('/errors/error-401?page=%2Fymmj%2Fbannedhero%3Fpage%3D2');
    const param = new URLSearchParams(to.split('?')[1]).get('page');
    expect(refusedRoute(param)?.id).toBe('ymmj.bannedHeroes');
  });

  it('names nothing for unknown paths, other sites, and pages outside the main layout', () => {
    expect(refusedPathFor('/no/such/page')).toBe('/errors/error-401');
    for (const bad of [
      null,
      '',
      'ymmj/bannedhero',
      '//evil.example/ymmj/bannedhero',
      '/no/such',
      '/auth/login',
    ]) {
      expect(refusedRoute(bad), String(bad)).toBeUndefined();
    }
  });
});
