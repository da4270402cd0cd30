import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { WEB_BRIDGE_TOKEN_HEADER, WEB_LAUNCH_FRAGMENT, createBridge } from '../../shared/ipc.js';
import type { SessionState } from '../../shared/session.js';
import { readEventStream, type StreamFrame } from '../../renderer/bridge/event-stream.js';
import {
  BRIDGE_TOKEN_KEY,
  storedBridgeToken,
  takeLaunchToken,
  type LaunchPage,
} from '../../renderer/bridge/launch-token.js';
import { createWebTransport } from '../../renderer/bridge/web-transport.js';
import { startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';
import { startHost, type RunningHost } from './host.js';

/**
 * The renderer's web transport against the real host. Node's fetch sends no Origin, so the test
 * adds what a browser adds on its own; the bridge token is the transport's, as the page keeps it.
 */
let svc: FakeAdminService;
let host: RunningHost;
let dir: string;
let token = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  svc = await startFakeAdminService();
  dir = await mkdtemp(join(tmpdir(), 'gameops-web-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html>');
  host = await startHost({ rendererDir: dir, backend: { kind: 'url', url: svc.url } });
  const launch = await realFetch(host.launchUrl, { redirect: 'manual' });
  token = launch.headers.get('location')!.split('=')[1]!;
});
afterAll(async () => {
  await host.stop();
  await svc.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the browser adds to the page's fetches: its Origin (on every one, here), and no cookie. */
const sent: Headers[] = [];
const browserFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('Origin', host.url);
  sent.push(headers);
  return realFetch(input, { ...init, headers });
};

describe('createWebTransport', () => {
  it('carries the whole bridge over the host, the token in a header', async () => {
    vi.stubGlobal('fetch', browserFetch);
    const bridge = createBridge(createWebTransport(host.url, () => token));
    expect(await bridge.session.get()).toMatchObject({ signedIn: false });
    const login = await bridge.session.login({ account: 'admin', password: 'gameops-demo' });
    expect(login.ok && login.data.signedIn).toBe(true);
    expect(await bridge.call('users.roles', {})).toEqual({ ok: true, data: { roles: ['SUPER', 'ADMIN'] } });
    const bad = await bridge.call('users.get', { phone: 'x' });
    expect(bad.ok ? 0 : bad.error.code).toBe(Codes.VALIDATION);
    expect((await bridge.app.info()).shell).toBe('browser');
    expect(sent.at(-1)?.get(WEB_BRIDGE_TOKEN_HEADER)).toBe(token);
    await bridge.session.logout();
  });

  it('gets a big answer main left as it was as the service wrote it, and a changed one as the checked copy', async () => {
    vi.stubGlobal('fetch', browserFetch);
    const bridge = createBridge(createWebTransport(host.url, () => token));
    await bridge.session.login({ account: 'admin', password: 'gameops-demo' });
    const roles = Array.from({ length: 20_000 }, (_, i) => (i % 2 ? 'ADMIN' : 'SUPER'));
    const envelope = JSON.stringify({ Status: { Code: Codes.OK }, Data: { roles } });
    const answer = (body: string) => ({ status: 200, body, contentType: 'application/json' });
    const rawAnswer = async () => {
      const res = await browserFetch(`${host.url}/__ipc/api:call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [WEB_BRIDGE_TOKEN_HEADER]: token },
        body: JSON.stringify({ input: { endpoint: 'users.roles', input: {} } }),
      });
      return res.text();
    };
    try {
      svc.raw.set('/admin/roles', answer(envelope));
      expect(await rawAnswer()).toBe(`{"ok":true,"envelope":${envelope}}`);
      expect(await bridge.call('users.roles', {})).toEqual({ ok: true, data: { roles } });

      const withExtra = JSON.stringify({ Status: { Code: Codes.OK }, Data: { roles, secret: 'x' } });
      svc.raw.set('/admin/roles', answer(withExtra));
      expect(JSON.parse(await rawAnswer())).toEqual({ ok: true, data: { roles } });
      expect(await bridge.call('users.roles', {})).toEqual({ ok: true, data: { roles } });
    } finally {
      svc.raw.delete('/admin/roles');
      await bridge.session.logout();
    }
  });

  it('turns a refused request into a Result error on Result channels, and an exception elsewhere', async () => {
    vi.stubGlobal('fetch', browserFetch);
    const bridge = createBridge(createWebTransport(host.url));
    const res = await bridge.call('users.roles', {});
    expect(res.ok ? 0 : res.error.code).toBe(Codes.FORBIDDEN);
    await expect(bridge.session.get()).rejects.toThrow(/launch URL/);
  });

  it('answers NETWORK when the host is gone', async () => {
    vi.stubGlobal('fetch', browserFetch);
    const bridge = createBridge(createWebTransport('http://127.0.0.1:9', () => token));
    const res = await bridge.session.logout();
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NETWORK);
  });

  it('streams the host’s events with the token, and closes the stream with the last listener', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', ((input, init) => {
      if (init?.signal) signals.push(init.signal);
      return browserFetch(input, init);
    }) as typeof fetch);
    const bridge = createBridge(createWebTransport(host.url, () => token));
    const changed: SessionState[] = [];
    const expired: unknown[] = [];
    const offChanged = bridge.on('session:changed', (s) => changed.push(s));
    const offExpired = bridge.on('session:expired', (p) => expired.push(p));
    // One stream for both listeners.
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    // The stream is open once an event sent now arrives: sign in and out until one does.
    await vi.waitFor(
      async () => {
        await host.core.handlers['session:logout'](null);
        expect(changed.length).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 50 },
    );
    await bridge.session.login({ account: 'admin', password: 'gameops-demo' });
    await vi.waitFor(() => expect(changed.at(-1)?.signedIn).toBe(true));
    expect(expired).toEqual([]);
    offChanged();
    expect(signals[0]!.aborted).toBe(false);
    offExpired();
    expect(signals[0]!.aborted).toBe(true);
    await bridge.session.logout();
    expect(() => bridge.on('evil' as never, () => undefined)).toThrow(/unknown event/);
  });

  it('starts each stream with the session as it is now: a sign-in made before it connected is not lost', async () => {
    vi.stubGlobal('fetch', browserFetch);
    // Main signs in while no page listens: the event itself goes nowhere.
    await host.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });
    const bridge = createBridge(createWebTransport(host.url, () => token));
    const first: SessionState[] = [];
    const off = bridge.on('session:changed', (s) => first.push(s));
    await vi.waitFor(() => expect(first[0]?.signedIn).toBe(true));
    expect(first[0]?.user.name).toBe('admin');
    off();
    // A later stream (a reload, a reconnection) starts with the state of its own moment.
    await host.core.handlers['session:logout'](null);
    const again: SessionState[] = [];
    const offAgain = createBridge(createWebTransport(host.url, () => token)).on('session:changed', (s) =>
      again.push(s),
    );
    await vi.waitFor(() => expect(again[0]?.signedIn).toBe(false));
    offAgain();
  });

  it('gets no events without the token: the host refuses the stream', async () => {
    const statuses: number[] = [];
    vi.stubGlobal('fetch', (async (input, init) => {
      const res = await browserFetch(input, init);
      statuses.push(res.status);
      return res;
    }) as typeof fetch);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bridge = createBridge(createWebTransport(host.url));
    const off = bridge.on('session:changed', () => undefined);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith(expect.stringMatching(/HTTP 403/)));
    expect(statuses).toEqual([403]);
    off();
    errors.mockRestore();
  });
});

describe('readEventStream', () => {
  const streamOf = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    });

  it('parses frames split anywhere, CRLF or LF, with comments, multi-line data and retry', async () => {
    const frames: StreamFrame[] = [];
    const retries: number[] = [];
    await readEventStream(
      streamOf([
        'retry: 2500\n\n: ping\n\nevent: session:exp',
        'ired\ndata: {"reason":"expired"}\r',
        '\n\r\nevent: links:open\ndata: {"path":\ndata: "/home"}\n\ndata: no event name\n\n',
        'event: cut:off\ndata: never ended',
      ]),
      { frame: (f) => frames.push(f), retry: (ms) => retries.push(ms) },
    );
    expect(retries).toEqual([2500]);
    expect(frames).toEqual([
      { event: 'session:expired', data: '{"reason":"expired"}' },
      { event: 'links:open', data: '{"path":\n"/home"}' },
      { event: 'message', data: 'no event name' },
    ]);
  });
});

describe('the launch token on the page', () => {
  const page = (hash: string, saved: Record<string, string> = {}) => {
    const replaced: string[] = [];
    const storage = {
      getItem: (k: string) => saved[k] ?? null,
      setItem: (k: string, v: string) => void (saved[k] = v),
    };
    const p: LaunchPage = {
      location: { hash, pathname: '/', search: '' },
      history: { state: null, replaceState: (_s, _u, url) => void replaced.push(String(url)) },
      storage,
    };
    return { p, replaced, saved };
  };

  it('is taken from the launch’s fragment into the origin’s storage, and out of the address bar', () => {
    const { p, replaced, saved } = page(`#${WEB_LAUNCH_FRAGMENT}=abc_DEF-123`);
    expect(takeLaunchToken(p)).toBe('abc_DEF-123');
    expect(saved[BRIDGE_TOKEN_KEY]).toBe('abc_DEF-123');
    expect(replaced).toEqual(['/']);
    expect(storedBridgeToken(p.storage)).toBe('abc_DEF-123');
  });

  it('leaves a route’s fragment alone, and keeps the token a launch stored before', () => {
    const { p, replaced } = page('#/auth/login', { [BRIDGE_TOKEN_KEY]: 'kept' });
    expect(takeLaunchToken(p)).toBeNull();
    expect(replaced).toEqual([]);
    expect(storedBridgeToken(p.storage)).toBe('kept');
    expect(storedBridgeToken(null)).toBeNull();
  });
});
