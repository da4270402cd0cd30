import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';
import { HOST_KEYCHAIN_SERVICE, startHost, type RunningHost } from './host.js';
import { KEYCHAIN_SERVICE, type KeytarApi } from '../session/keychain.js';
import { WEB_BRIDGE_TOKEN_HEADER, WEB_LAUNCH_FRAGMENT } from '../../shared/ipc.js';

let svc: FakeAdminService;
let host: RunningHost;
let rendererDir: string;
let token: string;
/** The header a page of the console sends with every bridge request. */
const bearing = (t: string) => ({ [WEB_BRIDGE_TOKEN_HEADER]: t });
/** The bridge token a launch's redirect hands the page (in the fragment, never to a server). */
const tokenIn = (location: string | null | undefined) => {
  const m = new RegExp(`^/#${WEB_LAUNCH_FRAGMENT}=([A-Za-z0-9_-]+)$`).exec(location ?? '');
  if (!m) throw new Error(`no bridge token in the launch redirect ${location}`);
  return m[1]!;
};
/** Opens a launch URL as a browser would, and returns the page's bridge token. */
const launch = async (launchUrl: string) =>
  tokenIn((await fetch(launchUrl, { redirect: 'manual' })).headers.get('location'));

beforeAll(async () => {
  svc = await startFakeAdminService();
  rendererDir = await mkdtemp(join(tmpdir(), 'gameops-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>console</title><div id="root"></div>',
  );
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  host = await startHost({ rendererDir, backend: { kind: 'url', url: svc.url } });
});
afterAll(async () => {
  await host.stop();
  await svc.stop();
  await rm(rendererDir, { recursive: true, force: true });
});

/** A raw HTTP request, so the test controls Host and Origin like a hostile page could. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const origin = () => host.url;
const pathOf = (launchUrl: string) => new URL(launchUrl).pathname + new URL(launchUrl).search;
const ipc = (channel: string, input: unknown, headers: Record<string, string> = {}) =>
  raw(
    'POST',
    `/__ipc/${channel}`,
    { 'Content-Type': 'application/json', Origin: origin(), ...bearing(token), ...headers },
    JSON.stringify({ input }),
  );

describe('the launch URL', () => {
  it('refuses a wrong secret', async () => {
    expect((await raw('GET', '/__launch?secret=guess')).status).toBe(403);
    expect((await raw('GET', '/__launch')).status).toBe(403);
  });

  it('hands the page a bridge token in the fragment of its redirect, and sets no cookie', async () => {
    const res = await raw('GET', pathOf(host.launchUrl));
    expect(res.status).toBe(302);
    token = tokenIn(res.headers['location'] as string);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(token).not.toBe(host.secret);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('works once: opening it again is refused with a page that says why', async () => {
    const again = await raw('GET', pathOf(host.launchUrl));
    expect(again.status).toBe(403);
    expect(again.headers['location']).toBeUndefined();
    expect(again.text).toMatch(/already used/);
    expect(again.text).toMatch(/已被使用/);
    // A wrong secret still says it is wrong, not used.
    expect((await raw('GET', '/__launch?secret=guess')).text).toMatch(/Wrong or missing/);
  });

  it('gives another browser its own one-time launch URL and its own token', async () => {
    const next = host.newLaunchUrl();
    expect(next).not.toBe(host.launchUrl);
    const res = await raw('GET', pathOf(next));
    expect(res.status).toBe(302);
    const other = tokenIn(res.headers['location'] as string);
    expect(other).not.toBe(token);
    expect((await ipc('session:get', null, bearing(other))).status).toBe(200);
    expect((await raw('GET', pathOf(next))).status).toBe(403);
  });

  it('admits nothing on a cookie: what a local listener collects from the browser drives nothing', async () => {
    // Browsers send a 127.0.0.1 cookie to every port of 127.0.0.1; the host's bridge takes none.
    const cookieOnly = { [WEB_BRIDGE_TOKEN_HEADER]: '', Cookie: `gameops_host_${host.port}=${token}` };
    expect((await ipc('session:get', null, cookieOnly)).status).toBe(403);
    expect((await raw('GET', '/__events', { Cookie: `gameops_host_${host.port}=${token}` })).status).toBe(
      403,
    );
  });

  it('does not take another host’s token: each host on 127.0.0.1 has its own', async () => {
    const second = await startHost({ rendererDir, backend: { kind: 'url', url: svc.url } });
    try {
      const secondToken = await launch(second.launchUrl);
      expect((await ipc('session:get', null, bearing(secondToken))).status).toBe(403);
      expect((await ipc('session:get', null, bearing(`${secondToken}, ${token}`))).status).toBe(403);
    } finally {
      await second.stop();
    }
  });
});

describe('the bridge over HTTP', () => {
  it('answers with the token, from its own origin', async () => {
    const res = await ipc('session:get', null);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ signedIn: false, tokenStorage: 'memory' });
  });

  it.each([
    ['no token', { [WEB_BRIDGE_TOKEN_HEADER]: '' }],
    ['a wrong token', bearing('forged')],
    ['a foreign origin', { Origin: 'https://evil.example' }],
    ['a look-alike origin', { Origin: `http://127.0.0.1.evil.example:${0}` }],
    ['a DNS-rebound host name', { Host: 'rebind.evil.example' }],
  ])('refuses a call with %s (403)', async (_what, headers) => {
    const res = await ipc('session:get', null, headers);
    expect(res.status).toBe(403);
  });

  it('refuses a POST that does not say where it came from', async () => {
    const res = await raw(
      'POST',
      '/__ipc/session:get',
      { 'Content-Type': 'application/json', ...bearing(token) },
      '{}',
    );
    expect(res.status).toBe(403);
  });

  it('refuses the event stream without the token or from a rebound host', async () => {
    expect((await raw('GET', '/__events')).status).toBe(403);
    expect((await raw('GET', '/__events', { ...bearing(token), Host: 'evil.example' })).status).toBe(403);
  });

  it('answers bad requests with Result errors', async () => {
    const notJson = await raw(
      'POST',
      '/__ipc/session:get',
      { 'Content-Type': 'text/plain', Origin: origin(), ...bearing(token) },
      'x',
    );
    expect(notJson.status).toBe(415);
    const broken = await raw(
      'POST',
      '/__ipc/session:get',
      { 'Content-Type': 'application/json', Origin: origin(), ...bearing(token) },
      '{',
    );
    expect(JSON.parse(broken.text)).toMatchObject({ ok: false, error: { code: Codes.MALFORMED_JSON } });
    const unknown = await ipc('shell:exec', 'ls');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ ok: false, error: { code: Codes.UNKNOWN_ENDPOINT } });
    const invalid = await ipc('session:login', { account: 'admin' });
    expect(JSON.parse(invalid.text)).toMatchObject({ ok: false, error: { code: Codes.VALIDATION } });
    const get = await raw('GET', '/__ipc/session:get', { ...bearing(token), Origin: origin() });
    expect(get.status).toBe(405);
  });

  it('signs in through the bridge, streams the session events, and never hands out a token', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${host.url}/__events`, {
      headers: bearing(token),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let text = '';
    /** The next session:changed frame's state, reading the stream as far as it takes. */
    const nextSession = async () => {
      while (!text.includes('event: session:changed')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += new TextDecoder().decode(value);
      }
      text = text.slice(text.indexOf('event: session:changed'));
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      const frame = text.slice(0, text.indexOf('\n\n'));
      text = text.slice(frame.length + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '))!;
      return JSON.parse(data.slice(6)) as { signedIn: boolean };
    };
    // The stream starts with the session as it is now, so that a page whose stream connects
    // after a change still learns of it.
    expect((await nextSession()).signedIn).toBe(false);

    const login = await ipc('session:login', { account: 'admin', password: 'gameops-demo' });
    const result = JSON.parse(login.text) as { ok: boolean; data: { signedIn: boolean } };
    expect(result.ok && result.data.signedIn).toBe(true);
    expect(login.text).not.toMatch(/"A1"|"R1"|authToken|refreshToken/);
    expect((await nextSession()).signedIn).toBe(true);
    controller.abort();

    const call = await ipc('api:call', { endpoint: 'users.roles', input: {} });
    expect(JSON.parse(call.text)).toEqual({ ok: true, data: { roles: ['SUPER', 'ADMIN'] } });
  });

  it('keeps a deep link that arrives before any page listens, for the next event stream', async () => {
    // A host of its own, so that no stream of another test is open.
    const fresh = await startHost({ rendererDir, backend: { kind: 'url', url: svc.url } });
    const controller = new AbortController();
    try {
      const freshToken = await launch(fresh.launchUrl);
      // A page took its start-up link (the window is ready), and its stream is not open yet.
      await fresh.core.handlers['links:take'](null);
      fresh.core.deepLinks.receive('gameops://admin/users');
      const stream = await fetch(`${fresh.url}/__events`, {
        headers: bearing(freshToken),
        signal: controller.signal,
      });
      const reader = stream.body!.getReader();
      let text = '';
      while (!text.includes('event: links:open')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('"path":"/admin/users"');
    } finally {
      controller.abort();
      await fresh.stop();
    }
  });
});

describe('the renderer files', () => {
  it('are served with the same CSP as the desktop window', async () => {
    const res = await raw('GET', '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self';/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serve index.html for the app’s routes and the assets by name', async () => {
    expect((await raw('GET', '/atomicwar/steamplayers')).text).toContain('<div id="root">');
    const js = await raw('GET', '/assets/app.js');
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('never leave the renderer folder', async () => {
    for (const path of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await raw('GET', path);
      expect(res.text, path).not.toMatch(/root:x:0|"dependencies"/);
    }
    expect((await raw('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('refuses any request naming another host', async () => {
    expect((await raw('GET', '/', { Host: 'rebind.evil.example' })).status).toBe(403);
  });
});

describe('the host on the embedded reference backend', () => {
  it('lets a test end a session by moving the backend’s clock, and streams session:expired', async () => {
    let offsetMs = 0;
    const embedded = await startHost({
      rendererDir,
      backend: {
        inMemory: true,
        demo: true,
        seedPlayers: 0,
        refreshTtlSec: 600,
        clock: () => Date.now() + offsetMs,
      },
    });
    try {
      const jar = await launch(embedded.launchUrl);
      const call = async (channel: string, input: unknown) => {
        const res = await fetch(`${embedded.url}/__ipc/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: embedded.url, ...bearing(jar) },
          body: JSON.stringify({ input }),
        });
        return (await res.json()) as { ok?: boolean; signedIn?: boolean; error?: { code: number } };
      };
      const login = await call('session:login', { account: 'service', password: 'gameops-demo' });
      expect(login.ok).toBe(true);

      const controller = new AbortController();
      const stream = await fetch(`${embedded.url}/__events`, {
        headers: bearing(jar),
        signal: controller.signal,
      });
      const reader = stream.body!.getReader();

      offsetMs = 601_000;
      const res = await call('api:call', { endpoint: 'auth.session', input: {} });
      expect(res.error?.code).toBe(Codes.REFRESH_INVALID);

      let text = '';
      while (!text.includes('event: session:expired')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toMatch(/event: session:expired\ndata: \{"reason":"expired"/);
      controller.abort();
      expect((await call('session:get', null)).signedIn).toBe(false);
    } finally {
      await embedded.stop();
    }
  }, 60_000);
});

describe('the host’s embedded backend', () => {
  it('starts like a fresh desktop install without --demo: no operator, first run needed', async () => {
    const fresh = await startHost({ rendererDir, backend: { inMemory: true, seedPlayers: 0 } });
    try {
      expect((await fresh.core.handlers['app:info'](null)).backend).toMatchObject({
        mode: 'embedded',
        running: true,
        setup: 'needed',
      });
      const res = await fresh.core.handlers['session:login']({ account: 'super', password: 'gameops-demo' });
      expect(res.ok ? 0 : res.error.code).toBe(Codes.INVALID_CREDENTIALS);
    } finally {
      await fresh.stop();
    }
  }, 60_000);

  it('runs on the demo data with --demo, and says so', async () => {
    const demo = await startHost({ rendererDir, backend: { inMemory: true, seedPlayers: 0, demo: true } });
    try {
      expect((await demo.core.handlers['app:info'](null)).backend.setup).toBe('demo');
      const res = await demo.core.handlers['session:login']({ account: 'super', password: 'gameops-demo' });
      expect(res.ok).toBe(true);
    } finally {
      await demo.stop();
    }
  }, 60_000);
});

describe('the host with --keychain', () => {
  it('files tokens under its own keychain service, never the desktop app’s', async () => {
    const entries = new Map<string, string>();
    const keytar: KeytarApi = {
      getPassword: async (s, a) => entries.get(`${s}\u0000${a}`) ?? null,
      setPassword: async (s, a, p) => void entries.set(`${s}\u0000${a}`, p),
      deletePassword: async (s, a) => entries.delete(`${s}\u0000${a}`),
    };
    const withKeychain = await startHost({
      rendererDir,
      backend: { kind: 'url', url: svc.url },
      tokenStorage: 'keychain',
      loadKeytar: async () => keytar,
    });
    try {
      const login = await withKeychain.core.handlers['session:login']({
        account: 'admin',
        password: 'gameops-demo',
      });
      expect(login.ok && login.data.tokenStorage).toBe('keychain');
      expect(login.ok && login.data.tokenStorageReason).toBeNull();
      const services = new Set([...entries.keys()].map((k) => k.split('\u0000')[0]));
      expect([...services]).toEqual([HOST_KEYCHAIN_SERVICE]);
      expect(HOST_KEYCHAIN_SERVICE).not.toBe(KEYCHAIN_SERVICE);
    } finally {
      await withKeychain.core.handlers['session:logout'](null);
      await withKeychain.stop();
    }
  });
});
