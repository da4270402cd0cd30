import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { GUEST_USER, type SessionUser } from '../../shared/session.js';
import type { RouteDef } from '../../shared/routes.js';
import type { ScreenPrefetch } from '../kit/lazy.js';
import { prepareLocation } from './prepareOnNavigation.js';

const NOW = 1_700_000_000_000;
const user = (role: string[]): SessionUser => ({
  ...GUEST_USER,
  name: 'op',
  phone: '13800000000',
  role,
  expireTime: NOW / 1000 + 60,
  refreshExpireTime: NOW / 1000 + 3600,
});

/** A lazy screen that records what it was asked to prepare, for every route. */
function screens() {
  const asked: { route: string; at: ScreenPrefetch }[] = [];
  const of = (route: RouteDef) => {
    const component = Object.assign(() => null, {
      preload: () => Promise.resolve(),
      prepare: (at: ScreenPrefetch) => void asked.push({ route: route.id, at }),
    });
    return { component };
  };
  return { asked, of };
}

describe('a screen prepared as the router takes a new location', () => {
  const client = new QueryClient();
  const at = (pathname: string, search = '') => ({ pathname, search });

  it("starts the route's screen with its game, path params and query", () => {
    const s = screens();
    const session = { signedIn: true, user: user(['ADMIN', 'YMMJ']) };
    prepareLocation(
      client,
      session,
      at('/ymmj/steamplayer/76561190000000042/equipment', '?view=all'),
      NOW,
      s.of,
    );
    expect(s.asked).toHaveLength(1);
    const [{ route, at: prefetch }] = s.asked as [(typeof s.asked)[number]];
    expect(route).toBe('ymmj.playerTab');
    expect(prefetch.game).toBe('ymmj');
    expect(prefetch.params).toMatchObject({ id: '76561190000000042', tab: 'equipment' });
    expect(prefetch.search.get('view')).toBe('all');
    expect(prefetch.client).toBe(client);
  });

  it('asks nothing for a page the guard would refuse, for a guest, or for a path that is no route', () => {
    const s = screens();
    // An operator of another game, an ADMIN on a SUPER page, nobody signed in, no session yet.
    prepareLocation(client, { signedIn: true, user: user(['LW']) }, at('/ymmj/steamplayers'), NOW, s.of);
    prepareLocation(client, { signedIn: true, user: user(['ADMIN']) }, at('/admin/users'), NOW, s.of);
    prepareLocation(client, { signedIn: false, user: GUEST_USER }, at('/ymmj/steamplayers'), NOW, s.of);
    prepareLocation(client, null, at('/ymmj/steamplayers'), NOW, s.of);
    prepareLocation(client, { signedIn: true, user: user(['ADMIN']) }, at('/no/such/page'), NOW, s.of);
    expect(s.asked).toEqual([]);
  });
});
