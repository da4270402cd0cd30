import { afterEach, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { fail, ok } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import { coreAgainst, type Harness } from '../testing/core-harness.js';
import { servicesAt } from '../settings/settings-store.js';
import { FAKE_USER } from '../testing/fake-admin-service.js';
import { createMemoryTokenStore, type TokenEntry, type TokenStore } from './token-store.js';

/**
 * Session changes are one ordered sequence. These tests interleave a refresh with a sign-out and
 * with a sign-in step by step: every server answer is a promise the test resolves, and the
 * keychain can be made to hold a write, so the interleaving is the same on every run.
 */

interface Pending {
  /** Where the request went (scheme, host, port). */
  origin: string;
  path: string;
  body: Record<string, unknown> | undefined;
  bearer: string | null;
  answer(envelope: unknown): void;
}

/** A fetch whose every request waits until the test answers it. */
function scriptedServer() {
  const arrived: Pending[] = [];
  /** Every request, answered or not. */
  const log: Pending[] = [];
  const waiting: { path: string; take: (p: Pending) => void }[] = [];
  const base = SERVICE_BASE_PATHS.admin;
  const fetchImpl: typeof fetch = (input, init) =>
    new Promise<Response>((resolve) => {
      const url = new URL(String(input));
      const auth = new Headers(init?.headers).get('authorization');
      const pending: Pending = {
        origin: url.origin,
        path: url.pathname.slice(base.length),
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
        bearer: auth?.startsWith('Bearer ') ? auth.slice(7) : null,
        answer: (envelope) =>
          resolve(
            new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } }),
          ),
      };
      log.push(pending);
      const i = waiting.findIndex((w) => w.path === pending.path);
      if (i >= 0) waiting.splice(i, 1)[0]!.take(pending);
      else arrived.push(pending);
    });
  return {
    fetch: fetchImpl,
    /** The next request to `path` (already sent, or the next one to be). */
    next(path: string): Promise<Pending> {
      const i = arrived.findIndex((p) => p.path === path);
      if (i >= 0) return Promise.resolve(arrived.splice(i, 1)[0]!);
      return new Promise((take) => waiting.push({ path, take }));
    },
    unanswered: () => arrived.map((p) => p.path),
    log,
  };
}

/** A keychain whose next write can be held, as a slow OS keychain holds it. */
function holdableTokens(): TokenStore & {
  values(): Record<string, string | null>;
  holdNextWrite(): { reached: Promise<void>; release(): void };
} {
  const inner = createMemoryTokenStore();
  let hold: { reached: () => void; released: Promise<void> } | null = null;
  return {
    storage: 'memory',
    get: inner.get,
    delete: inner.delete,
    clear: inner.clear,
    async set(entry: TokenEntry, value: string) {
      const h = hold;
      hold = null;
      if (h) {
        h.reached();
        await h.released;
      }
      await inner.set(entry, value);
    },
    values: () => ({}),
    holdNextWrite() {
      let reached!: () => void;
      let release!: () => void;
      const reachedP = new Promise<void>((r) => (reached = r));
      const released = new Promise<void>((r) => (release = r));
      hold = { reached, released };
      return { reached: reachedP, release };
    },
  };
}

const times = () => {
  const now = Math.floor(Date.now() / 1000);
  return { expireTime: now + 600, refreshExpireTime: now + 3600 };
};
const pair = (access: string, refresh: string) =>
  ok({ authToken: access, refreshToken: refresh, ...times() });
const loginAnswer = (access: string, refresh: string, name: string) =>
  ok({ authToken: access, refreshToken: refresh, ...times(), user: { ...FAKE_USER, name, ...times() } });
/** Lets every promise that can move, move: the other side gets every chance to overtake. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

let h: Harness;
let server: ReturnType<typeof scriptedServer>;
let tokens: ReturnType<typeof holdableTokens>;

async function start() {
  server = scriptedServer();
  tokens = holdableTokens();
  // Server watch's long poll would be one more request the script has to answer.
  h = await coreAgainst('http://127.0.0.1:9', { fetch: server.fetch, tokens, alerts: { enabled: false } });
}
afterEach(() => h.core.close());

async function signIn(account: string, access: string, refresh: string) {
  const res = h.core.handlers['session:login']({ account, password: 'gameops-demo' });
  (await server.next('/admin/login')).answer(loginAnswer(access, refresh, account));
  const done = await res;
  expect(done.ok).toBe(true);
}

/** A call meets 20000 and its refresh (with R1) reaches the server; the answer is up to the test. */
async function callThatRefreshes() {
  const call = h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
  (await server.next('/admin/roles')).answer(fail(Codes.TOKEN_EXPIRED));
  const refresh = await server.next('/admin/refresh');
  expect(refresh.body).toEqual({ refreshToken: 'R1' });
  return { call, refresh };
}

const stored = async () => ({
  access: await tokens.get('token1'),
  refresh: await tokens.get('token2'),
});

describe('a refresh and a sign-out', () => {
  it('never leave tokens behind: the sign-out waits for the refresh’s write, then clears it all', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const { call, refresh } = await callThatRefreshes();

    // The refresh's answer arrives and its write to the keychain is under way...
    const write = tokens.holdNextWrite();
    refresh.answer(pair('A2', 'R2'));
    await write.reached;
    // ...when the operator signs out.
    const out = h.core.handlers['session:logout'](null);
    await settle();
    write.release();

    // The call finishes in the session it began in (retried once with the new token)...
    const retry = await server.next('/admin/roles');
    expect(retry.bearer).toBe('A2');
    retry.answer(ok({ roles: ['ADMIN'] }));
    expect((await call).ok).toBe(true);
    // ...and the server is told to end the session by its newest refresh token.
    const logout = await server.next('/admin/logout');
    expect(logout.body).toEqual({ refreshToken: 'R2' });
    logout.answer(ok({ loggedOut: true }));
    expect((await out).ok).toBe(true);

    expect(await stored()).toEqual({ access: null, refresh: null });
    expect(await h.core.handlers['session:get'](null)).toMatchObject({ signedIn: false });
    // Nothing later uses a token: there is none.
    const later = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(later.ok ? 0 : later.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(server.unanswered()).toEqual([]);
  });

  it('drop a refresh answered after the sign-out: its tokens are never stored', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const { call, refresh } = await callThatRefreshes();
    const out = h.core.handlers['session:logout'](null);
    (await server.next('/admin/logout')).answer(ok({ loggedOut: true }));
    await out;
    refresh.answer(pair('A2', 'R2'));
    const res = await call;
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(await stored()).toEqual({ access: null, refresh: null });
    expect(server.unanswered()).toEqual([]);
  });
});

describe('a refresh and a sign-in', () => {
  it('never give the new operator the previous one’s token', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const { call, refresh } = await callThatRefreshes();

    const write = tokens.holdNextWrite();
    refresh.answer(pair('A2', 'R2'));
    await write.reached;
    // Another operator signs in while the previous session's refresh is writing its tokens.
    const login = h.core.handlers['session:login']({ account: 'bob', password: 'gameops-demo' });
    (await server.next('/admin/login')).answer(loginAnswer('B1', 'RB1', 'bob'));
    await settle();
    write.release();

    // The previous session's call ends as it began; the previous session is ended on the server.
    const retry = await server.next('/admin/roles');
    expect(retry.bearer).toBe('A2');
    retry.answer(ok({ roles: ['ADMIN'] }));
    await call;
    expect((await login).ok).toBe(true);
    const oldLogout = await server.next('/admin/logout');
    expect(oldLogout.body).toEqual({ refreshToken: 'R2' });
    oldLogout.answer(ok({ loggedOut: true }));

    expect(await stored()).toEqual({ access: 'B1', refresh: 'RB1' });
    expect((await h.core.handlers['session:get'](null)).user.name).toBe('bob');
    // And every later call is bob's.
    const next = h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    const sent = await server.next('/admin/roles');
    expect(sent.bearer).toBe('B1');
    sent.answer(ok({ roles: ['SUPER'] }));
    expect((await next).ok).toBe(true);
    expect(server.unanswered()).toEqual([]);
  });

  it('drop a refresh answered after the sign-in, and never end the new session for the old one', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const { call, refresh } = await callThatRefreshes();
    await signIn('bob', 'B1', 'RB1');
    (await server.next('/admin/logout')).answer(ok({ loggedOut: true }));
    // The server refuses the old session's refresh (the sign-out above ended it): bob stays in.
    refresh.answer(fail(Codes.SESSION_REVOKED));
    const res = await call;
    expect(res.ok).toBe(false);
    expect(await stored()).toEqual({ access: 'B1', refresh: 'RB1' });
    expect(await h.core.handlers['session:get'](null)).toMatchObject({
      signedIn: true,
      user: { name: 'bob' },
    });
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
  });

  it('a late "session revoked" for the previous operator’s call does not end the new session', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const call = h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    const sent = await server.next('/admin/roles');
    await signIn('bob', 'B1', 'RB1');
    (await server.next('/admin/logout')).answer(ok({ loggedOut: true }));
    sent.answer(fail(Codes.SESSION_REVOKED));
    expect(((await call) as { error: { code: number } }).error.code).toBe(Codes.SESSION_REVOKED);
    expect(await stored()).toEqual({ access: 'B1', refresh: 'RB1' });
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
  });
});

describe('a change of service address', () => {
  const OLD = 'http://127.0.0.1:9';
  const NEW = 'http://127.0.0.1:8';

  it('ends the session before the new address is saved: a call under way never takes its token there', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    // The call starts, and the address changes before it has read its token and its target.
    const call = h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    const moved = h.core.handlers['settings:set']({ services: servicesAt(NEW) });
    expect((await moved).ok).toBe(true);
    await settle();
    // Whatever reached a server is answered, so that nothing hangs in the old code.
    for (const p of server.log) p.answer(ok({ roles: ['ADMIN'] }));
    await call;
    expect(server.log.filter((p) => p.origin === NEW && p.bearer !== null)).toEqual([]);
    expect(await stored()).toEqual({ access: null, refresh: null });
  });

  it('keeps nothing of a sign-in the old address answers after the change', async () => {
    await start();
    const login = h.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });
    const sent = await server.next('/admin/login');
    expect(sent.origin).toBe(OLD);
    expect((await h.core.handlers['settings:set']({ services: servicesAt(NEW) })).ok).toBe(true);
    sent.answer(loginAnswer('A1', 'R1', 'admin'));
    const res = await login;
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(res.ok ? '' : res.error.message).toMatch(/service address changed/);
    expect(await stored()).toEqual({ access: null, refresh: null });
    expect(await h.core.handlers['session:get'](null)).toMatchObject({ signedIn: false });
    const later = await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(later.ok ? 0 : later.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(server.log.filter((p) => p.bearer !== null)).toEqual([]);
  });

  it('signs out at the address the session came from, never at the new one', async () => {
    await start();
    await signIn('admin', 'A1', 'R1');
    const out = h.core.handlers['session:logout'](null);
    const logout = await server.next('/admin/logout');
    expect(logout.origin).toBe(OLD);
    logout.answer(ok({ loggedOut: true }));
    await out;
    expect((await h.core.handlers['settings:set']({ services: servicesAt(NEW) })).ok).toBe(true);
    expect(server.log.filter((p) => p.origin === NEW)).toEqual([]);
  });
});
