import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { createBridge } from '../../shared/ipc.js';
import { createWebTransport } from '../../renderer/bridge/web-transport.js';
import { startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';
import { startHost, type RunningHost } from './host.js';

/**
 * The renderer's web transport against the real host. Node's fetch has no cookie jar and sends no
 * Origin, so the test adds what a browser adds on its own; the rest is the transport's.
 */
let svc: FakeAdminService;
let host: RunningHost;
let dir: string;
let cookie = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  svc = await startFakeAdminService();
  dir = await mkdtemp(join(tmpdir(), 'gameops-web-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html>');
  host = await startHost({ rendererDir: dir, backend: { kind: 'url', url: svc.url } });
  const launch = await realFetch(host.launchUrl, { redirect: 'manual' });
  cookie = launch.headers.get('set-cookie')!.split(';')[0]!;
});
afterAll(async () => {
  await host.stop();
  await svc.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function browserFetch(withCookie: boolean): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Origin', host.url);
    if (withCookie) headers.set('Cookie', cookie);
    return realFetch(input, { ...init, headers });
  };
}

describe('createWebTransport', () => {
  it('carries the whole bridge over the host', async () => {
    vi.stubGlobal('fetch', browserFetch(true));
    const bridge = createBridge(createWebTransport(host.url));
    expect(await bridge.session.get()).toMatchObject({ signedIn: false });
    const login = await bridge.session.login({ account: 'admin', password: 'gameops-demo' });
    expect(login.ok && login.data.signedIn).toBe(true);
    expect(await bridge.call('users.roles', {})).toEqual({ ok: true, data: { roles: ['SUPER', 'ADMIN'] } });
    const bad = await bridge.call('users.get', { phone: 'x' });
    expect(bad.ok ? 0 : bad.error.code).toBe(Codes.VALIDATION);
    expect((await bridge.app.info()).shell).toBe('browser');
  });

  it('turns a refused request into a Result error on Result channels, and an exception elsewhere', async () => {
    vi.stubGlobal('fetch', browserFetch(false));
    const bridge = createBridge(createWebTransport(host.url));
    const res = await bridge.call('users.roles', {});
    expect(res.ok ? 0 : res.error.code).toBe(Codes.FORBIDDEN);
    await expect(bridge.session.get()).rejects.toThrow(/launch URL/);
  });

  it('answers NETWORK when the host is gone', async () => {
    vi.stubGlobal('fetch', browserFetch(true));
    const bridge = createBridge(createWebTransport('http://127.0.0.1:9'));
    const res = await bridge.session.logout();
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NETWORK);
  });

  it('shares one event stream among listeners, parses payloads, and closes it with the last one', () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource {
      listeners = new Map<string, ((e: { data: string }) => void)[]>();
      closed = false;
      constructor(
        readonly url: string,
        readonly init: { withCredentials?: boolean },
      ) {
        sources.push(this);
      }
      addEventListener(type: string, l: (e: { data: string }) => void) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
      }
      close() {
        this.closed = true;
      }
      fire(type: string, data: string) {
        for (const l of this.listeners.get(type) ?? []) l({ data });
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const bridge = createBridge(createWebTransport());
    const expired: unknown[] = [];
    const changed: unknown[] = [];
    const offExpired = bridge.on('session:expired', (p) => expired.push(p));
    const offChanged = bridge.on('session:changed', (p) => changed.push(p));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ url: '/__events', init: { withCredentials: true } });

    sources[0]!.fire('session:expired', '{"reason":"expired","message":"m"}');
    sources[0]!.fire('session:changed', 'not json');
    expect(expired).toEqual([{ reason: 'expired', message: 'm' }]);
    expect(changed).toEqual([]);

    offExpired();
    expect(sources[0]!.closed).toBe(false);
    offChanged();
    expect(sources[0]!.closed).toBe(true);
    expect(() => bridge.on('evil' as never, () => undefined)).toThrow(/unknown event/);
  });
});
