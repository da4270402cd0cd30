import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { openSuccessor } from './grace.js';
import { hashRefreshToken, loadTokenSecret } from './tokens.js';

/** Sign-in, access tokens, refresh rotation and reuse detection, sign-out, the login rate limit. */

const SR = '/api/v1/sr';
const ACCESS_TTL = 60;
const SESSION_TTL = 600;
const GRACE = 10;

describe.each(backendKinds())('auth on %s', (kind) => {
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend(kind, {
      auth: {
        accessTtlSec: ACCESS_TTL,
        sessionTtlSec: SESSION_TTL,
        refreshGraceSec: GRACE,
        rateLimit: { maxPerAccount: 3, maxPerIp: 50, windowSec: 300 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const session = (token: string) => t.api.call(ENDPOINTS['auth.session'], {}, token);
  const refresh = (refreshToken: string) =>
    t.api.call<{ authToken: string; refreshToken: string; expireTime: number; refreshExpireTime: number }>(
      ENDPOINTS['auth.refresh'],
      { refreshToken },
    );
  const login = (account: string, password: string) =>
    t.api.call(ENDPOINTS['auth.login'], { account, password });

  describe('sign-in', () => {
    it('accepts the name (any case) or the phone, and returns the session user', async () => {
      const byName = await t.api.login('Admin');
      expect(byName.user).toMatchObject({ name: 'admin', phone: '13800000002' });
      expect(byName.user.role).toEqual(['ADMIN', 'AtomicWAR', 'YMMJ', 'LORDWAR', 'PARTYGAME']);
      expect(byName.expireTime).toBe(Math.floor(t.clock.now / 1000) + ACCESS_TTL);
      expect(byName.refreshExpireTime).toBe(Math.floor(t.clock.now / 1000) + SESSION_TTL);
      expect(byName.user.expireTime).toBe(byName.expireTime);
      const byPhone = await t.api.login('13800000002');
      expect(byPhone.user.name).toBe('admin');
    });

    it('refuses a wrong password or an unknown account alike', async () => {
      const wrong = await login('developer', 'not-the-password');
      const unknown = await login('nobody-here', 'whatever-password');
      for (const r of [wrong, unknown]) {
        expect(r.status).toBe(401);
        expect(r.body.Status.Code).toBe(Codes.INVALID_CREDENTIALS);
      }
      expect(wrong.body.Status.Message).toBe(unknown.body.Status.Message);
    });

    it('answers auth.session with the signed-in operator', async () => {
      const l = await t.api.login('service');
      const r = await session(l.authToken);
      expect(r.body.Status.Code).toBe(Codes.OK);
      expect(r.body.Data).toMatchObject({
        name: 'service',
        expireTime: l.expireTime,
        refreshExpireTime: l.refreshExpireTime,
      });
    });
  });

  describe('access tokens', () => {
    it('no token or a bad one is UNAUTHENTICATED', async () => {
      expect((await t.api.request('GET', `${SR}/admin/session`)).body.Status.Code).toBe(
        Codes.UNAUTHENTICATED,
      );
      const l = await t.api.login('guest');
      // The genuine token used first: what the server remembers of it proves nothing for another.
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.OK);
      const [head, claims] = l.authToken.split('.');
      const forged = `${head}.${claims}.${Buffer.from('not the signature').toString('base64url')}`;
      expect((await session(forged)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
      // Claims changed under the old signature.
      const tampered = `${head}.${Buffer.from(JSON.stringify({ sid: 'x', uid: 1, exp: 9e9 })).toString('base64url')}.${l.authToken.split('.')[2]}`;
      expect((await session(tampered)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
      expect((await session('garbage')).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
    });

    it('an expired access token gets 20000, and a refresh makes a working one', async () => {
      const l = await t.api.login('guest');
      // Used while valid first: a token the server has checked before expires all the same.
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.OK);
      t.clock.advance(ACCESS_TTL + 1);
      const expired = await session(l.authToken);
      expect(expired.status).toBe(401);
      expect(expired.body.Status.Code).toBe(Codes.TOKEN_EXPIRED);
      expect(expired.body.Status.Code).toBe(20000);
      const r = await refresh(l.refreshToken);
      expect(r.body.Status.Code).toBe(Codes.OK);
      expect((await session(r.body.Data.authToken)).body.Status.Code).toBe(Codes.OK);
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every refresh; the session end does not move', async () => {
      const l = await t.api.login('developer');
      t.clock.advance(10);
      const r1 = await refresh(l.refreshToken);
      expect(r1.body.Status.Code).toBe(Codes.OK);
      expect(r1.body.Data.refreshToken).not.toBe(l.refreshToken);
      expect(r1.body.Data.refreshExpireTime).toBe(l.refreshExpireTime);
      expect(r1.body.Data.expireTime).toBe(Math.floor(t.clock.now / 1000) + ACCESS_TTL);
      const r2 = await refresh(r1.body.Data.refreshToken);
      expect(r2.body.Status.Code).toBe(Codes.OK);
      expect(r2.body.Data.refreshToken).not.toBe(r1.body.Data.refreshToken);
    });

    it('reusing a used one revokes the whole family, and is audited', async () => {
      const l = await t.api.login('ymmj');
      const r1 = await refresh(l.refreshToken);
      const current = r1.body.Data;
      // Past the rotation's grace: the old token coming back now is a copy.
      t.clock.advance(GRACE + 1);
      const reuse = await refresh(l.refreshToken);
      expect(reuse.status).toBe(401);
      expect(reuse.body.Status.Code).toBe(Codes.SESSION_REVOKED);
      // Everything of that family stops: the newest refresh token and every access token.
      expect((await refresh(current.refreshToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await session(current.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      // Another session of the same operator is untouched.
      const other = await t.api.login('ymmj');
      expect((await session(other.authToken)).body.Status.Code).toBe(Codes.OK);

      const audit = await t.backend.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'auth.refreshReuse')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ operator: 'ymmj', outcome: 'error', code: Codes.SESSION_REVOKED });
      // And the system logs' events say so, without the token.
      const events = await t.backend.database.db
        .selectFrom('system_events')
        .selectAll()
        .where('kind', '=', 'auth.refreshReuse')
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ level: 'warn', subject: 'ymmj' });
      expect(JSON.stringify(events[0])).not.toContain(l.refreshToken);
    });

    it('an unknown refresh token is REFRESH_INVALID', async () => {
      expect((await refresh('not-a-token-we-made')).body.Status.Code).toBe(Codes.REFRESH_INVALID);
    });

    it('no refresh after the session’s absolute end', async () => {
      const l = await t.api.login('partygame');
      let current = l.refreshToken;
      // Refreshing keeps the session alive only until its end, not beyond.
      for (let i = 0; i < 3; i++) {
        t.clock.advance(SESSION_TTL / 4);
        const r = await refresh(current);
        expect(r.body.Status.Code).toBe(Codes.OK);
        current = r.body.Data.refreshToken;
        expect(r.body.Data.expireTime).toBeLessThanOrEqual(l.refreshExpireTime);
      }
      t.clock.advance(SESSION_TTL / 4 + 1);
      expect((await refresh(current)).body.Status.Code).toBe(Codes.REFRESH_INVALID);
    });
  });

  describe('rotation grace (an answer lost after the server rotated)', () => {
    type Pair = { authToken: string; refreshToken: string; expireTime: number; refreshExpireTime: number };

    it('the previous token within the grace gets the same new refresh token and a working access token', async () => {
      const l = await t.api.login('atomicwar');
      const lost = await refresh(l.refreshToken);
      expect(lost.body.Status.Code).toBe(Codes.OK);
      t.clock.advance(GRACE - 1);
      const again = await refresh(l.refreshToken);
      expect(again.body.Status.Code).toBe(Codes.OK);
      expect(again.body.Data.refreshToken).toBe(lost.body.Data.refreshToken);
      expect(again.body.Data.refreshExpireTime).toBe(l.refreshExpireTime);
      expect((await session(again.body.Data.authToken)).body.Status.Code).toBe(Codes.OK);
      // The session goes on as usual from the new token.
      const next = await refresh(again.body.Data.refreshToken);
      expect(next.body.Status.Code).toBe(Codes.OK);
      expect((await session(next.body.Data.authToken)).body.Status.Code).toBe(Codes.OK);
    });

    it('after the grace, the previous token is reuse: the session ends', async () => {
      const l = await t.api.login('atomicwar');
      const r1 = await refresh(l.refreshToken);
      t.clock.advance(GRACE + 1);
      expect((await refresh(l.refreshToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await refresh(r1.body.Data.refreshToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
    });

    it('once the new token was used, the previous one is reuse even within the grace', async () => {
      const l = await t.api.login('atomicwar');
      const r1 = await refresh(l.refreshToken);
      const r2 = await refresh(r1.body.Data.refreshToken);
      expect(r2.body.Status.Code).toBe(Codes.OK);
      expect((await refresh(l.refreshToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await session(r2.body.Data.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
    });

    it('two refreshes racing with one token both get the same new token', async () => {
      const l = await t.api.login('atomicwar');
      const [a, b] = await Promise.all([refresh(l.refreshToken), refresh(l.refreshToken)]);
      expect([a.body.Status.Code, b.body.Status.Code]).toEqual([Codes.OK, Codes.OK]);
      expect(a.body.Data.refreshToken).toBe(b.body.Data.refreshToken);
    });

    it('the database alone holds no usable refresh token', async () => {
      const l = await t.api.login('atomicwar');
      const r1 = (await refresh(l.refreshToken)).body.Data as Pair;
      const rows = await t.backend.database.db.selectFrom('refresh_tokens').selectAll().execute();
      const stored = JSON.stringify(rows);
      for (const token of [l.refreshToken, r1.refreshToken]) expect(stored).not.toContain(token);
      // The seal opens with the old token only.
      const secret = await loadTokenSecret(t.backend.database.db);
      const row = rows.find((r) => r.token_hash === hashRefreshToken(l.refreshToken));
      expect(openSuccessor(secret, l.refreshToken, row?.successor ?? '')).toBe(r1.refreshToken);
      expect(openSuccessor(secret, r1.refreshToken, row?.successor ?? '')).toBeUndefined();
      expect(openSuccessor(randomBytes(32), l.refreshToken, row?.successor ?? '')).toBeUndefined();
    });
  });

  describe('bearer tokens: only the canonical spelling', () => {
    /** A fresh access token whose signature holds '-' or '_' (so it has a '+'/'/' alias). */
    async function tokenWithAliasableSignature(): Promise<string> {
      for (let i = 0; i < 50; i++) {
        const token = (await t.api.login('guest')).authToken;
        if (/[-_]/.test(token.split('.')[2] ?? '')) return token;
      }
      throw new Error('no signature with - or _ in 50 sign-ins');
    }
    const withHeader = (authorization: string) =>
      t.api.request('GET', `${SR}/admin/session`, { headers: { authorization } });

    it('accepts exactly "Bearer <token>"', async () => {
      const token = (await t.api.login('guest')).authToken;
      expect((await withHeader(`Bearer ${token}`)).body.Status.Code).toBe(Codes.OK);
    });

    it('refuses every other spelling of a valid token', async () => {
      const token = await tokenWithAliasableSignature();
      // Checked once first, so each spelling below meets a token the server remembers.
      expect((await withHeader(`Bearer ${token}`)).body.Status.Code).toBe(Codes.OK);
      const [head, claims, sig = ''] = token.split('.');
      const body = `${head}.${claims}`;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = sig.at(-1) ?? 'A';
      // The last character of a 32-byte signature carries 2 unused bits: its neighbour decodes alike.
      const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? 'A';
      const variants: Record<string, string> = {
        'lower-case scheme': `bearer ${token}`,
        'two spaces': `Bearer  ${token}`,
        tab: `Bearer\t${token}`,
        'junk after a space': `Bearer ${token} junk`,
        'junk appended': `Bearer ${token}AA`,
        'padding =': `Bearer ${token}=`,
        'padding ==': `Bearer ${token}==`,
        'junk inside the signature': `Bearer ${body}.${sig.slice(0, 10)}!${sig.slice(10)}`,
        "base64 '+' and '/' for '-' and '_'": `Bearer ${body}.${sig.replace(/-/g, '+').replace(/_/g, '/')}`,
        'unused bits set in the last character': `Bearer ${body}.${sig.slice(0, -1)}${sibling}`,
        'no scheme': token,
        'another scheme': `Token ${token}`,
      };
      const answers: Record<string, number> = {};
      for (const [name, header] of Object.entries(variants)) {
        answers[name] = (await withHeader(header)).body.Status.Code;
      }
      expect(answers).toEqual(
        Object.fromEntries(Object.keys(variants).map((n) => [n, Codes.UNAUTHENTICATED])),
      );
      // And the token itself still works.
      expect((await withHeader(`Bearer ${token}`)).body.Status.Code).toBe(Codes.OK);
    });
  });

  describe('sign-out', () => {
    it('ends the session: its access and refresh tokens stop at once', async () => {
      const l = await t.api.login('lordwar');
      // Used once first: on the embedded database the server then remembers the session.
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.OK);
      const out = await t.api.call(ENDPOINTS['auth.logout'], { refreshToken: l.refreshToken });
      expect(out.body).toEqual({ Status: { Code: Codes.OK }, Data: { loggedOut: true } });
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await refresh(l.refreshToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      const again = await t.api.call(ENDPOINTS['auth.logout'], { refreshToken: 'unknown-token' });
      expect(again.body.Data).toEqual({ loggedOut: false });
    });
  });

  describe('changes to the operator apply to live sessions', () => {
    it('disabling ends sessions; a disabled account cannot sign in; role changes apply at once', async () => {
      const superToken = (await t.api.login('super')).authToken;
      const phone = '13912345678';
      const created = await t.api.call(
        ENDPOINTS['users.create'],
        { phone, name: 'live-change', password: 'a-long-password', roles: ['SUPER'] },
        superToken,
      );
      expect(created.body.Status.Code).toBe(Codes.OK);
      const l = await t.api.login('live-change', 'a-long-password');
      expect((await t.api.call(ENDPOINTS['users.roles'], {}, l.authToken)).body.Status.Code).toBe(Codes.OK);

      // Demoted: the same token is now FORBIDDEN on a SUPER endpoint.
      await t.api.call(
        ENDPOINTS['users.update'],
        { phone, roles: ['GUEST'], reason: 'demote for the test' },
        superToken,
      );
      expect((await t.api.call(ENDPOINTS['users.roles'], {}, l.authToken)).body.Status.Code).toBe(
        Codes.FORBIDDEN,
      );

      await t.api.call(
        ENDPOINTS['users.update'],
        { phone, disabled: true, reason: 'disable for the test' },
        superToken,
      );
      expect((await session(l.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await login('live-change', 'a-long-password')).body.Status.Code).toBe(Codes.ACCOUNT_DISABLED);
      // A wrong password does not reveal that the account is disabled.
      expect((await login('live-change', 'wrong-password!')).body.Status.Code).toBe(
        Codes.INVALID_CREDENTIALS,
      );

      await t.api.call(
        ENDPOINTS['users.update'],
        { phone, disabled: false, reason: 'enable for the test' },
        superToken,
      );
      const l2 = await t.api.login('live-change', 'a-long-password');
      expect((await session(l2.authToken)).body.Status.Code).toBe(Codes.OK);
      await t.api.call(ENDPOINTS['users.delete'], { phone, reason: 'delete for the test' }, superToken);
      expect((await session(l2.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
      expect((await refresh(l2.refreshToken)).body.Status.Code).toBe(Codes.REFRESH_INVALID);
    });
  });
});

describe.each(backendKinds())('login rate limit on %s', (kind) => {
  let t: TestBackend;
  const WINDOW = 300;
  const MAX_BACKOFF = 60;

  beforeAll(async () => {
    t = await startTestBackend(kind, {
      auth: {
        rateLimit: { maxPerAccount: 3, maxPerIp: 4, windowSec: WINDOW, ipBackoffMaxSec: MAX_BACKOFF },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (account: string, password: string) =>
    t.api.call(ENDPOINTS['auth.login'], { account, password });
  const code = async (account: string, password: string) =>
    (await attempt(account, password)).body.Status.Code;
  /** A fresh window: the failures of earlier tests no longer count. */
  const freshWindow = () => t.clock.advance(WINDOW + 1);

  it('locks an account after repeated failures, says how long to wait, and lets it in after', async () => {
    freshWindow();
    for (let i = 0; i < 3; i++) expect(await code('admin', 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    // Failures count against the operator, whether typed as name or phone.
    const limited = await attempt('13800000002', 'gameops-demo');
    expect(limited.status).toBe(429);
    expect(limited.body.Status.Code).toBe(Codes.RATE_LIMITED);
    expect(limited.body.Status.Message).toMatch(new RegExp(`wait ${WINDOW} seconds`));
    t.clock.advance(100);
    const later = await attempt('admin', 'gameops-demo');
    expect(later.body.Status.Message).toMatch(/wait 200 seconds/);
    const zh = await t.api.request('POST', '/api/v1/sr/admin/login', {
      json: { account: 'admin', password: 'gameops-demo' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Message).toMatch(/请等待 200 秒/);
    t.clock.advance(201);
    expect(await code('admin', 'gameops-demo')).toBe(Codes.OK);
  });

  it('a success resets the account’s count', async () => {
    freshWindow();
    for (let i = 0; i < 2; i++) await attempt('service', 'wrong-password');
    expect(await code('service', 'gameops-demo')).toBe(Codes.OK);
    for (let i = 0; i < 2; i++) await attempt('service', 'wrong-password');
    expect(await code('service', 'gameops-demo')).toBe(Codes.OK);
  });

  it('the per-account limit holds at an address the operator is known at', async () => {
    freshWindow();
    expect(await code('ymmj', 'gameops-demo')).toBe(Codes.OK);
    for (let i = 0; i < 3; i++) expect(await code('ymmj', 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    expect(await code('ymmj', 'gameops-demo')).toBe(Codes.RATE_LIMITED);
  });

  it('operators’ typos at a shared address do not keep their colleagues out', async () => {
    freshWindow();
    // Colleagues who signed in from this (office) address before.
    expect(await code('lordwar', 'gameops-demo')).toBe(Codes.OK);
    expect(await code('partygame', 'gameops-demo')).toBe(Codes.OK);
    expect(await code('developer', 'gameops-demo')).toBe(Codes.OK);
    // Two operators mistype, past the address's threshold (4) between them.
    for (let i = 0; i < 3; i++)
      expect(await code('atomicwar', 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    for (let i = 0; i < 2; i++)
      expect(await code('developer', 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    // Their colleagues sign in at once; the typist waits for their own account only.
    expect(await code('lordwar', 'gameops-demo')).toBe(Codes.OK);
    expect(await code('partygame', 'gameops-demo')).toBe(Codes.OK);
    expect(await code('atomicwar', 'gameops-demo')).toBe(Codes.RATE_LIMITED);
  });

  it('a spray over many accounts from one address is slowed by a short back-off', async () => {
    freshWindow();
    expect(await code('guest', 'gameops-demo')).toBe(Codes.OK);
    for (let i = 0; i < 4; i++)
      expect(await code(`nobody-${i}`, 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    // Past the threshold: each further attempt waits, doubling from a second, never for long.
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const limited = await attempt(`sprayed-${i}`, 'wrong-password');
      expect(limited.body.Status.Code).toBe(Codes.RATE_LIMITED);
      const wait = Number(/wait (\d+) seconds/.exec(limited.body.Status.Message ?? '')?.[1]);
      waits.push(wait);
      // An operator who signed in from here before is not slowed at all.
      expect(await code('guest', 'gameops-demo')).toBe(Codes.OK);
      t.clock.advance(wait);
      expect(await code(`sprayed-${i}`, 'wrong-password')).toBe(Codes.INVALID_CREDENTIALS);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // Real accounts never used from here are slowed alike, with a correct password too.
    const unknownHere = await attempt('atomicwar', 'gameops-demo');
    expect(unknownHere.body.Status.Code).toBe(Codes.RATE_LIMITED);
    expect(unknownHere.body.Status.Message).toMatch(/from this address; wait \d+ seconds/);
    t.clock.advance(MAX_BACKOFF);
    expect(await code('atomicwar', 'gameops-demo')).toBe(Codes.OK);
  });

  it('keeps failures and known addresses in the database across a restart', async () => {
    freshWindow();
    for (let i = 0; i < 3; i++) await attempt('developer', 'wrong-password');
    const rows = await t.backend.database.db
      .selectFrom('login_failures')
      .select('account')
      .where('at', '>', new Date(t.clock.now - WINDOW * 1000))
      .execute();
    expect(rows).toHaveLength(3);
    const known = await t.backend.database.db.selectFrom('known_addresses').select('client_ip').execute();
    expect(known.length).toBeGreaterThan(0);
  });

  it('records sign-in successes and failures in the audit log', async () => {
    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .select(['operator', 'outcome', 'code'])
      .where('action', '=', 'auth.login')
      .execute();
    const codes = new Set(rows.map((r) => `${r.outcome}:${r.code}`));
    expect(codes).toEqual(
      new Set([`ok:${Codes.OK}`, `error:${Codes.INVALID_CREDENTIALS}`, `error:${Codes.RATE_LIMITED}`]),
    );
    expect(rows.some((r) => r.operator === 'nobody-0' && r.outcome === 'error')).toBe(true);
  });
});
