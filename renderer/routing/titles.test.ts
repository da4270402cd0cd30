import { describe, expect, it } from 'vitest';
import { documentTitle, headingKeyOf } from './titles.js';
import { routeById } from '../../shared/routes.js';

describe('titles', () => {
  it('titles the landing page with the product name', () => {
    expect(headingKeyOf(routeById('home'))).toBe('app.title');
    expect(headingKeyOf(routeById('admin.users'))).toBe('route.admin.users');
    expect(headingKeyOf(routeById('lw.players'))).toBe('page.players');
  });

  it('titles the sign-in page after the first-run card while the backend needs its first run', () => {
    expect(headingKeyOf(routeById('auth.login'), true)).toBe('firstRun.title');
    expect(headingKeyOf(routeById('auth.login'), false)).toBe('route.auth.login');
    expect(headingKeyOf(routeById('auth.register'), true)).toBe('route.auth.register');
  });

  it('joins page, game and product', () => {
    expect(documentTitle('用户管理', '大数据后台')).toBe('用户管理 · 大数据后台');
    expect(documentTitle('Players', 'Big-data back office', 'Lord War')).toBe(
      'Players · Lord War · Big-data back office',
    );
    expect(documentTitle('大数据后台', '大数据后台')).toBe('大数据后台');
  });
});
