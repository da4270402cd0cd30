import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetail } from '../../shared/api/orders.js';
import { planRequest } from '../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { backendKinds } from '../../tests/support/backends.js';
import { pid, useKit } from '../../tests/support/api-kit.js';
import { expectSortedBothWays } from '../../tests/support/sorting.js';
import { fleetGrantOf, setDeliveryTarget, usesFleet, type DeliveryTarget } from './delivery.js';
import { createPurchaseOrder } from './ledger/create.js';
import { deliverOrder } from './ledger/deliver.js';
import { applyPayment, startPaying } from './ledger/payment.js';
import { orderDetail, type LedgerCtx } from './ledger/read.js';
import { insertTestOrder } from './test-kit.js';

/**
 * Orders over HTTP (and the ledger the payment side calls) on both databases: manual orders with
 * and without approval, the creator refused as approver, resend, refunds and cancels, a payment
 * applied ten times, delivery failing and resent, search filters and paging, bulk rows, audit.
 */

const G: GameId = 'ymmj';
const PRICE_OF = (game: GameId, i = 0) => THEMES[game].recharge[i]?.price ?? 0;

describe.each(backendKinds())('orders on %s', (kind) => {
  const kit = useKit(kind);
  let n = 0;
  const requestId = () => `test-request-${kind}-${++n}`;
  const db = (): Kysely<Database> => kit.t.backend.database.db;
  const ledger = (): LedgerCtx => ({
    db: db(),
    deps: { db: db(), kind: kit.t.backend.database.kind },
    lang: 'en',
  });
  const now = () => new Date(kit.t.clock.now);

  /** How many times the game granted the order (the simulated game, or the default table). */
  async function grants(game: GameId, orderId: string): Promise<number> {
    if (usesFleet(db())) return fleetGrantOf(db(), game, orderId) ? 1 : 0;
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from game_deliveries where order_id = ${orderId}`.execute(db());
    return Number(rows[0]?.n ?? 0);
  }
  const create = (input: Record<string, unknown>, who: 'admin' | 'ymmj' = 'admin') =>
    kit.ok<OrderDetail>(
      'orders.create',
      {
        game: G,
        playerId: pid(G, 3),
        grant: { kind: 'amount' },
        amount: 1000,
        requestId: requestId(),
        reason: 'compensation',
        ...input,
      },
      who,
    );

  beforeAll(async () => {
    // The demo's simulated game servers are the delivery target once server watch has started them.
    await kit.t.backend.serverWatch?.leading;
  });

  it('a manual order below the threshold is paid at once and delivered once; a double submit is the same order', async () => {
    const rid = requestId();
    const input = {
      game: G,
      playerId: pid(G, 3),
      grant: { kind: 'amount' },
      amount: 1200,
      requestId: rid,
      reason: 'outage',
    };
    const a = await kit.ok<OrderDetail>('orders.create', input);
    expect(a).toMatchObject({
      state: 'delivered',
      approval: 'notNeeded',
      kind: 'manual',
      amount: 1200,
      currency: 'CNY',
      paymentStatus: 'Completed',
      deliveryAttempts: 1,
    });
    expect(a.orderId).toMatch(/^GOY2026011\d[A-Z0-9]{10}$/);
    expect(a.history.map((e) => [e.from, e.to, e.action])).toEqual([
      [null, 'created', 'create'],
      ['created', 'paid', 'approve'],
      ['paid', 'delivered', 'deliver'],
    ]);
    const again = await kit.ok<OrderDetail>('orders.create', input);
    expect(again.orderId).toBe(a.orderId);
    expect(again.history).toHaveLength(3);
    expect(await grants(G, a.orderId)).toBe(1);
    const entry = await kit.lastAudit('orders.create');
    expect(entry).toMatchObject({ target: pid(G, 3), outcome: 'ok', reason: 'outage', game: G });
    expect(typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after).toMatchObject({
      orderId: a.orderId,
    });
    // The same request id for another order is refused, not silently answered with the first.
    const msg = await kit.fails('orders.create', { ...input, playerId: pid(G, 4) }, Codes.CONFLICT);
    expect(msg).toMatch(/already made order/);
  });

  it('a recharge pack is priced from the catalogue; an unknown pack or item is refused clearly', async () => {
    const pack = THEMES[G].recharge[1];
    const o = await create({ grant: { kind: 'recharge', productId: pack?.id }, amount: 1 });
    expect(o).toMatchObject({ amount: pack?.price, grantLabel: pack?.name });
    expect(
      await kit.fails(
        'orders.create',
        {
          game: G,
          playerId: pid(G, 3),
          grant: { kind: 'recharge', productId: 1 },
          amount: 5,
          requestId: requestId(),
          reason: 'x1',
        },
        Codes.NOT_FOUND,
      ),
    ).toMatch(/no recharge pack 1; its packs are/);
    expect(
      await kit.fails(
        'orders.create',
        {
          game: G,
          playerId: pid(G, 3),
          grant: { kind: 'items', rewards: [{ itemId: 9, count: 1 }] },
          amount: 5,
          requestId: requestId(),
          reason: 'x1',
        },
        Codes.VALIDATION,
      ),
    ).toMatch(/no item 9/);
    expect(
      await kit.fails(
        'orders.create',
        {
          game: G,
          playerId: '76561190000000001',
          grant: { kind: 'amount' },
          amount: 5,
          requestId: requestId(),
          reason: 'x1',
        },
        Codes.NOT_FOUND,
      ),
    ).toMatch(/no player/);
  });

  it('at or above the threshold it waits for another ADMIN: the creator is refused, another approves and it is delivered', async () => {
    const settings = await kit.ok<{ approvalThreshold: number }>('orders.settings', { game: G });
    const o = await create({ amount: settings.approvalThreshold });
    expect(o).toMatchObject({ state: 'created', approval: 'pending', paymentStatus: 'Pending' });
    const refused = await kit.call('orders.approve', { game: G, orderId: o.orderId, reason: 'looks fine' });
    expect(refused.body.Status.Code).toBe(Codes.FORBIDDEN);
    expect(refused.body.Status.Message).toMatch(/another ADMIN must approve it/);
    const approved = await kit.ok<OrderDetail>(
      'orders.approve',
      { game: G, orderId: o.orderId, reason: 'checked' },
      'ymmj',
    );
    expect(approved).toMatchObject({ state: 'delivered', approval: 'approved', approvedBy: 'ymmj' });
    expect(await grants(G, o.orderId)).toBe(1);
    // Approving again: it no longer waits.
    expect(
      await kit.fails(
        'orders.approve',
        { game: G, orderId: o.orderId, reason: 'again' },
        Codes.CONFLICT,
        'ymmj',
      ),
    ).toMatch(/waiting for approval/);

    const other = await create({ amount: settings.approvalThreshold + 1 });
    const rejected = await kit.ok<OrderDetail>(
      'orders.reject',
      { game: G, orderId: other.orderId, reason: 'too much' },
      'ymmj',
    );
    expect(rejected).toMatchObject({ state: 'cancelled', approval: 'rejected' });
    expect(await grants(G, other.orderId)).toBe(0);
  });

  it('the threshold is per game and only a SUPER changes it; the change is audited', async () => {
    await kit.fails(
      'orders.saveSettings',
      { game: 'lw', approvalThreshold: 500, reason: 'policy' },
      Codes.FORBIDDEN,
    );
    const superToken = (await kit.t.api.login('super')).authToken;
    const r = await kit.t.api.call<{ approvalThreshold: number; updatedBy: string }>(
      ENDPOINTS['orders.saveSettings'],
      { game: 'lw', approvalThreshold: 500, reason: 'policy' },
      superToken,
    );
    expect(r.body.Data).toMatchObject({ approvalThreshold: 500, updatedBy: 'super', currency: 'EUR' });
    const o = await kit.ok<OrderDetail>('orders.create', {
      game: 'lw',
      playerId: pid('lw', 2),
      grant: { kind: 'amount' },
      amount: 500,
      requestId: requestId(),
      reason: 'gift',
    });
    expect(o.approval).toBe('pending');
    expect(
      (await kit.ok<{ approvalThreshold: number }>('orders.settings', { game: G })).approvalThreshold,
    ).toBe(50_000);
    const entry = await kit.lastAudit('orders.saveSettings');
    expect(entry).toMatchObject({ game: 'lw', outcome: 'ok', reason: 'policy' });
  });

  it('resend of a delivered order changes nothing; refund and cancel follow the table', async () => {
    const o = await create({});
    const resent = await kit.ok<OrderDetail>('orders.resend', {
      game: G,
      orderId: o.orderId,
      reason: 'player says missing',
    });
    expect(resent.updatedAt).toBe(o.updatedAt);
    expect(resent.history).toHaveLength(o.history.length);
    expect(await grants(G, o.orderId)).toBe(1);

    expect(
      await kit.fails('orders.cancel', { game: G, orderId: o.orderId, reason: 'nope' }, Codes.CONFLICT),
    ).toMatch(/refund it instead/);
    const refunded = await kit.ok<OrderDetail>('orders.refund', {
      game: G,
      orderId: o.orderId,
      reason: 'duplicate grant',
    });
    expect(refunded).toMatchObject({ state: 'refunded', paymentStatus: 'Canceled' });
    expect(
      await kit.fails('orders.refund', { game: G, orderId: o.orderId, reason: 'again' }, Codes.CONFLICT),
    ).toMatch(/refunded already/);
    expect(
      await kit.fails('orders.resend', { game: G, orderId: o.orderId, reason: 'again' }, Codes.CONFLICT),
    ).toMatch(/only a paid order can be delivered/);

    const unpaid = await insertTestOrder(db(), { game: G, state: 'created', at: now() });
    const plan = planRequest(ENDPOINTS['orders.refund'], { game: G, orderId: unpaid, reason: 'mistake' });
    const zh = await kit.t.api.request('POST', `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: kit.tokens.admin,
      json: plan.body,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Code).toBe(Codes.CONFLICT);
    expect(zh.body.Status.Message).toMatch(/只有已支付的订单才能退款/);
    expect(
      await kit.ok<OrderDetail>('orders.cancel', { game: G, orderId: unpaid, reason: 'abandoned' }),
    ).toMatchObject({ state: 'cancelled' });
    // Another game's order is not found through this game.
    await kit.fails('orders.get', { game: 'lw', orderId: unpaid }, Codes.NOT_FOUND);
  });

  it('a payment applied ten times at once is one payment and one delivery', async () => {
    const c = await createPurchaseOrder(db(), {
      game: G,
      playerId: pid(G, 5),
      productId: THEMES[G].recharge[0]?.id ?? 0,
      requestId: requestId(),
      by: 'admin',
      now: now(),
    });
    expect(c).toMatchObject({ state: 'created', kind: 'purchase', amount: PRICE_OF(G), currency: 'CNY' });
    const p = await startPaying(db(), {
      orderId: c.orderId,
      provider: 'alipay',
      providerRef: 'ALI-1',
      now: now(),
    });
    expect(p.state).toBe('paying');
    // The same provider again leaves it as it is.
    expect(
      (await startPaying(db(), { orderId: c.orderId, provider: 'alipay', providerRef: 'ALI-2', now: now() }))
        .providerRef,
    ).toBe('ALI-1');
    const pay = {
      orderId: c.orderId,
      provider: 'alipay' as const,
      providerRef: 'ALI-1',
      amount: PRICE_OF(G),
      currency: 'CNY',
      now: now(),
      by: 'provider:alipay',
    };
    const mismatch = await applyPayment(db(), { ...pay, amount: 1 });
    expect(mismatch.outcome).toBe('amountMismatch');
    expect(mismatch.order?.state).toBe('paying');
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => applyPayment(db(), pay)));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', ...Array<string>(9).fill('duplicate')]);
    const delivered = await Promise.all(
      Array.from({ length: 10 }, () => deliverOrder(ledger(), c.orderId, 'system', now())),
    );
    expect(delivered.every((d) => d.state === 'delivered')).toBe(true);
    const d = await orderDetail(db(), c.orderId, 'en');
    expect(d.history.filter((e) => e.to === 'paid')).toHaveLength(1);
    expect(d.history.filter((e) => e.to === 'delivered')).toHaveLength(1);
    expect(await grants(G, c.orderId)).toBe(1);
    expect((await applyPayment(db(), pay)).outcome).toBe('duplicate');
    expect((await applyPayment(db(), { ...pay, orderId: 'GOY20260115NOSUCHORDR' })).outcome).toBe(
      'unknownOrder',
    );
    await expect(
      startPaying(db(), { orderId: c.orderId, provider: 'alipay', providerRef: 'ALI-9', now: now() }),
    ).rejects.toMatchObject({ code: Codes.CONFLICT });
  });

  it("an operator's delivery to a game across the network runs after the call commits: other calls go on meanwhile", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let reached = () => {};
    const asked = new Promise<void>((r) => (reached = r));
    const slow: DeliveryTarget = {
      deliver: async (handle) => {
        // Not inside the call's transaction: the embedded database's one connection is free.
        expect(handle.isTransaction).toBe(false);
        reached();
        await gate;
        return { ok: true, alreadyDelivered: false, by: 'a slow game' };
      },
    };
    const orderId = await insertTestOrder(db(), { game: G, state: 'deliveryFailed', at: now() });
    setDeliveryTarget(db(), slow);
    try {
      const resending = kit.ok<OrderDetail>('orders.resend', { game: G, orderId, reason: 'slow game' });
      await asked;
      // The game has not answered yet: the change and its audit entry are committed, and a
      // read (on PGlite, the same single connection) is answered.
      const meanwhile = await kit.ok<OrderDetail>('orders.get', { game: G, orderId });
      expect(meanwhile.state).toBe('deliveryFailed');
      const entries = await db()
        .selectFrom('audit_log')
        .select(['action', 'target'])
        .where('action', '=', 'orders.resend')
        .where('target', '=', orderId)
        .execute();
      expect(entries).toHaveLength(1);
      release();
      // The call answers with the order as the delivery left it.
      const resent = await resending;
      expect(resent).toMatchObject({ state: 'delivered', deliveryAttempts: 1 });
      expect(resent.history.at(-1)).toMatchObject({ action: 'resend', by: 'admin', reason: 'slow game' });
      // Its entry, written with the call's commit, says how the delivery ended.
      const entry = await db()
        .selectFrom('audit_log')
        .select('after')
        .where('action', '=', 'orders.resend')
        .where('target', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(entry.after).toMatchObject({ state: 'delivered' });
      // A bulk resend of a delivered order reports it as it is; one refused by the table is refused now.
      const bulk = await kit.ok<{ results: { ok: boolean; state: string }[] }>('orders.bulk', {
        game: G,
        action: 'resend',
        orderIds: [orderId],
        reason: 'again',
      });
      expect(bulk.results[0]).toMatchObject({ ok: true, state: 'delivered' });
    } finally {
      release();
      setDeliveryTarget(db(), null);
    }
  });

  it('a failing delivery leaves the order deliveryFailed with the reason; a resend delivers it once', async () => {
    const failing: DeliveryTarget = {
      deliver: async () => ({
        ok: false,
        error: { en: 'the game server refused the connection', 'zh-CN': '游戏服务器拒绝连接' },
      }),
    };
    setDeliveryTarget(db(), failing);
    let o: OrderDetail;
    try {
      o = await create({});
      expect(o).toMatchObject({
        state: 'deliveryFailed',
        paymentStatus: 'Rejected',
        deliveryError: 'the game server refused the connection',
        deliveryAttempts: 1,
      });
      const bulk = await kit.ok<{ results: { ok: boolean; code: number; message: string; state: string }[] }>(
        'orders.bulk',
        { game: G, action: 'resend', orderIds: [o.orderId], reason: 'retry' },
      );
      expect(bulk.results[0]).toMatchObject({
        ok: false,
        code: Codes.UNAVAILABLE,
        state: 'deliveryFailed',
        message: 'the game server refused the connection',
      });
    } finally {
      setDeliveryTarget(db(), null);
    }
    const resent = await kit.ok<OrderDetail>('orders.resend', {
      game: G,
      orderId: o.orderId,
      reason: 'game is back',
    });
    expect(resent).toMatchObject({ state: 'delivered', deliveryError: null, deliveryAttempts: 3 });
    expect(resent.history.at(-1)).toMatchObject({ action: 'resend', reason: 'game is back', by: 'admin' });
    expect(await grants(G, o.orderId)).toBe(1);
  });

  it("stopping the game's simulated servers fails delivery (connection refused); started again, a resend delivers", async () => {
    const fleet = kit.t.backend.serverWatch?.fleet;
    if (!fleet || !usesFleet(db())) return expect(usesFleet(db())).toBe(false);
    const keys = fleet.servers.filter((s) => s.spec.game === G).map((s) => s.key);
    for (const k of keys) await fleet.stopServer(k);
    let o: OrderDetail;
    try {
      o = await create({});
      expect(o.state).toBe('deliveryFailed');
      expect(o.deliveryError).toMatch(/could not be reached/);
    } finally {
      for (const k of keys) await fleet.startServer(k);
    }
    const resent = await kit.ok<OrderDetail>('orders.resend', {
      game: G,
      orderId: o.orderId,
      reason: 'servers up',
    });
    expect(resent.state).toBe('delivered');
    expect(fleetGrantOf(db(), G, o.orderId)).toMatchObject({ requests: 1, playerId: pid(G, 3) });
  });

  it('search: every filter, newest first, paging, and the capped count', async () => {
    const player = pid(G, 9);
    const made: OrderDetail[] = [];
    for (let i = 0; i < 5; i++) {
      kit.t.clock.advance(60);
      made.push(await create({ playerId: player, amount: 1000 + i * 100 }));
    }
    const from = made[0]?.createdAt ?? '';
    const search = (f: Record<string, unknown>) =>
      kit.ok<{ items: Order[]; total: number; totalCapped: boolean; page: number }>('orders.search', {
        game: G,
        ...f,
      });
    const mine = await search({ playerId: player, kind: 'manual', from });
    expect(mine.items.map((o) => o.orderId)).toEqual(made.map((o) => o.orderId).reverse());
    expect(mine).toMatchObject({ total: 5, totalCapped: false });
    const page2 = await search({ playerId: player, from, pageSize: 2, page: 2 });
    expect(page2.items.map((o) => o.orderId)).toEqual([made[2]?.orderId, made[1]?.orderId]);
    expect((await search({ playerId: player, from, amountMin: 1200, amountMax: 1300 })).total).toBe(2);
    expect((await search({ orderId: made[3]?.orderId.toLowerCase() })).items.map((o) => o.orderId)).toEqual([
      made[3]?.orderId,
    ]);
    expect((await search({ playerId: player, from, to: made[2]?.createdAt })).total).toBe(2);
    expect(
      (await search({ playerId: player, from, state: 'delivered', paymentStatus: ['Completed'] })).total,
    ).toBe(5);
    expect((await search({ playerId: player, from, paymentStatus: ['Pending', 'Rejected'] })).total).toBe(0);
    expect((await search({ playerId: player, from, approval: 'notNeeded', kind: 'purchase' })).total).toBe(0);
    // Seeded purchases: a provider and its reference find them.
    const paypal = await search({ provider: ['paypal'], kind: 'purchase' });
    expect(paypal.items.every((o) => o.provider === 'paypal')).toBe(true);
    const withRef = paypal.items.find((o) => o.providerRef);
    if (withRef)
      expect((await search({ providerRef: withRef.providerRef })).items.map((o) => o.orderId)).toContain(
        withRef.orderId,
      );
    await kit.fails('orders.search', { game: G, from: 'yesterday' }, Codes.VALIDATION);

    // More than 10,000 matches: the count stops there and says so.
    await sql`insert into orders (order_id, game, player_id, player_name, kind, "grant", grant_label, amount, currency, state, approval, created_by, created_at, updated_at)
      select 'GOP20250101C' || lpad(i::text, 9, '0'), 'party', '1', 'many', 'purchase', '{"kind":"amount"}'::jsonb, 'x', 100, 'USD', 'created', 'notNeeded', 'bench', ${now()}::timestamptz + make_interval(secs => 10051 - i), ${now()}
      from generate_series(1, 10050) as i`.execute(db());
    const many = await kit.ok<{ total: number; totalCapped: boolean; items: Order[] }>('orders.search', {
      game: 'party',
      playerId: '1',
    });
    expect(many).toMatchObject({ total: 10_000, totalCapped: true });
    expect(many.items[0]?.orderId).toBe('GOP20250101C000000001');
  });

  it('search sorts by time, amount or state both ways; equal keys keep one order across pages; an unknown column is refused', async () => {
    const states = ['created', 'paid', 'delivered', 'created', 'refunded', 'delivered'] as const;
    const amounts = [300, 100, 300, 200, 100, 300];
    const ids: string[] = [];
    for (const [i, state] of states.entries()) {
      kit.t.clock.advance(1);
      const id = await insertTestOrder(db(), { game: G, state, at: now(), g: 41 });
      await db()
        .updateTable('orders')
        .set({ amount: amounts[i] ?? 0 })
        .where('order_id', '=', id)
        .execute();
      ids.push(id);
    }
    const playerId = pid(G, 41);
    const read = (f: Record<string, unknown>) =>
      kit.ok<{ items: Order[]; total: number }>('orders.search', { game: G, playerId, ...f });
    const mine = (await read({ pageSize: 20 })).items;
    expect(mine.map((o) => o.orderId).sort()).toEqual([...ids].sort());
    await expectSortedBothWays(
      read,
      'amount',
      (o) => o.amount,
      (o) => o.orderId,
    );
    await expectSortedBothWays(
      read,
      'state',
      (o) => o.state,
      (o) => o.orderId,
    );
    await expectSortedBothWays(
      read,
      'createdAt',
      (o) => o.createdAt,
      (o) => o.orderId,
    );
    // Without a sort the list stays newest first.
    expect(mine.map((o) => o.orderId)).toEqual([...ids].reverse());
    await kit.fails('orders.search', { game: G, sort: 'playerName' }, Codes.VALIDATION);
    await kit.fails('orders.search', { game: G, sort: 'amount', order: 'up' }, Codes.VALIDATION);
    await kit.fails('orders.search', { game: G, sort: 'created_at; drop table orders' }, Codes.VALIDATION);
  });

  it('bulk: each row on its own, reported per row, with one audit entry per order', async () => {
    const created = await insertTestOrder(db(), { game: G, state: 'created', at: now() });
    const paid = await insertTestOrder(db(), { game: G, state: 'paid', at: now() });
    const missing = 'GOY20260115NOSUCHORDR';
    const r = await kit.ok<{
      results: { orderId: string; ok: boolean; code: number; message: string; state: string | null }[];
    }>('orders.bulk', {
      game: G,
      action: 'cancel',
      orderIds: [created, paid, missing],
      reason: 'cleanup',
    });
    expect(r.results).toEqual([
      { orderId: created, ok: true, code: Codes.OK, message: '', state: 'cancelled' },
      {
        orderId: paid,
        ok: false,
        code: Codes.CONFLICT,
        message: expect.stringMatching(/refund it instead/),
        state: 'paid',
      },
      {
        orderId: missing,
        ok: false,
        code: Codes.NOT_FOUND,
        message: expect.stringMatching(/no order/),
        state: null,
      },
    ]);
    expect((await orderDetail(db(), paid, 'en')).state).toBe('paid');
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'orders.cancel')
      .where('target', 'in', [created, paid, missing])
      .orderBy('id')
      .execute();
    expect(rows.map((e) => [e.target, e.outcome, e.code, e.reason])).toEqual([
      [created, 'ok', Codes.OK, 'cleanup'],
      [paid, 'error', Codes.CONFLICT, 'cleanup'],
      [missing, 'error', Codes.NOT_FOUND, 'cleanup'],
    ]);
    const call = await kit.lastAudit('orders.bulk');
    expect(call).toMatchObject({ outcome: 'ok', reason: 'cleanup', target: 'cancel × 3' });

    // Bulk approve: the creator's own rows are refused (40300), another's are approved and delivered.
    const mine = (await create({ amount: 60_000 })).orderId;
    const theirs = await insertTestOrder(db(), {
      game: G,
      state: 'created',
      at: now(),
      kind: 'manual',
      approval: 'pending',
      createdBy: 'ymmj',
    });
    const a = await kit.ok<{ results: { ok: boolean; code: number; state: string | null }[] }>(
      'orders.bulk',
      { game: G, action: 'approve', orderIds: [mine, theirs], reason: 'batch' },
    );
    expect(a.results.map((x) => [x.ok, x.code, x.state])).toEqual([
      [false, Codes.FORBIDDEN, 'created'],
      [true, Codes.OK, 'delivered'],
    ]);
  });

  it('the seed made orders with their history for every game', async () => {
    // Seeded orders are older than the test clock's start (the seed's anchor).
    const to = new Date(Date.UTC(2026, 0, 15, 9, 0, 0)).toISOString();
    for (const game of ['atomicwar', 'ymmj', 'lw', 'party'] as const) {
      const r = await kit.ok<{ total: number; items: Order[] }>('orders.search', {
        game,
        kind: 'purchase',
        to,
        pageSize: 50,
      });
      expect(r.total).toBeGreaterThan(0);
      const first = r.items[0];
      if (!first) throw new Error('no seeded order');
      const d = await kit.ok<OrderDetail>('orders.get', { game, orderId: first.orderId });
      expect(d.history[0]).toMatchObject({ from: null, to: 'created', action: 'create' });
      expect(d.history.at(-1)?.to).toBe(d.state);
      expect(THEMES[game].recharge.some((p) => p.price === d.amount)).toBe(true);
    }
  });
});
