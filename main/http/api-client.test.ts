import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { Result } from '../../shared/envelope.js';
import { GUEST_USER, type SessionState } from '../../shared/session.js';
import { SESSION_USER_KEY } from '../session/session.js';
import { FORWARD_MIN_BYTES, forwardableEnvelope } from './forward.js';
import { coreAgainst, type Harness } from '../testing/core-harness.js';
import { startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';

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

const signIn = async () => {
  const res = await h.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });
  expect(res.ok).toBe(true);
  return res as Extract<Result<SessionState>, { ok: true }>;
};
const phoneOf = (i: number) => `1380000${String(i).padStart(4, '0')}`;
const getUser = (i: number) =>
  h.core.handlers['api:call']({ endpoint: 'users.get', input: { phone: phoneOf(i) } });

describe('token refresh', () => {
  it('refreshes once for many concurrent calls meeting 20000, and retries each call once', async () => {
    await signIn();
    svc.expireAccessToken();
    // Stagger the 20000 answers so that some arrive while the refresh is under way and some after
    // it has finished: both must reuse that one refresh.
    svc.delayFor = (path, bearer) =>
      bearer === 'A1' && path.startsWith('/admin/user/') ? Number(path.slice(-2)) * 4 : 0;
    const n = 24;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => getUser(i)));

    expect(results.every((r) => r.ok)).toBe(true);
    expect(svc.refreshCalls).toBe(1);
    for (let i = 0; i < n; i++) {
      const hits = svc.log.filter((l) => l.path === `/admin/user/${phoneOf(i)}`);
      expect(hits.map((l) => l.bearer)).toEqual(['A1', 'A2']);
    }
    // Rotation: both new tokens are kept.
    expect(await h.tokens.get('token1')).toBe('A2');
    expect(await h.tokens.get('token2')).toBe('R2');
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
    // A later expiry refreshes again, with the rotated refresh token.
    svc.delayFor = () => 0;
    svc.expireAccessToken();
    expect((await getUser(1)).ok).toBe(true);
    expect(svc.refreshCalls).toBe(2);
    expect(svc.log.filter((l) => l.path === '/admin/refresh').map((l) => l.body)).toEqual([
      { refreshToken: 'R1' },
      { refreshToken: 'R2' },
    ]);
  });

  it('moves the session expiry forward after a refresh and tells the renderer', async () => {
    const before = (await signIn()).data.user.refreshExpireTime;
    svc.expireAccessToken();
    h.events.length = 0;
    expect((await getUser(1)).ok).toBe(true);
    const changed = h.events.filter((e) => e.event === 'session:changed');
    expect(changed).toHaveLength(1);
    const state = await h.core.handlers['session:get'](null);
    expect(state.signedIn).toBe(true);
    expect(state.user.refreshExpireTime).toBeGreaterThanOrEqual(before);
  });

  it.each([
    ['refuse', Codes.REFRESH_INVALID, 'expired'],
    ['revoke', Codes.SESSION_REVOKED, 'revoked'],
  ] as const)(
    'a refresh the server refuses (%s) ends the session once, for every caller',
    async (behaviour, code, reason) => {
      await signIn();
      svc.refreshBehaviour = behaviour;
      svc.expireAccessToken();
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => getUser(i)));

      expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(6).fill(code));
      expect(svc.refreshCalls).toBe(1);
      expect(await h.tokens.get('token1')).toBeNull();
      expect(await h.tokens.get('token2')).toBeNull();
      const state = await h.core.handlers['session:get'](null);
      expect(state).toMatchObject({ signedIn: false, user: GUEST_USER });
      expect(h.kv.get(SESSION_USER_KEY)).toEqual(GUEST_USER);
      const expired = h.events.filter((e) => e.event === 'session:expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]?.payload).toMatchObject({ reason });
      // Nothing is retried after the session ended.
      expect(svc.log.filter((l) => l.bearer === 'A1' && l.path.startsWith('/admin/user/'))).toHaveLength(6);
    },
  );

  it('keeps the session when the refresh fails on the network, and refreshes on the next call', async () => {
    await signIn();
    svc.refreshBehaviour = 'drop';
    svc.expireAccessToken();
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NETWORK);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);
    expect(await h.tokens.get('token2')).toBe('R1');
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);

    svc.refreshBehaviour = 'rotate';
    expect((await getUser(1)).ok).toBe(true);
    expect(await h.tokens.get('token1')).toBe('A2');
  });

  it('keeps the session when the server is unavailable during the refresh', async () => {
    await signIn();
    svc.refreshBehaviour = 'unavailable';
    svc.expireAccessToken();
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(Codes.UNAVAILABLE);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);
  });

  it('ends the session when there is no refresh token to use', async () => {
    await signIn();
    await h.tokens.delete('token2');
    svc.expireAccessToken();
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(svc.refreshCalls).toBe(0);
    expect(h.events.find((e) => e.event === 'session:expired')?.payload).toMatchObject({
      reason: 'refresh-failed',
    });
  });
});

describe('a call the server answers with the end of the session', () => {
  it.each([
    ['session revoked', Codes.SESSION_REVOKED],
    ['operator disabled', Codes.ACCOUNT_DISABLED],
    ['not signed in', Codes.UNAUTHENTICATED],
  ] as const)('(%s) ends the local session at once and says why', async (_what, code) => {
    await signIn();
    h.events.length = 0;
    svc.sessionOver = code;
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(code);
    expect(await h.tokens.get('token1')).toBeNull();
    expect(await h.tokens.get('token2')).toBeNull();
    expect(await h.core.handlers['session:get'](null)).toMatchObject({ signedIn: false, user: GUEST_USER });
    expect(h.kv.get(SESSION_USER_KEY)).toEqual(GUEST_USER);
    const expired = h.events.filter((e) => e.event === 'session:expired');
    expect(expired.map((e) => e.payload)).toEqual([
      { reason: 'revoked', message: res.ok ? '' : res.error.message },
    ]);
    // No refresh was tried: the session is over, not its access token.
    expect(svc.refreshCalls).toBe(0);
    // The next call is "not signed in" without asking the server.
    const before = svc.log.length;
    expect(((await getUser(2)) as { error: { code: number } }).error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(svc.log.length).toBe(before);
  });

  it('ends it when the answer comes after a refresh too, for every concurrent caller once', async () => {
    await signIn();
    svc.expireAccessToken();
    // The refresh succeeds; from then on the operator is disabled.
    svc.delayFor = (path) => {
      if (path === '/admin/refresh') svc.sessionOver = Codes.ACCOUNT_DISABLED;
      return 0;
    };
    const results = await Promise.all([getUser(1), getUser(2), getUser(3)]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(3).fill(Codes.ACCOUNT_DISABLED));
    expect(h.events.filter((e) => e.event === 'session:expired')).toHaveLength(1);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(false);
  });

  it('is not what a refusal of the operator’s role or a wrong password means: those keep the session', async () => {
    await signIn();
    svc.raw.set('/admin/roles', {
      status: 403,
      body: JSON.stringify({ Status: { Code: Codes.FORBIDDEN }, Data: null }),
      contentType: 'application/json',
    });
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.FORBIDDEN);
    const wrong = await h.core.handlers['session:login']({ account: 'admin', password: 'nope' });
    expect(wrong.ok ? 0 : wrong.error.code).toBe(Codes.INVALID_CREDENTIALS);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
  });
});

describe('calls', () => {
  it('validates input before sending anything', async () => {
    await signIn();
    const before = svc.log.length;
    const res = await h.core.handlers['api:call']({ endpoint: 'users.get', input: { phone: 'not a phone' } });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe(Codes.VALIDATION);
    expect(res.error.details?.map((d) => d.path)).toEqual(['phone']);
    expect(svc.log.length).toBe(before);
  });

  it('says "not signed in" without calling the server when there is no token', async () => {
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(svc.log).toEqual([]);
  });

  it('sends the bearer token, and GET input as the path and query', async () => {
    await signIn();
    expect((await getUser(7)).ok).toBe(true);
    expect(svc.log.at(-1)).toMatchObject({ method: 'GET', path: `/admin/user/${phoneOf(7)}`, bearer: 'A1' });
  });

  it('passes the server’s code and message on', async () => {
    const res = await h.core.handlers['session:login']({ account: 'admin', password: 'wrong' });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.INVALID_CREDENTIALS);
    expect(res.ok ? '' : res.error.message).toBe('Wrong account or password');
  });

  it.each([
    ['an HTML page', { status: 502, body: '<html>Bad gateway</html>' }],
    [
      'JSON that is not an envelope',
      { status: 200, body: '{"roles":["ADMIN"]}', contentType: 'application/json' },
    ],
    [
      'an envelope whose data does not match the endpoint',
      {
        status: 200,
        body: '{"Status":{"Code":1},"Data":{"roles":"ADMIN"}}',
        contentType: 'application/json',
      },
    ],
  ])('answers BAD_RESPONSE to %s', async (_what, raw) => {
    await signIn();
    svc.raw.set('/admin/roles', raw);
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.BAD_RESPONSE);
  });

  it('answers TIMEOUT when the server does not answer in time', async () => {
    await h.core.close();
    h = await coreAgainst(svc.url, { timeoutMs: 150 });
    await signIn();
    svc.delayFor = (path) => (path === '/admin/roles' ? 2000 : 0);
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.TIMEOUT);
  });

  it('answers NETWORK when nothing listens at the service address', async () => {
    await signIn();
    await svc.stop();
    const res = await getUser(1);
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NETWORK);
    expect(res.ok ? '' : res.error.message).toMatch(/ECONNREFUSED/);
  });
});

describe('a big answer', () => {
  /** A users.roles answer of about `bytes` bytes, as the service writes it. */
  const bigRoles = (bytes: number, extra: Record<string, unknown> = {}) => {
    const roles = Array.from({ length: Math.ceil(bytes / 8) }, (_, i) => (i % 2 ? 'ADMIN' : 'SUPER'));
    return { roles, body: JSON.stringify({ Status: { Code: Codes.OK }, Data: { roles, ...extra } }) };
  };
  const answer = (body: string) => ({ status: 200, body, contentType: 'application/json' });

  it('the check leaves as it is may be forwarded as the very bytes the service sent', async () => {
    await signIn();
    const { roles, body } = bigRoles(FORWARD_MIN_BYTES * 2);
    svc.raw.set('/admin/roles', answer(body));
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res).toEqual({ ok: true, data: { roles } });
    expect(new TextDecoder().decode(forwardableEnvelope(res))).toBe(body);
  });

  it('loses its byte order mark: the bytes kept still parse as JSON', async () => {
    await signIn();
    const { roles, body } = bigRoles(FORWARD_MIN_BYTES * 2);
    svc.raw.set('/admin/roles', answer(`\uFEFF${body}`));
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res).toEqual({ ok: true, data: { roles } });
    expect(new TextDecoder().decode(forwardableEnvelope(res))).toBe(body);
  });

  it('the check changed (a field the contract does not have) goes as the checked copy only', async () => {
    await signIn();
    const { roles, body } = bigRoles(FORWARD_MIN_BYTES * 2, { secret: 'not in the contract' });
    svc.raw.set('/admin/roles', answer(body));
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res).toEqual({ ok: true, data: { roles } });
    expect(forwardableEnvelope(res)).toBeUndefined();
  });

  it('is the only kind forwarded: a small one goes as the checked copy', async () => {
    await signIn();
    const { body } = bigRoles(1000);
    svc.raw.set('/admin/roles', answer(body));
    const res = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(res.ok).toBe(true);
    expect(forwardableEnvelope(res)).toBeUndefined();
  });
});
