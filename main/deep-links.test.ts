import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from './events.js';
import { createDeepLinkService, linkInArgs, parseDeepLink, shownLink } from './deep-links.js';

describe('gameops:// links', () => {
  it('open a player of a game, and a page of the console', () => {
    expect(parseDeepLink('gameops://ymmj/player/76561198100000007')).toBe(
      '/ymmj/steamplayer/76561198100000007',
    );
    expect(parseDeepLink('gameops://party/player/42')).toBe('/party/admin/steamplayer/42');
    expect(parseDeepLink('gameops://admin/users')).toBe('/admin/users');
    expect(parseDeepLink('gameops://ymmj/steamplayers')).toBe('/ymmj/steamplayers');
    expect(parseDeepLink('gameops://ymmj/steamplayer/7/items')).toBe('/ymmj/steamplayer/7/items');
    expect(parseDeepLink('GAMEOPS://home/')).toBe('/home');
  });

  it('keep simple filters, re-encoded', () => {
    expect(parseDeepLink('gameops://ymmj/steamplayers?name=%E5%BC%A0%E4%B8%89&page=2')).toBe(
      '/ymmj/steamplayers?name=%E5%BC%A0%E4%B8%89&page=2',
    );
    expect(parseDeepLink('gameops://ymmj/steamplayers?name=ash+ketchum')).toBe(
      '/ymmj/steamplayers?name=ash+ketchum',
    );
  });

  it('refuse everything else', () => {
    for (const bad of [
      'https://ymmj/player/7',
      'gameops:ymmj/player/7',
      'gameops://',
      'gameops://nogame/player/7',
      'gameops://ymmj/player/abc',
      'gameops://ymmj/player/123456789012345678901',
      'gameops://ymmj/player/7/../../admin/users',
      'gameops://ymmj//player/7',
      'gameops://ymmj/player/%37',
      'gameops://auth/login',
      'gameops://errors/error-404',
      'gameops://admin/unknown',
      'gameops://evil@ymmj/player/7',
      'gameops://ymmj:80/player/7',
      'gameops://ymmj/player/7#x',
      'gameops://ymmj/player/7\\..',
      'gameops://ymmj/player/7 ',
      'gameops://ymmj/steamplayers?na-me=x',
      'gameops://ymmj/steamplayers?name=%E5%BC',
      `gameops://ymmj/steamplayers?name=${'x'.repeat(201)}`,
      `gameops://ymmj/steamplayers?${Array.from({ length: 11 }, (_, i) => `k${i}=1`).join('&')}`,
      'gameops://ymmj/steamplayers?name=%00',
      `gameops://admin/users${'/x'.repeat(2000)}`,
    ]) {
      expect(parseDeepLink(bad), bad).toBeNull();
    }
  });

  it('are found among a launch’s arguments, and shown back shortened', () => {
    expect(linkInArgs(['/opt/GameOps/gameops-console', '--no-sandbox', 'gameops://admin/users'])).toBe(
      'gameops://admin/users',
    );
    expect(linkInArgs(['/opt/GameOps/gameops-console'])).toBeNull();
    expect(shownLink(`gameops://${'a'.repeat(300)}\u0007`)).toHaveLength(120);
  });
});

describe('the deep-link service', () => {
  it('keeps the launch link for the window’s first ask, then sends later links as events', async () => {
    const events = createEventHub();
    const sent: unknown[] = [];
    events.on('links:open', (l) => sent.push(l));
    const service = createDeepLinkService({ events });
    service.receive('gameops://admin/users');
    service.receive('gameops://ymmj/player/7');
    expect(sent).toEqual([]);
    expect(await service.handlers['links:take']!(null)).toEqual({
      path: '/ymmj/steamplayer/7',
      refused: null,
    });
    expect(await service.handlers['links:take']!(null)).toBeNull();
    service.receive('gameops://home');
    expect(sent).toEqual([{ path: '/home', refused: null }]);
  });

  it('tells the window about a refused link, and holds links again when the window is gone', async () => {
    const events = createEventHub();
    const sent: unknown[] = [];
    events.on('links:open', (l) => sent.push(l));
    const service = createDeepLinkService({ events });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await service.handlers['links:take']!(null);
    service.receive('gameops://ymmj/../admin');
    expect(sent).toEqual([{ path: null, refused: 'gameops://ymmj/../admin' }]);
    service.windowGone();
    service.receive('gameops://admin/users');
    expect(sent).toHaveLength(1);
    expect(await service.handlers['links:take']!(null)).toEqual({ path: '/admin/users', refused: null });
    vi.restoreAllMocks();
  });
});
