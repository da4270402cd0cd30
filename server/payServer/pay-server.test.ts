import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAY_SERVER_TOKEN_TTL_S, type PayServerStatus } from '../../shared/api/payments.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { hashPayServerToken } from './tokens.js';
import { isAccepting } from './state.js';

/**
 * The pay-server session and switch over HTTP on both databases: tokens issued, stored hashed,
 * replaced by a new sign-in and ended by the clock; the payment service taking only them; roles
 * read at use time; shutdown and start audited with their reason.
 */

type Who = 'super' | 'admin' | 'guest';
interface Issued {
  token: string;
  expiredAt: number;
}

describe.each(backendKinds())('pay-server session on %s', (kind) => {
  let t: TestBackend;
  const consoleTokens = new Map<Who, string>();
  const db = () => t.backend.database.db;

  beforeAll(async () => {
    t = await startTestBackend(kind);
  });
  // Fresh console sessions for each test: the clock moves past their expiry in some.
  beforeEach(async () => {
    for (const who of ['super', 'admin', 'guest'] as const) {
      consoleTokens.set(who, (await t.api.login(who)).authToken);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, token?: string) =>
    t.api.call<T>(ENDPOINTS[id], input, token);
  const console = (who: Who) => consoleTokens.get(who) ?? '';
  async function signIn(who: Who): Promise<Issued> {
    const r = await call<Issued>('payServer.signIn', {}, console(who));
    expect(r.body.Status).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  /** pay.status of an order no one has: a payment-service call that reaches its handler. */
  const payCall = (token?: string) => call('pay.status', { orderId: 'GOA20260115NOPE00' }, token);

  it('issues a random token, stores only its hash, and ends it after PAY_SERVER_TOKEN_TTL_S', async () => {
    const issued = await signIn('admin');
    expect(issued.expiredAt).toBe(Math.floor(t.clock.now / 1000) + PAY_SERVER_TOKEN_TTL_S);
    const rows = await db().selectFrom('pay_server_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(issued.token);
    expect(rows.map((r) => r.token_hash)).toContain(hashPayServerToken(issued.token));

    // A payment-service call gets past the sign-in (the order does not exist: that is the handler's).
    expect((await payCall(issued.token)).body.Status.Code).not.toBe(Codes.PAY_SERVER_SIGN_IN);

    t.clock.advance(PAY_SERVER_TOKEN_TTL_S - 1);
    expect((await payCall(issued.token)).body.Status.Code).not.toBe(Codes.PAY_SERVER_SIGN_IN);
    t.clock.advance(1);
    const expired = await payCall(issued.token);
    expect(expired.body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(expired.body.Status.Message).toMatch(/expired/);
    expect(expired.status).toBe(401);
  });

  it('replaces the old token when the same operator signs in again', async () => {
    const first = await signIn('super');
    const second = await signIn('super');
    expect(second.token).not.toBe(first.token);
    const refused = await payCall(first.token);
    expect(refused.body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(refused.body.Status.Message).toMatch(/newer sign-in replaced it/);
    expect((await payCall(second.token)).body.Status.Code).not.toBe(Codes.PAY_SERVER_SIGN_IN);
    const rows = await db()
      .selectFrom('pay_server_tokens as p')
      .innerJoin('operators as o', 'o.id', 'p.operator_id')
      .select('o.name')
      .where('o.name', '=', 'super')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ends the pay-server session when its operator signs out of the console', async () => {
    const login = await t.api.login('admin');
    const issued = (await call<Issued>('payServer.signIn', {}, login.authToken)).body.Data;
    expect((await payCall(issued.token)).body.Status.Code).not.toBe(Codes.PAY_SERVER_SIGN_IN);
    const out = await call('auth.logout', { refreshToken: login.refreshToken });
    expect(out.body.Status).toEqual({ Code: Codes.OK });
    const refused = await payCall(issued.token);
    expect(refused.body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(refused.body.Status.Message).toMatch(/signed out of the console/);
  });

  it('refuses the console access token on the payment service, telling to sign in to the pay server', async () => {
    const r = await payCall(console('super'));
    expect(r.body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
    expect(r.body.Status.Message).toMatch(/console access token.*sign in to the pay server/);
    const zh = await t.api.request('GET', '/api/v1/pay/order/status/GOA20260115NOPE00', {
      token: console('super'),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Message).toMatch(/支付服务器/);
    // Nothing at all is "sign in first"; garbage is the pay server's sign-in again.
    expect((await payCall()).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
    expect((await payCall('pst_made-up-token')).body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
    // And the pay-server token opens nothing but the payment service.
    const { token } = await signIn('super');
    expect((await call('payServer.status', {}, token)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
  });

  it('reads the roles at use time: a token outlives no role and no disabled account', async () => {
    expect((await call('payServer.signIn', {}, console('guest'))).body.Status.Code).toBe(Codes.FORBIDDEN);
    const { token } = await signIn('admin');
    const admin = await db()
      .selectFrom('operators')
      .selectAll()
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    try {
      await db()
        .updateTable('operators')
        .set({ roles: ['GUEST'] })
        .where('id', '=', admin.id)
        .execute();
      expect((await payCall(token)).body.Status.Code).toBe(Codes.FORBIDDEN);
      await db()
        .updateTable('operators')
        .set({ roles: admin.roles, disabled: true })
        .where('id', '=', admin.id)
        .execute();
      expect((await payCall(token)).body.Status.Code).toBe(Codes.ACCOUNT_DISABLED);
    } finally {
      await db()
        .updateTable('operators')
        .set({ roles: admin.roles, disabled: false })
        .where('id', '=', admin.id)
        .execute();
    }
    expect((await payCall(token)).body.Status.Code).not.toBe(Codes.PAY_SERVER_SIGN_IN);
  });

  it('shuts down and starts with a reason, audited, for a SUPER only', async () => {
    const status = async () =>
      (await call<PayServerStatus>('payServer.status', {}, console('admin'))).body.Data;
    expect(await status()).toMatchObject({ accepting: true });
    expect(
      (await call('payServer.shutdown', { reason: 'provider outage' }, console('admin'))).body.Status.Code,
    ).toBe(Codes.FORBIDDEN);
    expect((await call('payServer.shutdown', {}, console('super'))).body.Status.Code).toBe(Codes.VALIDATION);

    const down = await call<PayServerStatus>(
      'payServer.shutdown',
      { reason: 'provider outage' },
      console('super'),
    );
    expect(down.body.Data).toEqual({
      accepting: false,
      changedAt: new Date(t.clock.now).toISOString(),
      changedBy: 'super',
      reason: 'provider outage',
    });
    expect(await isAccepting(db())).toBe(false);
    // Again: nothing changes, the first reason stands.
    t.clock.advance(5);
    const again = await call<PayServerStatus>(
      'payServer.shutdown',
      { reason: 'second press' },
      console('super'),
    );
    expect(again.body.Data).toEqual(down.body.Data);
    expect(await status()).toEqual(down.body.Data);

    const up = await call<PayServerStatus>('payServer.start', { reason: 'provider back' }, console('super'));
    expect(up.body.Data).toMatchObject({ accepting: true, changedBy: 'super', reason: 'provider back' });
    expect(await isAccepting(db())).toBe(true);

    const entries = await db()
      .selectFrom('audit_log')
      .select(['action', 'operator', 'reason', 'outcome', 'target'])
      .where('action', 'in', ['payServer.shutdown', 'payServer.start'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { action: 'payServer.shutdown', operator: 'admin', reason: null, outcome: 'error', target: '' },
      { action: 'payServer.shutdown', operator: 'super', reason: null, outcome: 'error', target: '' },
      {
        action: 'payServer.shutdown',
        operator: 'super',
        reason: 'provider outage',
        outcome: 'ok',
        target: 'pay server',
      },
      {
        action: 'payServer.shutdown',
        operator: 'super',
        reason: 'second press',
        outcome: 'ok',
        target: 'pay server',
      },
      {
        action: 'payServer.start',
        operator: 'super',
        reason: 'provider back',
        outcome: 'ok',
        target: 'pay server',
      },
    ]);
  });
});
