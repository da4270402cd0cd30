import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { coreAgainst, type Harness } from '../testing/core-harness.js';
import { startFakeAdminService, type FakeAdminService } from '../testing/fake-admin-service.js';

/**
 * The pay-server session in main: payServer:signIn keeps the token as adminUser and hands the
 * renderer only until when; payment-service calls carry it (and nothing else); a refusal forgets
 * it without touching the console's session; sign-out and a new sign-in drop it.
 */

let svc: FakeAdminService;
let h: Harness;
let clock: number;

beforeEach(async () => {
  svc = await startFakeAdminService();
  clock = Date.now();
  h = await coreAgainst(svc.url, { now: () => clock });
});
afterEach(async () => {
  await h.core.close();
  await svc.stop();
});

const login = () => h.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });
const signIn = () => h.core.handlers['payServer:signIn'](null);
const state = () => h.core.handlers['payServer:get'](null);
const orderStatus = () =>
  h.core.handlers['api:call']({ endpoint: 'pay.status', input: { orderId: 'GOA20260115ABCDEF' } });
const payRequests = () => svc.log.filter((r) => r.path.startsWith('pay:'));

describe('pay-server session', () => {
  it('signs in with the console session, keeps the token in main, and tells the renderer until when', async () => {
    await login();
    expect(await state()).toEqual({ signedIn: false, expiresAt: null });
    const res = await signIn();
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.data.signedIn).toBe(true);
    expect(res.data.expiresAt).toBeGreaterThan(clock / 1000);
    expect(JSON.stringify(res)).not.toContain('P1');
    expect(JSON.parse((await h.tokens.get('adminUser')) ?? '{}')).toEqual({
      token: 'P1',
      expiredAt: res.data.expiresAt,
    });
    expect(await state()).toEqual(res.data);
    // Asked for with the console's access token.
    expect(svc.log.find((r) => r.path === '/payserver/token')?.bearer).toBe(svc.currentAccess);
  });

  it('does not let the renderer make payServer.signIn itself (its answer is a token)', async () => {
    await login();
    const res = await h.core.handlers['api:call']({ endpoint: 'payServer.signIn', input: {} });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.UNKNOWN_ENDPOINT);
    expect(svc.log.some((r) => r.path === '/payserver/token')).toBe(false);
  });

  it('sends the pay-server token, never the access token, as the bearer of payment calls', async () => {
    await login();
    const before = await orderStatus();
    expect(before.ok ? 0 : before.error.code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(before.ok ? '' : before.error.message).toMatch(/sign in to the pay server/);
    expect(payRequests()).toEqual([]);

    await signIn();
    const res = await orderStatus();
    expect(res).toMatchObject({ ok: true, data: { orderId: 'GOA20260115ABCDEF', state: 'created' } });
    expect(payRequests().map((r) => r.bearer)).toEqual(['P1']);
    // Other services still get the console's token.
    await h.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    expect(svc.log.at(-1)?.bearer).toBe(svc.currentAccess);
  });

  it('forgets a refused pay-server token and keeps the console session', async () => {
    await login();
    await signIn();
    svc.payServerToken = 'P-somewhere-else';
    const res = await orderStatus();
    expect(res.ok ? 0 : res.error.code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(await h.tokens.get('adminUser')).toBeNull();
    expect(await state()).toEqual({ signedIn: false, expiresAt: null });
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(true);
    expect(h.events.filter((e) => e.event === 'session:expired')).toEqual([]);
    expect(svc.refreshCalls).toBe(0);
  });

  it('stops using the token once it has expired by main’s clock', async () => {
    await login();
    const res = await signIn();
    if (!res.ok || res.data.expiresAt === null) throw new Error('no pay-server session');
    clock = res.data.expiresAt * 1000;
    expect(await state()).toEqual({ signedIn: false, expiresAt: null });
    const call = await orderStatus();
    expect(call.ok ? 0 : call.error.code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(payRequests()).toEqual([]);
  });

  it('ends the console session when the payment service says the operator is disabled', async () => {
    await login();
    await signIn();
    svc.sessionOver = Codes.ACCOUNT_DISABLED;
    const res = await orderStatus();
    expect(res.ok ? 0 : res.error.code).toBe(Codes.ACCOUNT_DISABLED);
    expect((await h.core.handlers['session:get'](null)).signedIn).toBe(false);
    expect(await h.tokens.get('adminUser')).toBeNull();
  });

  it('drops the pay-server session on sign-out and on signing in again', async () => {
    await login();
    await signIn();
    await h.core.handlers['session:logout'](null);
    expect(await h.tokens.get('adminUser')).toBeNull();

    await login();
    await signIn();
    await login();
    expect(await state()).toEqual({ signedIn: false, expiresAt: null });
  });

  it('refuses to sign in to the pay server when not signed in to the console', async () => {
    const res = await signIn();
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(await h.tokens.get('adminUser')).toBeNull();
  });
});
