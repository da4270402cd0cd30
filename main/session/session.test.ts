import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { GUEST_USER } from '../../shared/session.js';
import { coreAgainst, type Harness } from '../testing/core-harness.js';
import { FAKE_USER, startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';
import { createMemoryKv } from '../storage/kv.js';
import { createMemoryTokenStore } from './token-store.js';
import { SESSION_USER_KEY } from './session.js';

let svc: FakeAdminService;
let h: Harness;

beforeEach(async () => {
  svc = await startFakeAdminService();
  h = await coreAgainst(svc.url);
});
afterEach(async () => {
  await h.core.close();
  await svc.stop();
});

const login = () => h.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });

describe('session', () => {
  it('starts as the guest, not signed in, and says where tokens live', async () => {
    expect(await h.core.handlers['session:get'](null)).toEqual({
      user: GUEST_USER,
      signedIn: false,
      tokenStorage: 'memory',
      tokenStorageReason: null,
    });
  });

  it('signs in: tokens in the token store, the user persisted, no token handed back', async () => {
    const res = await login();
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.data.signedIn).toBe(true);
    expect(res.data.user).toMatchObject({ name: FAKE_USER.name, role: FAKE_USER.role, first_name: 'Ada' });
    expect(res.data.user.refreshExpireTime * 1000).toBeGreaterThan(Date.now());
    expect(JSON.stringify(res)).not.toMatch(/A1|R1|authToken|refreshToken/);
    expect(await h.tokens.get('token1')).toBe('A1');
    expect(await h.tokens.get('token2')).toBe('R1');
    expect(h.kv.get(SESSION_USER_KEY)).toEqual(res.data.user);
    expect(h.events.filter((e) => e.event === 'session:changed')).toHaveLength(1);
  });

  it('rejects an empty account or password with field details, without calling the server', async () => {
    const res = await h.core.handlers['session:login']({ account: ' ', password: '' });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.VALIDATION);
    expect(res.ok ? [] : res.error.details?.map((d) => d.path).sort()).toEqual(['account', 'password']);
    expect(svc.log).toEqual([]);
  });

  it('signs out on the server and here', async () => {
    await login();
    await h.tokens.set('adminUser', '{"token":"pay","expiredAt":0}');
    const res = await h.core.handlers['session:logout'](null);
    expect(res).toEqual({
      ok: true,
      data: { user: GUEST_USER, signedIn: false, tokenStorage: 'memory', tokenStorageReason: null },
    });
    expect(svc.log.at(-1)).toMatchObject({ path: '/admin/logout', body: { refreshToken: 'R1' } });
    for (const entry of ['token1', 'token2', 'adminUser'] as const)
      expect(await h.tokens.get(entry)).toBeNull();
    expect(h.kv.get(SESSION_USER_KEY)).toEqual(GUEST_USER);
    expect(h.events.some((e) => e.event === 'session:expired')).toBe(false);
  });

  it('signs out here even when the server cannot be reached', async () => {
    await login();
    await svc.stop();
    const res = await h.core.handlers['session:logout'](null);
    expect(res.ok && res.data.signedIn).toBe(false);
    expect(await h.tokens.get('token2')).toBeNull();
  });

  it('comes back signed in after a restart when the tokens survived (keychain)', async () => {
    await login();
    const again = await coreAgainst(svc.url, { kv: h.kv, tokens: h.tokens });
    expect((await again.core.handlers['session:get'](null)).signedIn).toBe(true);
    expect((await again.core.handlers['api:call']({ endpoint: 'auth.session', input: {} })).ok).toBe(true);
    await again.core.close();
  });

  it('comes back as the guest after a restart when the tokens were only in memory', async () => {
    await login();
    const again = await coreAgainst(svc.url, { kv: h.kv, tokens: createMemoryTokenStore() });
    expect(await again.core.handlers['session:get'](null)).toMatchObject({
      signedIn: false,
      user: GUEST_USER,
    });
    await again.core.close();
  });

  it('is not signed in once refreshExpireTime has passed', async () => {
    const kv = createMemoryKv({ [SESSION_USER_KEY]: { ...FAKE_USER, refreshExpireTime: 1000 } });
    const tokens = createMemoryTokenStore();
    await tokens.set('token2', 'R1');
    const old = await coreAgainst(svc.url, { kv, tokens });
    expect(await old.core.handlers['session:get'](null)).toMatchObject({ signedIn: false, user: GUEST_USER });
    await old.core.close();
  });

  it('treats a corrupt saved user as the guest', async () => {
    const kv = createMemoryKv({ [SESSION_USER_KEY]: { name: 42 } });
    const odd = await coreAgainst(svc.url, { kv });
    expect((await odd.core.handlers['session:get'](null)).user).toEqual(GUEST_USER);
    await odd.core.close();
  });

  it('says where tokens are kept and why, in the operator’s language', async () => {
    const reason = { en: 'No keychain here', 'zh-CN': '此处没有钥匙串' };
    const withReason = await coreAgainst(svc.url, { tokenStorageReason: reason });
    expect(await withReason.core.handlers['session:get'](null)).toMatchObject({
      tokenStorage: 'memory',
      tokenStorageReason: 'No keychain here',
    });
    await withReason.core.handlers['settings:set']({ language: 'zh-CN' });
    expect((await withReason.core.handlers['session:get'](null)).tokenStorageReason).toBe('此处没有钥匙串');
    await withReason.core.close();
  });

  it.each(['pve', 'lw', 'party', 'payment'] as const)(
    'signs out locally when the %s address changes (every service receives the token)',
    async (service) => {
      await login();
      const res = await h.core.handlers['settings:set']({
        services: { [service]: `https://${service}.studio.example/api/v1/x` },
      });
      expect(res.ok).toBe(true);
      expect((await h.core.handlers['session:get'](null)).signedIn).toBe(false);
      expect(await h.tokens.get('token2')).toBeNull();
    },
  );

  it('stays signed in when a setting other than the backend changes', async () => {
    await login();
    expect((await h.core.handlers['settings:set']({ language: 'zh-CN' })).ok).toBe(true);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);
  });

  it('signs out locally when the services move to another backend', async () => {
    await login();
    const res = await h.core.handlers['settings:set']({
      services: { admin: 'http://127.0.0.1:9/api/v1/sr' },
    });
    expect(res.ok).toBe(true);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(false);
    expect(await h.tokens.get('token1')).toBeNull();
  });
});

describe('a session left in a keychain the console fell back from', () => {
  it('is revoked on the server at start, at the backend it came from', async () => {
    const fell = await coreAgainst(svc.url, { orphanedRefreshToken: 'R-left' });
    try {
      await vi.waitFor(() =>
        expect(svc.log.filter((l) => l.path === '/admin/logout').map((l) => l.body)).toEqual([
          { refreshToken: 'R-left' },
        ]),
      );
      expect((await fell.core.handlers['session:get'](null)).signedIn).toBe(false);
    } finally {
      await fell.core.close();
    }
  });
});

describe('the api:call channel', () => {
  it.each([
    ['auth.login', { account: 'admin', password: 'gameops-demo' }],
    ['auth.refresh', { refreshToken: 'R1' }],
    ['auth.logout', { refreshToken: 'R1' }],
    ['setup.status', {}],
    ['setup.init', { mode: 'demo' }],
  ] as const)('never makes %s for the renderer', async (endpoint, input) => {
    await login();
    const before = svc.log.length;
    const res = await h.core.handlers['api:call']({ endpoint, input });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.UNKNOWN_ENDPOINT);
    expect(svc.log.length).toBe(before);
  });

  it('dispatch validates channel input and answers bad input with a Result error', async () => {
    expect(await h.core.dispatch('session:login', { account: 'admin' })).toMatchObject({
      ok: false,
      error: { code: Codes.VALIDATION },
    });
    expect(await h.core.dispatch('api:call', { endpoint: 'no.such', input: {} })).toMatchObject({
      ok: false,
      error: { code: Codes.VALIDATION },
    });
    expect(await h.core.dispatch('shell:exec', 'rm -rf /')).toMatchObject({
      ok: false,
      error: { code: Codes.UNKNOWN_ENDPOINT },
    });
    expect(await h.core.dispatch('session:get', undefined)).toMatchObject({ signedIn: false });
  });
});
