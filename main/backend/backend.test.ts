import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import { ROOT } from '../../tests/support/processes.js';
import { createLogger, routeConsole } from '../logging/logger.js';
import { openRotatingFile } from '../logging/rotating-file.js';
import { GUEST_USER } from '../../shared/session.js';
import { createConsoleCore, type ConsoleCore } from '../core.js';
import { createMemoryTokenStore } from '../session/token-store.js';
import { createMemoryKv } from '../storage/kv.js';
import { createForkLauncher, createInProcessLauncher } from './node-launcher.js';
import { newLaunchKey, workerArgs, workerEnv } from './launcher.js';

/**
 * main against the real reference backend (server/), started the way the browser host starts it.
 * The backend's clock is the test's, so tokens expire when the test says, not after a wait.
 */

const app = {
  name: 'GameOps Console',
  version: 'test',
  shell: 'browser',
  platform: process.platform,
} as const;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function embedded(
  opts: {
    accessTtlSec?: number;
    refreshTtlSec?: number;
    demo?: boolean;
    language?: 'en' | 'zh-CN';
    /** Stands between main and the backend (a slow or failing answer). */
    through?: (url: string, method: string, go: () => Promise<Response>) => Promise<Response>;
  } = {},
) {
  const { demo = true, language = 'en', through, ...ttls } = opts;
  let offsetMs = 0;
  const clock = () => Date.now() + offsetMs;
  const refreshes: string[] = [];
  const requests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    // Server watch's long poll runs beside whatever a test does; it is not one of the test's calls.
    if (!url.includes('/admin/serverwatch/events'))
      (url.endsWith('/admin/refresh') ? refreshes : requests).push(`${init?.method ?? 'GET'} ${url}`);
    return through ? through(url, init?.method ?? 'GET', () => fetch(input, init)) : fetch(input, init);
  };
  const tokens = createMemoryTokenStore();
  const core = await createConsoleCore({
    kv: createMemoryKv(),
    tokens,
    app,
    defaultLanguage: language,
    // Started as main starts it: a first run, with the demo operators only where a test asks.
    backend: createInProcessLauncher({ ...ttls, clock, seedPlayers: 0, firstRun: true, demo }),
    fetch: countingFetch,
  });
  cleanups.push(() => core.close());
  const events: { event: string; payload: unknown }[] = [];
  core.events.onAny((event, payload) => events.push({ event, payload }));
  return {
    core,
    tokens,
    events,
    refreshes,
    requests,
    advance: (sec: number) => void (offsetMs += sec * 1000),
  };
}

const signIn = async (core: ConsoleCore, account = 'super') => {
  const res = await core.handlers['session:login']({ account, password: 'gameops-demo' });
  if (!res.ok) throw new Error(`sign-in failed: ${res.error.code} ${res.error.message}`);
  return res.data;
};

describe('against the reference backend', () => {
  it('starts it on first run and signs in as a seeded operator', async () => {
    const { core } = await embedded();
    const backend = await core.backendReady();
    expect(backend?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const state = await signIn(core, 'admin');
    expect(state).toMatchObject({ signedIn: true, tokenStorage: 'memory', user: { name: 'admin' } });
    expect(state.user.role).toContain('ADMIN');
    const me = await core.handlers['api:call']({ endpoint: 'auth.session', input: {} });
    expect(me).toMatchObject({ ok: true, data: { name: 'admin' } });
    const denied = await core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(denied.ok ? 0 : denied.error.code).toBe(Codes.FORBIDDEN);
    const wrong = await core.handlers['session:login']({ account: 'admin', password: 'not-the-password' });
    expect(wrong.ok ? 0 : wrong.error.code).toBe(Codes.INVALID_CREDENTIALS);
  });

  it('refreshes once for many concurrent calls on an expired token and retries each once; rotation holds', async () => {
    const h = await embedded({ accessTtlSec: 60 });
    await signIn(h.core);
    const refreshBefore = await h.tokens.get('token2');
    h.advance(61);
    h.requests.length = 0;
    const n = 16;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0
          ? h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} })
          : h.core.handlers['api:call']({ endpoint: 'auth.session', input: {} }),
      ),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(h.refreshes).toHaveLength(1);
    expect(h.requests).toHaveLength(2 * n);
    // The server rotated the refresh token; reusing the old one would have revoked the session.
    expect(await h.tokens.get('token2')).not.toBe(refreshBefore);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);

    // And the next expiry refreshes with the rotated token, without ending the session.
    h.advance(61);
    expect((await h.core.handlers['api:call']({ endpoint: 'auth.session', input: {} })).ok).toBe(true);
    expect(h.refreshes).toHaveLength(2);
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
  });

  it('ends the session when it has expired on the server, and says so', async () => {
    const h = await embedded({ accessTtlSec: 60, refreshTtlSec: 120 });
    await signIn(h.core, 'admin');
    h.advance(121);
    const res = await h.core.handlers['api:call']({ endpoint: 'auth.session', input: {} });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.REFRESH_INVALID);
    expect(h.events.filter((e) => e.event === 'session:expired').map((e) => e.payload)).toEqual([
      { reason: 'expired', message: expect.stringMatching(/expired/i) },
    ]);
    expect(await h.core.handlers['session:get'](null)).toMatchObject({ signedIn: false, user: GUEST_USER });
    expect(await h.tokens.get('token1')).toBeNull();
  });

  it('signs out on the server: the old session’s tokens stop working', async () => {
    const h = await embedded();
    await signIn(h.core, 'admin');
    const access = await h.tokens.get('token1');
    const out = await h.core.handlers['session:logout'](null);
    expect(out.ok && out.data.signedIn).toBe(false);
    const backend = await h.core.backendReady();
    const res = await fetch(`${backend!.url}/api/v1/sr/admin/session`, {
      headers: { ...backend!.headers, Authorization: `Bearer ${access}` },
    });
    const body = (await res.json()) as { Status: { Code: number } };
    expect(body.Status.Code).not.toBe(Codes.OK);
  });
});

/** A request straight to the backend, as anything on this machine could send it. */
async function direct(
  backend: { url: string },
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${backend.url}/api/v1/sr${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await res.json()) as { Status: { Code: number; Message?: string }; Data: unknown };
}

describe('a call the server answers with the end of the session', () => {
  it('(operator disabled by a super-admin) ends the local session at once and says why', async () => {
    const h = await embedded();
    await signIn(h.core, 'admin');
    const backend = (await h.core.backendReady())!;
    // A super-admin elsewhere disables the operator through the users API.
    const superLogin = await direct(backend, '/admin/login', {
      method: 'POST',
      headers: backend.headers,
      body: { account: 'super', password: 'gameops-demo' },
    });
    const superToken = (superLogin.Data as { authToken: string }).authToken;
    const disabled = await direct(backend, '/admin/user', {
      method: 'PATCH',
      headers: { ...backend.headers, Authorization: `Bearer ${superToken}` },
      body: { phone: '13800000002', disabled: true, reason: 'left the studio' },
    });
    expect(disabled.Status.Code).toBe(Codes.OK);

    const res = await h.core.handlers['api:call']({ endpoint: 'auth.session', input: {} });
    // Disabling an operator revokes their sessions; either answer means the session is over.
    expect([Codes.ACCOUNT_DISABLED, Codes.SESSION_REVOKED]).toContain(res.ok ? 0 : res.error.code);
    expect(await h.core.handlers['session:get'](null)).toMatchObject({ signedIn: false, user: GUEST_USER });
    expect(await h.tokens.get('token1')).toBeNull();
    expect(await h.tokens.get('token2')).toBeNull();
    expect(h.events.filter((e) => e.event === 'session:expired').map((e) => e.payload)).toEqual([
      { reason: 'revoked', message: res.ok ? '' : res.error.message },
    ]);
    expect(h.refreshes).toEqual([]);
  });

  it('(session revoked: signed out elsewhere) ends the local session at once', async () => {
    const h = await embedded();
    await signIn(h.core, 'admin');
    const backend = (await h.core.backendReady())!;
    // The same session ended from elsewhere (its refresh token presented to sign-out).
    const out = await direct(backend, '/admin/logout', {
      method: 'POST',
      headers: backend.headers,
      body: { refreshToken: await h.tokens.get('token2') },
    });
    expect(out.Status.Code).toBe(Codes.OK);
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res.ok).toBe(false);
    expect([Codes.SESSION_REVOKED, Codes.UNAUTHENTICATED]).toContain(res.ok ? 0 : res.error.code);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(false);
    expect(h.events.filter((e) => e.event === 'session:expired')).toHaveLength(1);
  });
});

describe('the embedded backend’s first run, through main', () => {
  it('says a first run is needed even when asked while the start still reads the setup state', async () => {
    // The start's own question about the setup state is held until the test lets it go.
    let held!: () => void;
    const heldRead = new Promise<void>((resolve) => (held = resolve));
    let reads = 0;
    let arrived!: () => void;
    const readArrived = new Promise<void>((resolve) => (arrived = resolve));
    const h = await embedded({
      demo: false,
      through: async (url, _method, go) => {
        if (!url.endsWith('/admin/setup') || reads++ > 0) return go();
        arrived();
        await heldRead;
        return go();
      },
    });
    await readArrived;
    // The backend is up (any other call finds it running), its setup state not known yet.
    const info = h.core.handlers['app:info'](null);
    held();
    expect((await info).backend).toMatchObject({ running: true, setup: 'needed' });
  });

  it('asks again when the setup state could not be read, so the first run is not hidden for good', async () => {
    let failures = 1;
    const h = await embedded({
      demo: false,
      through: (url, _method, go) =>
        url.endsWith('/admin/setup') && failures-- > 0 ? Promise.reject(new Error('connection reset')) : go(),
    });
    await h.core.backendReady();
    expect((await h.core.handlers['app:info'](null)).backend).toMatchObject({
      running: true,
      setup: 'needed',
    });
  });

  it('answers a setup with the state after it, not with a question asked before it', async () => {
    // The start's question fails; the next one (app:info's) is answered "needed" before the setup
    // is made, and that answer is held until after it.
    let reads = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const staleAnswered = new Promise<void>((resolve) => (answered = resolve));
    const h = await embedded({
      demo: false,
      through: async (url, method, go) => {
        if (!url.endsWith('/admin/setup')) return go();
        if (method === 'POST') {
          const made = await go();
          setTimeout(release, 200);
          return made;
        }
        reads++;
        if (reads === 1) throw new Error('connection reset');
        if (reads > 2) return go();
        const stale = await go();
        answered();
        await held;
        return stale;
      },
    });
    await h.core.backendReady();
    const info = h.core.handlers['app:info'](null);
    await staleAnswered;
    const done = await h.core.handlers['backend:setup']({
      mode: 'super',
      phone: '13900000002',
      name: 'root',
      password: 'a long enough secret',
    });
    expect(done.ok && done.data.backend.setup).toBe('ready');
    expect((await info).backend.setup).toBe('needed');
    expect((await h.core.handlers['app:info'](null)).backend.setup).toBe('ready');
  });
});

describe('the embedded backend’s first run, made through backend:setup', () => {
  it('starts with no operator: setup needed, nobody can sign in, and only main is answered', async () => {
    const h = await embedded({ demo: false });
    expect((await h.core.handlers['app:info'](null)).backend).toMatchObject({
      mode: 'embedded',
      running: true,
      setup: 'needed',
    });
    const demo = await h.core.handlers['session:login']({ account: 'super', password: 'gameops-demo' });
    expect(demo.ok ? 0 : demo.error.code).toBe(Codes.INVALID_CREDENTIALS);

    const backend = (await h.core.backendReady())!;
    // Anything else on this machine reaches the port, but without the launch key gets nothing.
    for (const path of ['/admin/setup', '/admin/session']) {
      const refused = await direct(backend, path);
      expect(refused.Status.Code, path).toBe(Codes.UNAUTHENTICATED);
      expect(refused.Status.Message).toMatch(/launch key/);
    }
    const init = await direct(backend, '/admin/setup', { method: 'POST', body: { mode: 'demo' } });
    expect(init.Status.Code).toBe(Codes.UNAUTHENTICATED);
    const wrongKey = await direct(backend, '/admin/setup', {
      headers: Object.fromEntries(Object.keys(backend.headers).map((k) => [k, 'x'.repeat(43)])),
    });
    expect(wrongKey.Status.Code).toBe(Codes.UNAUTHENTICATED);
    // The renderer cannot make the setup calls itself either.
    const viaRenderer = await h.core.dispatch('api:call', {
      endpoint: 'setup.init',
      input: { mode: 'demo' },
    });
    expect(viaRenderer).toMatchObject({ ok: false, error: { code: Codes.UNKNOWN_ENDPOINT } });
    expect((await h.core.handlers['app:info'](null)).backend.setup).toBe('needed');
  });

  it('creates the first super-admin through backend:setup, who can then sign in; the first run is then over', async () => {
    const h = await embedded({ demo: false });
    const first = { mode: 'super', phone: '13900000001', name: 'root', password: 'a-long-secret-1' } as const;
    const res = await h.core.dispatch('backend:setup', first);
    expect(res).toMatchObject({
      ok: true,
      data: { backend: { mode: 'embedded', running: true, setup: 'ready' } },
    });
    expect((await h.core.handlers['app:info'](null)).backend.setup).toBe('ready');

    const state = await h.core.handlers['session:login']({ account: 'root', password: 'a-long-secret-1' });
    expect(state).toMatchObject({
      ok: true,
      data: { signedIn: true, user: { name: 'root', role: ['SUPER'] } },
    });
    expect((await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} })).ok).toBe(true);

    const again = await h.core.dispatch('backend:setup', { mode: 'demo' });
    expect(again).toMatchObject({ ok: false, error: { code: Codes.CONFLICT } });
    expect((await h.core.handlers['app:info'](null)).backend.setup).toBe('ready');
  });

  it('loads the demo data through backend:setup: the state is then demo', async () => {
    const h = await embedded({ demo: false });
    const res = await h.core.dispatch('backend:setup', { mode: 'demo' });
    expect(res).toMatchObject({ ok: true, data: { backend: { setup: 'demo' } } });
    await signIn(h.core, 'super');
  });

  it('refuses bad setup input with field details, before the backend hears of it', async () => {
    const h = await embedded({ demo: false });
    const res = await h.core.dispatch('backend:setup', { mode: 'super', phone: '13900000001' });
    expect(res).toMatchObject({ ok: false, error: { code: Codes.VALIDATION } });
    const paths = (res as { error: { details: { path: string }[] } }).error.details.map((d) => d.path).sort();
    expect(paths).toEqual(['name', 'password']);
    expect(h.requests.filter((r) => r.includes('/admin/setup') && r.startsWith('POST'))).toEqual([]);
  });

  it('reports the demo data of a host started with --demo', async () => {
    const h = await embedded();
    expect((await h.core.handlers['app:info'](null)).backend.setup).toBe('demo');
  });

  it('says first-run setup is for the built-in backend when the console uses a studio’s services', async () => {
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app,
      defaultLanguage: 'zh-CN',
      initialSettings: { backend: 'custom' },
    });
    cleanups.push(() => core.close());
    expect((await core.handlers['app:info'](null)).backend).toMatchObject({ mode: 'custom', setup: null });
    const res = await core.dispatch('backend:setup', { mode: 'demo' });
    expect(res).toMatchObject({
      ok: false,
      error: { code: Codes.CONFLICT, message: expect.stringMatching(/内置后端/) },
    });
  });
});

describe('the forked backend worker', () => {
  it('starts from a data folder, answers, and stops when asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const backend = await createForkLauncher({
      dataDir: join(dir, 'backend'),
      seedPlayers: 0,
      firstRun: true,
      demo: true,
    }).start();
    const login = (headers: Record<string, string>) =>
      fetch(`${backend.url}/api/v1/sr/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ account: 'service', password: 'gameops-demo' }),
      }).then(async (r) => ((await r.json()) as { Status: { Code: number } }).Status.Code);
    // The key reached the worker over its message port: without it, nothing is answered.
    expect(await login(backend.headers)).toBe(Codes.OK);
    expect(await login({})).toBe(Codes.UNAUTHENTICATED);
    let exited = false;
    backend.onExit?.(() => (exited = true));
    await backend.stop();
    await expect(fetch(`${backend.url}/api/v1/sr/admin/session`)).rejects.toThrow();
    expect(exited).toBe(false);
  }, 120_000);

  it('is given its launch key over the port, never its environment, and its output is logged redacted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-log-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = openRotatingFile({ dir });
    const undo = routeConsole(createLogger(file));
    let key: string | undefined;
    try {
      const stub = join(ROOT, 'tests/support/stub-worker.mjs');
      const backend = await createForkLauncher({ dataDir: join(dir, 'unused') }, stub).start();
      key = backend.headers[EMBEDDED_KEY_HEADER];
      await vi.waitFor(async () => expect(await readFile(file.path, 'utf8')).toContain('env has it: false'));
      await backend.stop();
    } finally {
      undo();
    }
    expect(key).toMatch(/^[\w-]{43}$/);
    const text = await readFile(file.path, 'utf8');
    expect(text).toContain('[info] [backend] {"level":30,"msg":"got x-gameops-launch-key: "[redacted]"');
    expect(text).toContain('[error] [backend] env has it: false');
    expect(text).not.toContain(key!);
  });

  it('reports a worker that cannot start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const first = await createForkLauncher({
      dataDir: join(dir, 'backend'),
      seedPlayers: 0,
      firstRun: true,
    }).start();
    cleanups.push(() => first.stop());
    // A second backend on the same data folder must be refused, not corrupt the first one's database.
    await expect(
      createForkLauncher({ dataDir: join(dir, 'backend'), seedPlayers: 0, firstRun: true }).start(),
    ).rejects.toThrow(/in use/);
  }, 120_000);

  it('is given a data folder, a seed and its first-run or demo flag on its command line', () => {
    const ask = '--launch-key-from-parent';
    expect(workerArgs({ dataDir: '/data', seedPlayers: 5 })).toEqual(['--data', '/data', ask, '--seed', '5']);
    expect(workerArgs({ dataDir: '/data', firstRun: true })).toEqual(['--data', '/data', ask, '--first-run']);
    expect(workerArgs({ dataDir: '/data', firstRun: true, demo: true })).toEqual([
      '--data',
      '/data',
      ask,
      '--first-run',
      '--demo',
    ]);
    expect(() => workerArgs({})).toThrow(/data folder/);
    expect(() => workerArgs({ dataDir: '/d', accessTtlSec: 1 })).toThrow(/in-process/);
  });

  it('inherits no DATABASE_URL or data folder, and gets fresh launch keys', () => {
    expect(
      workerEnv({
        PATH: '/bin',
        DATABASE_URL: 'postgres://x',
        GAMEOPS_DATA_DIR: '/elsewhere',
      }),
    ).toEqual({ PATH: '/bin' });
    const keys = new Set(Array.from({ length: 20 }, () => newLaunchKey()));
    expect(keys.size).toBe(20);
    for (const k of keys) expect(k).toMatch(/^[\w-]{43}$/);
  });
});
