import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { GUEST_USER } from '../../shared/session.js';
import { createConsoleCore, type ConsoleCore } from '../core.js';
import { createMemoryTokenStore } from '../session/token-store.js';
import { createMemoryKv } from '../storage/kv.js';
import { createForkLauncher, createInProcessLauncher } from './node-launcher.js';
import { workerArgs, workerEnv } from './launcher.js';

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

async function embedded(opts: { accessTtlSec?: number; refreshTtlSec?: number } = {}) {
  let offsetMs = 0;
  const clock = () => Date.now() + offsetMs;
  const refreshes: string[] = [];
  const requests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    (url.endsWith('/admin/refresh') ? refreshes : requests).push(`${init?.method ?? 'GET'} ${url}`);
    return fetch(input, init);
  };
  const tokens = createMemoryTokenStore();
  const core = await createConsoleCore({
    kv: createMemoryKv(),
    tokens,
    app,
    defaultLanguage: 'en',
    backend: createInProcessLauncher({ ...opts, clock, seedPlayers: 0 }),
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
      headers: { Authorization: `Bearer ${access}` },
    });
    const body = (await res.json()) as { Status: { Code: number } };
    expect(body.Status.Code).not.toBe(Codes.OK);
  });
});

describe('the forked backend worker', () => {
  it('starts from a data folder, answers, and stops when asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const backend = await createForkLauncher({ dataDir: join(dir, 'backend'), seedPlayers: 0 }).start();
    const res = await fetch(`${backend.url}/api/v1/sr/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'service', password: 'gameops-demo' }),
    });
    expect(((await res.json()) as { Status: { Code: number } }).Status.Code).toBe(Codes.OK);
    let exited = false;
    backend.onExit?.(() => (exited = true));
    await backend.stop();
    await expect(fetch(`${backend.url}/api/v1/sr/admin/session`)).rejects.toThrow();
    expect(exited).toBe(false);
  }, 120_000);

  it('reports a worker that cannot start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const first = await createForkLauncher({ dataDir: join(dir, 'backend'), seedPlayers: 0 }).start();
    cleanups.push(() => first.stop());
    // A second backend on the same data folder must be refused, not corrupt the first one's database.
    await expect(
      createForkLauncher({ dataDir: join(dir, 'backend'), seedPlayers: 0 }).start(),
    ).rejects.toThrow(/in use/);
  }, 120_000);

  it('is given a data folder and a seed on its command line, and no DATABASE_URL', () => {
    expect(workerArgs({ dataDir: '/data', seedPlayers: 5 })).toEqual(['--data', '/data', '--seed', '5']);
    expect(() => workerArgs({})).toThrow(/data folder/);
    expect(() => workerArgs({ dataDir: '/d', accessTtlSec: 1 })).toThrow(/in-process/);
    expect(workerEnv({ PATH: '/bin', DATABASE_URL: 'postgres://x', GAMEOPS_DATA_DIR: '/elsewhere' })).toEqual(
      {
        PATH: '/bin',
      },
    );
  });
});
