import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, PaymentNotice } from '../../shared/api/orders.js';
import type { ProviderStatus, SandboxRefund } from '../../shared/api/payments.js';
import { Codes } from '../../shared/codes.js';
import type { Page } from '../db/paging.js';
import { backendKinds } from '../../tests/support/backends.js';
import { PayKit } from './test-kit.js';
import { SANDBOX_PATH } from './routes.js';
import { NO_SECRETS_KEY } from '../platform/secrets-key.js';
import { ordersLedger } from '../orders/port.js';
import { playerIdOf } from '../seed/players.js';
import { PROVIDER_MODULES } from './notify.js';
import { NOTICE_LIMIT } from './notice-limit.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The Pay URL of a checkout link: the same order and nonce (the page's form posts there). */
const payUrlOf = (checkoutUrl: string) => checkoutUrl.replace('/checkout/', '/pay/');
/** An answer's envelope code (the refusals of the sandbox's routes are envelopes). */
const codeOf = async (r: Response) => ((await r.json()) as { Status: { Code: number } }).Status.Code;

/**
 * Payments over HTTP on both databases: the sandbox checkout pays and delivers; notices posted
 * to the notify route are verified before anything changes, recorded whatever their outcome,
 * and credit an order once however often they come; and the admin side lists and resends them.
 */

describe.each(backendKinds())('payments on %s', (kind) => {
  const kit = new PayKit();
  beforeAll(() => kit.open(kind));
  afterAll(() => kit.close());

  const detail = (orderId: string) => kit.ok<OrderDetail>('pay.detail', { orderId });
  const credits = async (orderId: string) => {
    const d = await detail(orderId);
    return d.history.filter((e) => e.to === 'paid').length;
  };

  it('pays an order through the sandbox checkout, over HTTP, and delivers it', async () => {
    const { order, checkoutUrl, providerRef } = await kit.payingOrder('wechat');
    expect(order.state).toBe('created');
    expect(checkoutUrl).toMatch(
      new RegExp(`^${kit.t.backend.url}${SANDBOX_PATH}/wechat/checkout/${order.orderId}\\?nonce=[\\w-]{32}$`),
    );
    // Asking again gives the same checkout.
    expect(await kit.ok('pay.do', { provider: 'wechat', orderId: order.orderId })).toMatchObject({
      providerRef,
      checkoutUrl,
    });
    expect(await kit.ok('pay.status', { orderId: order.orderId })).toEqual({
      orderId: order.orderId,
      state: 'paying',
      paymentStatus: 'Pending',
    });

    const en = await fetch(checkoutUrl);
    expect(en.headers.get('content-type')).toContain('text/html');
    const page = await en.text();
    expect(page).toContain(order.orderId);
    expect(page).toContain('>Pay<');
    expect(page).toContain('>Decline<');
    const zh = await (await fetch(checkoutUrl, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).text();
    expect(zh).toContain('沙箱收银台');
    expect(zh).toContain('>拒绝<');

    // The page's form posts to Pay with the link's nonce.
    const payUrl = payUrlOf(checkoutUrl);
    expect(page).toContain(`action="${payUrl.slice(kit.t.backend.url.length)}"`);
    const declined = await fetch(payUrl, { method: 'POST', headers: FORM, body: 'action=decline' });
    expect(await declined.text()).toContain('declined');
    expect((await detail(order.orderId)).state).toBe('paying');

    // As the browser sends it from the page: from the page's own origin.
    const paid = await fetch(payUrl, {
      method: 'POST',
      headers: { ...FORM, origin: kit.t.backend.url },
      body: 'action=pay',
    });
    expect(await paid.text()).toContain('Paid. The order is delivered.');
    const after = await detail(order.orderId);
    expect(after).toMatchObject({
      state: 'delivered',
      provider: 'wechat',
      providerRef,
      paymentStatus: 'Completed',
    });
    expect(after.notices).toEqual([
      expect.objectContaining({ provider: 'wechat', outcome: 'applied', resent: false }),
    ]);
    expect(after.history.map((e) => [e.from, e.to, e.by, e.action])).toEqual([
      [null, 'created', 'super', 'create'],
      ['created', 'paying', 'provider:wechat', 'pay'],
      ['paying', 'paid', 'provider:wechat', 'notice'],
      ['paid', 'delivered', 'provider:wechat', 'deliver'],
    ]);
  });

  it('the sandbox checkout takes nothing without its link’s nonce, and Pay nothing from another site', async () => {
    const { order, checkoutUrl } = await kit.payingOrder('paypal');
    const other = await kit.payingOrder('paypal', 2);
    const bare = checkoutUrl.slice(0, checkoutUrl.indexOf('?'));
    const otherNonce = new URL(other.checkoutUrl).searchParams.get('nonce');
    const refused = async (url: string, init?: RequestInit) => {
      const r = await fetch(url, init);
      expect(r.status, url).toBe(403);
      expect(await codeOf(r)).toBe(Codes.FORBIDDEN);
    };
    // Whoever can name the order, but did not start its checkout, sees no page and cannot pay.
    await refused(bare);
    await refused(`${bare}?nonce=${'A'.repeat(32)}`);
    await refused(`${bare}?nonce=${otherNonce}`);
    await refused(checkoutUrl.replace('/paypal/', '/wechat/').replace(/nonce=.*/, `nonce=${otherNonce}`));
    const noSuchOrder = await fetch(
      `${kit.t.backend.url}${SANDBOX_PATH}/paypal/checkout/GOY20260115NOSUCHORDER`,
    );
    expect(noSuchOrder.status).toBe(403);
    await refused(payUrlOf(bare), { method: 'POST', headers: FORM, body: 'action=pay' });
    await refused(`${payUrlOf(bare)}?nonce=${otherNonce}`, {
      method: 'POST',
      headers: FORM,
      body: 'action=pay',
    });
    // A page of another site that has the link still cannot press Pay for the person.
    for (const origin of [
      'http://evil.example',
      'null',
      kit.t.backend.url.replace('127.0.0.1', 'localhost'),
    ]) {
      const r = await fetch(payUrlOf(checkoutUrl), {
        method: 'POST',
        headers: { ...FORM, origin },
        body: 'action=pay',
      });
      expect(r.status, origin).toBe(403);
      const body = (await r.json()) as { Status: { Code: number; Message: string } };
      expect(body.Status.Code).toBe(Codes.FORBIDDEN);
      expect(body.Status.Message).toContain('its own checkout page');
    }
    expect((await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId })).state).toBe('paying');
    expect((await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId })).notices).toEqual([]);

    // Nobody may frame the page (to make a person press Pay), and its link is not passed on.
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // The link's own page pays.
    const paid = await fetch(payUrlOf(checkoutUrl), {
      method: 'POST',
      headers: { ...FORM, origin: kit.t.backend.url },
      body: 'action=pay',
    });
    expect(await paid.text()).toContain('Paid.');
  });

  it.each(['wechat', 'alipay', 'paypal', 'payssion'] as const)(
    'a %s notice posted 10 times (some at once) credits the order once, and answers as the provider expects',
    async (p) => {
      const o = await kit.payingOrder(p);
      const req = await kit.signed(p, o);
      const first = await kit.post(p, req);
      expect(first.status).toBe(200);
      if (p === 'wechat') expect(JSON.parse(first.text)).toEqual({ code: 'SUCCESS' });
      if (p === 'alipay') expect(first.text).toBe('success');
      const again = await Promise.all(Array.from({ length: 9 }, () => kit.post(p, req)));
      expect(again.map((a) => a.status)).toEqual(Array(9).fill(200));
      const d = await detail(o.order.orderId);
      expect(d.state).toBe('delivered');
      expect(await credits(o.order.orderId)).toBe(1);
      expect(d.notices.map((n) => n.outcome).sort()).toEqual(
        ['applied', ...Array(9).fill('duplicate')].sort(),
      );
      expect(d.history.filter((e) => e.to === 'delivered')).toHaveLength(1);
    },
  );

  it('records a forged notice as badSignature, answers an error, and leaves the order as it was', async () => {
    const o = await kit.payingOrder('alipay');
    const req = await kit.signed('alipay', o);
    const forged = { ...req, body: req.body.replace(/total_amount=[^&]+/, 'total_amount=0.01') };
    const r = await kit.post('alipay', forged);
    expect(r.status).toBe(400);
    expect(r.text).toBe('fail');
    const d = await detail(o.order.orderId);
    expect(d.state).toBe('paying');
    expect(d.notices).toEqual([
      expect.objectContaining({
        outcome: 'badSignature',
        orderId: o.order.orderId,
        detail: 'sign does not match the Alipay public key',
      }),
    ]);
    // The genuine notice still pays: the forgery did not take its key.
    expect((await kit.post('alipay', req)).status).toBe(200);
    expect((await detail(o.order.orderId)).state).toBe('delivered');
  });

  it('refuses a stale notice and a notice from the future, and records them', async () => {
    const o = await kit.payingOrder('paypal');
    const old = await kit.signed('paypal', o, { at: new Date(kit.t.clock.now - 11 * 60_000) });
    expect((await kit.post('paypal', old)).status).toBe(400);
    const future = await kit.signed('paypal', o, { at: new Date(kit.t.clock.now + 10 * 60_000) });
    expect((await kit.post('paypal', future)).status).toBe(400);
    const d = await detail(o.order.orderId);
    expect(d.state).toBe('paying');
    expect(d.notices.map((n) => [n.outcome, n.detail])).toEqual([
      ['stale', 'sent 11 minutes ago (notices older than 5 minutes are refused)'],
      ['stale', 'dated 10 minutes in the future'],
    ]);
  });

  it('records an amount mismatch, an unknown order and a payment that did not complete, changing nothing', async () => {
    const o = await kit.payingOrder('payssion');
    const less = await kit.signed('payssion', o, { amount: o.order.amount - 100 });
    expect((await kit.post('payssion', less)).status).toBe(200);
    const failed = await kit.signed('payssion', o, { paid: false });
    expect((await kit.post('payssion', failed)).status).toBe(200);
    const d = await detail(o.order.orderId);
    expect(d.state).toBe('paying');
    expect(d.notices.map((n) => n.outcome)).toEqual(['amountMismatch', 'wrongState']);
    expect(d.notices[0]?.detail).toContain('but order');

    const ghost = await kit.signed('payssion', {
      ...o,
      order: { ...o.order, orderId: 'GOY20260115NOSUCHORDER' },
    });
    expect((await kit.post('payssion', ghost)).status).toBe(200);
    const list = await kit.ok<Page<PaymentNotice>>('payProviders.notices', {
      orderId: 'GOY20260115NOSUCHORDER',
      page: 1,
      pageSize: 10,
    });
    expect(list.items.map((n) => n.outcome)).toEqual(['unknownOrder']);
  });

  it('answers 404 for an unknown provider and refuses a notice without its signature headers', async () => {
    const r = await fetch(`${kit.t.backend.url}/api/v1/pay/notify/bitcoin`, { method: 'POST', body: 'x' });
    expect(r.status).toBe(404);
    const bare = await kit.post('wechat', { headers: {}, contentType: 'application/json', body: '{}' });
    expect(bare.status).toBe(401);
    expect(JSON.parse(bare.text)).toMatchObject({ code: 'FAIL' });
  });

  it('resends the last PayPal notice of an order: verified again, a duplicate once applied', async () => {
    const o = await kit.payingOrder('paypal');
    await kit.post('paypal', await kit.signed('paypal', o));
    // Long after: a resend is judged at when the notice first arrived, so it is not stale.
    kit.t.clock.advance(3600);
    await kit.signIn();
    const n = await kit.ok<PaymentNotice>('payOrders.resendWebhook', {
      orderId: o.order.orderId,
      reason: 'customer says unpaid',
    });
    expect(n).toMatchObject({
      provider: 'paypal',
      outcome: 'duplicate',
      resent: true,
      orderId: o.order.orderId,
    });
    expect(await credits(o.order.orderId)).toBe(1);

    // A notice refused first (the order was not yet paying) is applied by its resend.
    const fresh = await kit.ok<OrderDetail>('pay.order', {
      game: 'ymmj',
      playerId: o.order.playerId,
      productId: 22001,
      requestId: kit.requestId(),
    });
    const early = await kit.signed('paypal', { order: fresh, providerRef: 'EARLYCAPTURE00001' });
    await kit.post('paypal', early);
    expect((await detail(fresh.orderId)).notices.map((x) => x.outcome)).toEqual(['applied']);

    const none = await kit.call('payOrders.resendWebhook', {
      orderId: (await kit.payingOrder('wechat')).order.orderId,
      reason: 'no notice to resend',
    });
    expect(none.body.Status.Code).toBe(Codes.NOT_FOUND);
    const entry = await kit.t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'payOrders.resendWebhook')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ outcome: 'error', code: Codes.NOT_FOUND });
  });

  it('resends a stored notice by id; a forged one stays refused', async () => {
    const o = await kit.payingOrder('wechat');
    const req = await kit.signed('wechat', o);
    await kit.post('wechat', { ...req, headers: { ...req.headers, 'wechatpay-signature': 'AAAA' } });
    const [forged] = (await detail(o.order.orderId)).notices;
    expect(forged?.outcome).toBe('badSignature');
    const again = await kit.ok<PaymentNotice>('payProviders.resendNotice', {
      noticeId: forged?.id,
      reason: 'check it',
    });
    expect(again).toMatchObject({ outcome: 'badSignature', resent: true });
    expect((await detail(o.order.orderId)).state).toBe('paying');
    expect(
      (await kit.call('payProviders.resendNotice', { noticeId: 99_999_999, reason: 'no such notice' })).body
        .Status.Code,
    ).toBe(Codes.NOT_FOUND);
  });

  it("lists every game's orders between start and end, and the providers with their counts", async () => {
    const start = new Date(kit.t.clock.now - 3 * 3600_000).toISOString();
    const end = new Date(kit.t.clock.now + 3600_000).toISOString();
    const all = await kit.ok<Page<OrderDetail> & { totalCapped: boolean }>('payOrders.list', {
      start,
      end,
      page: 1,
      pageSize: 100,
    });
    expect(all.total).toBeGreaterThan(5);
    expect(all.totalCapped).toBe(false);
    const paypal = await kit.ok<Page<OrderDetail>>('payOrders.list', {
      start,
      end,
      provider: 'paypal',
      paymentStatus: 'Completed',
      page: 1,
      pageSize: 100,
    });
    expect(paypal.items.length).toBeGreaterThan(0);
    expect(paypal.items.every((x) => x.provider === 'paypal' && x.state === 'delivered')).toBe(true);
    // The game order search's filters, as the console's one filter drawer sends them: lists, a
    // player, a kind.
    const states = [...new Set(all.items.map((x) => x.state))].slice(0, 2);
    const some = await kit.ok<Page<OrderDetail>>('payOrders.list', {
      start,
      end,
      state: states,
      page: 1,
      pageSize: 100,
    });
    expect(some.total).toBe(all.items.filter((x) => states.includes(x.state)).length);
    const one = all.items[0];
    if (!one) throw new Error('no order');
    const theirs = await kit.ok<Page<OrderDetail>>('payOrders.list', {
      start,
      end,
      game: one.game,
      playerId: one.playerId,
      kind: one.kind,
      page: 1,
      pageSize: 100,
    });
    expect(theirs.items.map((x) => x.orderId)).toContain(one.orderId);
    expect(
      theirs.items.every((x) => x.game === one.game && x.playerId === one.playerId && x.kind === one.kind),
    ).toBe(true);
    const none = await kit.ok<Page<OrderDetail>>('payOrders.list', {
      start: end,
      end: new Date(kit.t.clock.now + 7200_000).toISOString(),
      page: 1,
      pageSize: 10,
    });
    expect(none.total).toBe(0);
    expect(
      (await kit.call('payOrders.list', { start: 'yesterday', end, page: 1, pageSize: 10 })).body.Status.Code,
    ).toBe(Codes.VALIDATION);

    const { providers } = await kit.ok<{ providers: ProviderStatus[] }>('payProviders.list', {});
    expect(providers.map((p) => p.provider)).toEqual(['wechat', 'alipay', 'paypal', 'payssion']);
    const wechat = providers.find((p) => p.provider === 'wechat');
    expect(wechat).toMatchObject({
      mode: 'sandbox',
      enabled: true,
      notifyUrl: `${kit.t.backend.url}/api/v1/pay/notify/wechat`,
    });
    expect(wechat?.noticesApplied).toBeGreaterThan(0);
    expect(providers.find((p) => p.provider === 'alipay')?.noticesRefused).toBeGreaterThan(0);

    const refused = await kit.ok<Page<PaymentNotice>>('payProviders.notices', {
      outcome: 'badSignature',
      page: 1,
      pageSize: 50,
    });
    expect(refused.items.length).toBeGreaterThan(0);
    expect(refused.items.every((n) => n.outcome === 'badSignature')).toBe(true);
  });

  it('refuses new orders and checkouts while the pay server is shut down, but still takes notices', async () => {
    const o = await kit.payingOrder('alipay');
    await kit.ok('payServer.shutdown', { reason: 'maintenance' });
    try {
      const r = await kit.call('pay.order', {
        game: 'ymmj',
        playerId: o.order.playerId,
        productId: 22001,
        requestId: kit.requestId(),
      });
      expect(r.body.Status.Code).toBe(Codes.UNAVAILABLE);
      expect(r.body.Status.Message).toContain('shut down');
      expect(
        (await kit.call('pay.do', { provider: 'alipay', orderId: o.order.orderId })).body.Status.Code,
      ).toBe(Codes.UNAVAILABLE);
      expect((await kit.post('alipay', await kit.signed('alipay', o))).status).toBe(200);
      expect((await detail(o.order.orderId)).state).toBe('delivered');
    } finally {
      await kit.ok('payServer.start', { reason: 'maintenance over' });
    }
  });

  it.each(['wechat', 'alipay', 'paypal', 'payssion'] as const)(
    'refunds a %s order through its sandbox, which records the refund the event names',
    async (p) => {
      const o = await kit.payingOrder(p);
      expect((await kit.post(p, await kit.signed(p, o))).status).toBe(200);
      const refunded = await kit.ok<OrderDetail>('orders.refund', {
        game: 'ymmj',
        orderId: o.order.orderId,
        reason: 'player asked for a refund',
      });
      expect(refunded.state).toBe('refunded');
      const rows = await kit.t.backend.database.db
        .selectFrom('pay_sandbox_refunds')
        .selectAll()
        .where('order_id', '=', o.order.orderId)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({
          provider: p,
          provider_ref: o.providerRef,
          amount: o.order.amount,
          currency: o.order.currency,
          refunded_by: 'super',
          reason: 'player asked for a refund',
        }),
      ]);
      const ref = rows[0]?.refund_ref ?? '';
      expect(ref).not.toBe('');
      // The payments module shows it.
      const listed = await kit.ok<Page<SandboxRefund>>('payProviders.refunds', {
        provider: p,
        orderId: o.order.orderId,
        page: 1,
        pageSize: 10,
      });
      expect(listed.items).toEqual([
        expect.objectContaining({
          provider: p,
          orderId: o.order.orderId,
          refundRef: ref,
          refundedBy: 'super',
        }),
      ]);
      const event = refunded.history.find((e) => e.action === 'refund');
      expect(event?.detail).toContain(`refunded through ${p} (payment ${o.providerRef}; refund ${ref}`);
      // Refunded once: a second refund is refused by the order's state, and the sandbox keeps one row.
      await kit.call('orders.refund', { game: 'ymmj', orderId: o.order.orderId, reason: 'again please' });
      expect(
        await kit.t.backend.database.db
          .selectFrom('pay_sandbox_refunds')
          .select('id')
          .where('order_id', '=', o.order.orderId)
          .execute(),
      ).toHaveLength(1);
    },
  );

  it('writes audit entries for orders and resends, and keeps the sandbox keys sealed', async () => {
    const o = await kit.payingOrder('payssion');
    const entry = await kit.t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'pay.order')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ operator: 'super', outcome: 'ok', target: o.order.playerId, game: 'ymmj' });
    expect(entry.after).toMatchObject({ orderId: o.order.orderId });
    const keys = await kit.t.backend.database.db.selectFrom('pay_sandbox_keys').selectAll().execute();
    expect(keys.map((k) => k.provider).sort()).toEqual(['alipay', 'paypal', 'payssion', 'wechat']);
    for (const k of keys) {
      expect(k.keys_sealed).toMatch(/^v1\./);
      expect(k.keys_sealed).not.toContain('PRIVATE KEY');
    }
  });
});

/** Live credentials for Payssion (the one provider without PEM keys), from the environment. */
const PAYSSION_LIVE = {
  GAMEOPS_PAY_PAYSSION_API_KEY: 'live-api-key',
  GAMEOPS_PAY_PAYSSION_SECRET_KEY: 'live-secret',
};

/** Runs with Payssion in live mode (the keyring is read per backend, at its first payment call). */
function withLivePayssion(): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(PAYSSION_LIVE)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const k of Object.keys(PAYSSION_LIVE)) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
}

describe.each(backendKinds())('a flood of refused notices on %s', (kind) => {
  const kit = new PayKit();
  beforeAll(() => kit.open(kind));
  afterAll(() => kit.close());
  const forged = { headers: {}, contentType: 'application/json', body: '{}' };
  const stored = async () =>
    Number(
      (
        await kit.t.backend.database.db
          .selectFrom('payment_notices')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is recorded up to the limit, then answered 42900 and not recorded; genuine notices still pass', async () => {
    const limit = NOTICE_LIMIT.refusedPerAddress;
    for (let i = 0; i < limit; i++) expect((await kit.post('wechat', forged)).status).toBe(401);
    expect(await stored()).toBe(limit);

    const over = await fetch(`${kit.t.backend.url}/api/v1/pay/notify/wechat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await over.json()) as { Status: { Code: number; Message: string } };
    expect(body.Status.Code).toBe(Codes.RATE_LIMITED);
    expect(body.Status.Message).toContain('Too many refused payment notices from this address');
    // Many at once are held back too: the count is raised in one statement.
    const burst = await Promise.all(Array.from({ length: 8 }, () => kit.post('paypal', forged)));
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(429));
    expect(await stored()).toBe(limit);

    // A notice that verifies is the provider's own: never held back by the forgeries.
    const o = await kit.payingOrder('alipay');
    expect((await kit.post('alipay', await kit.signed('alipay', o))).status).toBe(200);
    expect((await kit.ok<OrderDetail>('pay.detail', { orderId: o.order.orderId })).state).toBe('delivered');

    // The next window records refusals again.
    kit.t.clock.advance(NOTICE_LIMIT.windowSec);
    expect((await kit.post('wechat', forged)).status).toBe(401);
    expect(await stored()).toBe(limit + 2);
  });
});

describe.each(backendKinds())(
  'the payment routes on an embedded backend (launch key), Payssion live, on %s',
  (kind) => {
    const launchKey = 'payments-test-launch-key-0123456789abcdef';
    const kit = new PayKit();
    withLivePayssion();
    beforeAll(() => kit.open(kind, launchKey));
    afterAll(() => kit.close());
    it('opens the sandbox checkout by its link and pays from its page without the launch key, as a browser does', async () => {
      const { order, checkoutUrl } = await kit.payingOrder('alipay');
      const page = await fetch(checkoutUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(order.orderId);
      // The sandbox's own notice goes to the notify route with the key, which only it has.
      const paid = await fetch(payUrlOf(checkoutUrl), {
        method: 'POST',
        headers: { ...FORM, origin: kit.t.backend.url },
        body: 'action=pay',
      });
      expect(await paid.text()).toContain('Paid.');
      expect((await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId })).state).toBe('delivered');
    });

    it('refuses any notice without the launch key before it is recorded, a signed one included', async () => {
      const o = await kit.payingOrder('wechat');
      const signed = await kit.signed('wechat', o);
      // What a local web page (or anything else on this computer) would send.
      for (const req of [signed, { headers: {}, contentType: 'application/json', body: '{}' }]) {
        const r = await fetch(`${kit.t.backend.url}/api/v1/pay/notify/wechat`, {
          method: 'POST',
          headers: { ...req.headers, 'content-type': req.contentType },
          body: req.body,
        });
        expect(r.status).toBe(401);
        const body = (await r.json()) as { Status: { Code: number; Message: string } };
        expect(body.Status.Code).toBe(Codes.UNAUTHENTICATED);
        expect(body.Status.Message).toContain('launch key');
      }
      const before = await kit.ok<OrderDetail>('pay.detail', { orderId: o.order.orderId });
      expect(before.state).toBe('paying');
      expect(before.notices).toEqual([]);
      // With the key, as the sandbox's own Pay sends it.
      expect((await kit.post('wechat', signed)).status).toBe(200);
      expect((await kit.ok<OrderDetail>('pay.detail', { orderId: o.order.orderId })).state).toBe('delivered');
    });

    it('pays nothing for a page that can name the order but has no link', async () => {
      const { order, checkoutUrl } = await kit.payingOrder('paypal');
      const bare = payUrlOf(checkoutUrl).replace(/\?.*$/, '');
      const r = await fetch(bare, { method: 'POST', headers: FORM, body: 'action=pay' });
      expect(r.status).toBe(403);
      expect(await codeOf(r)).toBe(Codes.FORBIDDEN);
      const foreign = await fetch(payUrlOf(checkoutUrl), {
        method: 'POST',
        headers: { ...FORM, origin: 'http://evil.example' },
        body: 'action=pay',
      });
      expect(await codeOf(foreign)).toBe(Codes.FORBIDDEN);
      expect((await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId })).state).toBe('paying');
    });

    it('still refuses everything else without the launch key', async () => {
      const { order } = await kit.payingOrder('paypal');
      const refused = async (path: string, init: RequestInit = {}) => {
        const r = await fetch(`${kit.t.backend.url}${path}`, init);
        expect(r.status, path).toBe(401);
        const body = (await r.json()) as { Status: { Code: number; Message: string } };
        expect(body.Status.Code).toBe(Codes.UNAUTHENTICATED);
        expect(body.Status.Message).toContain('launch key');
      };
      // The console's own calls, the pay service's included.
      await refused(`/api/v1/pay/order/${order.orderId}/detail`);
      await refused('/api/v1/sr/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'super', password: 'x' }),
      });
      await refused('/health');
      // Near misses of the exempt routes: another method, another path.
      await refused(`${SANDBOX_PATH}/paypal/pay/${order.orderId}`);
      await refused(`${SANDBOX_PATH}/paypal/checkout/${order.orderId}`, { method: 'POST', body: '' });
      await refused(`${SANDBOX_PATH}/bitcoin/checkout/${order.orderId}`);
      await refused(`${SANDBOX_PATH}/paypal/checkout/${order.orderId}/more`);
      await refused('/api/v1/pay/notify/paypal', { method: 'GET' });
      await refused('/api/v1/pay/notify/paypal', { method: 'POST', body: '{}' });
      // A provider in live mode has no sandbox: its checkout keeps the key.
      await refused(`${SANDBOX_PATH}/payssion/checkout/${order.orderId}`);
      const withKey = await fetch(`${kit.t.backend.url}${SANDBOX_PATH}/payssion/checkout/${order.orderId}`, {
        headers: kit.t.api.headers,
      });
      expect(withKey.status).toBe(404);
    });

    it('refuses to refund a live payment with 50300, leaving the order as it was', async () => {
      const db = kit.t.backend.database.db;
      const order = await kit.ok<OrderDetail>('pay.order', {
        game: 'ymmj',
        playerId: playerIdOf('ymmj', 2),
        productId: 22001,
        requestId: kit.requestId(),
      });
      // Live mode opens no checkout here (pay.do answers 50300): the payment integration would.
      const providerRef = 'TLIVEPAYMENT0001';
      await ordersLedger.startPaying(db, {
        orderId: order.orderId,
        provider: 'payssion',
        providerRef,
        now: new Date(kit.t.clock.now),
      });
      const notice = PROVIDER_MODULES.payssion.sign(
        {
          orderId: order.orderId,
          providerRef,
          amount: order.amount,
          currency: order.currency,
          paid: true,
          noticeKey: 'TLIVENOTICE0001',
          at: new Date(kit.t.clock.now),
        },
        {
          apiKey: PAYSSION_LIVE.GAMEOPS_PAY_PAYSSION_API_KEY,
          secretKey: PAYSSION_LIVE.GAMEOPS_PAY_PAYSSION_SECRET_KEY,
        },
      );
      expect((await kit.post('payssion', notice)).status).toBe(200);
      const before = await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId });
      expect(before.state).toBe('delivered');

      const r = await kit.call('orders.refund', {
        game: 'ymmj',
        orderId: order.orderId,
        reason: 'player asked',
      });
      expect(r.body.Status.Code).toBe(Codes.UNAVAILABLE);
      expect(r.body.Status.Message).toContain('live refunds are not built');
      const after = await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId });
      expect(after.state).toBe('delivered');
      expect(after.history).toEqual(before.history);
      expect(
        await db
          .selectFrom('pay_sandbox_refunds')
          .select('id')
          .where('order_id', '=', order.orderId)
          .execute(),
      ).toEqual([]);
      // In a bulk refund the row is refused on its own, with the same code.
      const bulk = await kit.ok<{ results: { ok: boolean; code: number }[] }>('orders.bulk', {
        game: 'ymmj',
        action: 'refund',
        orderIds: [order.orderId],
        reason: 'player asked',
      });
      expect(bulk.results).toEqual([expect.objectContaining({ ok: false, code: Codes.UNAVAILABLE })]);
    });
  },
);

describe.each(backendKinds())('the sandbox without a secrets key on %s', (kind) => {
  const kit = new PayKit();
  beforeAll(() => kit.open(kind, undefined, NO_SECRETS_KEY));
  afterAll(() => kit.close());

  it('keeps its keys in the process only, and still pays', async () => {
    const { order, checkoutUrl } = await kit.payingOrder('paypal');
    const paid = await fetch(payUrlOf(checkoutUrl), { method: 'POST', headers: FORM, body: 'action=pay' });
    expect(await paid.text()).toContain('Paid.');
    expect((await kit.ok<OrderDetail>('pay.detail', { orderId: order.orderId })).state).toBe('delivered');
    expect(await kit.t.backend.database.db.selectFrom('pay_sandbox_keys').selectAll().execute()).toEqual([]);
  });
});
