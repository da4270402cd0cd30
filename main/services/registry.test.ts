import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { EVENT_CHANNELS, REQUEST_CHANNELS } from '../../shared/ipc.js';
import { createConsoleCore } from '../core.js';
import { createMemoryTokenStore } from '../session/token-store.js';
import { createMemoryKv } from '../storage/kv.js';
import { composeServices, type MainService, type RequestHandlers } from './registry.js';

/** A service answering `channels` with a marker, for composing by hand. */
function fake(name: string, channels: readonly string[], extra: Partial<MainService> = {}): MainService {
  const handlers = Object.fromEntries(channels.map((c) => [c, async () => `${name}:${c}`]));
  return { name, handlers: handlers as Partial<RequestHandlers>, ...extra };
}
const all = (name: string, extra: Partial<MainService> = {}) =>
  fake(name, REQUEST_CHANNELS, { emits: EVENT_CHANNELS, ...extra });

describe('composeServices', () => {
  it('gives every channel of the contract exactly one owner in main’s own composition', async () => {
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app: { name: 'GameOps Console', version: 't', shell: 'browser', platform: 'linux' },
      defaultLanguage: 'en',
      initialSettings: { backend: 'custom' },
    });
    // Built in the order of their needs: the session's token keeping before the client that reads
    // it, signing in after both.
    expect(core.services.map((s) => s.name)).toEqual([
      'settings',
      'session',
      'backend',
      'api',
      'sign-in',
      'app',
      'alerts',
      'updater',
      'about',
      'deep-links',
      'menu',
      'exports',
    ]);
    const { owners } = composeServices(core.services);
    expect(owners.requests).toEqual({
      'api:call': 'api',
      'session:get': 'session',
      'session:login': 'sign-in',
      'session:logout': 'sign-in',
      'settings:get': 'settings',
      'settings:set': 'settings',
      'settings:devTools': 'settings',
      'app:info': 'app',
      'backend:setup': 'app',
      'alerts:list': 'alerts',
      'app:about': 'about',
      'app:openLogs': 'about',
      'updates:get': 'updater',
      'updates:check': 'updater',
      'updates:install': 'updater',
      'ui:dialogs': 'updater',
      'ui:shortcuts': 'menu',
      'links:take': 'deep-links',
      'payServer:get': 'session',
      'payServer:signIn': 'sign-in',
      'exports:save': 'exports',
      'exports:cancel': 'exports',
    });
    expect(owners.events).toEqual({
      'session:expired': 'session',
      'session:changed': 'session',
      'alerts:new': 'alerts',
      'alerts:open': 'alerts',
      'updates:state': 'updater',
      'updates:show': 'updater',
      'app:command': 'menu',
      'links:open': 'deep-links',
      'exports:progress': 'exports',
    });
    expect(Object.keys(core.handlers).sort()).toEqual([...REQUEST_CHANNELS].sort());
    await core.close();
  });

  it('refuses a channel nobody answers', () => {
    const withoutInfo = REQUEST_CHANNELS.filter((c) => c !== 'app:info');
    expect(() => composeServices([fake('most', withoutInfo, { emits: EVENT_CHANNELS })])).toThrow(
      /request channel app:info has no service/,
    );
  });

  it('refuses a channel two services answer, or an event two services send, naming them', () => {
    expect(() => composeServices([all('one'), fake('two', ['settings:get'])])).toThrow(
      /request channel settings:get is claimed by one and two/,
    );
    expect(() => composeServices([all('one'), fake('watch', [], { emits: ['session:expired'] })])).toThrow(
      /event channel session:expired is claimed by one and watch/,
    );
  });

  it('refuses a channel that is not in the IPC contract', () => {
    expect(() => composeServices([all('one'), fake('rogue', ['shell:exec'])])).toThrow(
      /request channel shell:exec is not in the IPC contract/,
    );
  });

  it('routes each channel to its owner, and validates input first', async () => {
    const r = composeServices([
      fake(
        'a',
        REQUEST_CHANNELS.filter((c) => c !== 'settings:get'),
        { emits: EVENT_CHANNELS },
      ),
      fake('b', ['settings:get']),
    ]);
    expect(await r.dispatch('settings:get', null)).toBe('b:settings:get');
    expect(await r.dispatch('app:info', null)).toBe('a:app:info');
    expect(await r.dispatch('session:login', { account: 1 })).toMatchObject({
      ok: false,
      error: { code: Codes.VALIDATION },
    });
    expect(await r.dispatch('no:such', null)).toMatchObject({
      ok: false,
      error: { code: Codes.UNKNOWN_ENDPOINT },
    });
  });

  it('starts services in order and closes them in reverse, even when one fails to close', async () => {
    const seen: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const r = composeServices([
      all('first', {
        start: async () => void seen.push('start first'),
        close: async () => void seen.push('close first'),
      }),
      fake('second', [], {
        start: async () => void seen.push('start second'),
        close: async () => {
          seen.push('close second');
          throw new Error('stuck');
        },
      }),
    ]);
    await r.start();
    await r.close();
    await r.close();
    expect(seen).toEqual(['start first', 'start second', 'close second', 'close first']);
  });
});
