import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../shared/api/orders.js';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import type { GameId } from '../../shared/games.js';
import { THEMES } from '../players/themes/index.js';
import { startBackend, type RunningBackend } from '../backend.js';
import { backendKinds, postgresUrl, TEST_SCRYPT, TestClock } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { pid, useKit } from '../../tests/support/api-kit.js';
import { ALERT_AFTER_FAILURES, DELIVERY_LEASE_MS, RETRY_CAP_MS, retryDelayMs } from './backoff.js';
import { setDeliveryTarget, TABLE_TARGET, type DeliveryTarget } from './delivery.js';
import { createPurchaseOrder } from './ledger/create.js';
import { applyPayment, startPaying } from './ledger/payment.js';
import { orderDetail } from './ledger/read.js';
import { claimDue } from './redelivery.js';

/**
 * The delivery job on both databases: a paid order whose delivery never ran is delivered by the
 * backend once its lease is over; a game that keeps failing is tried again with back-off, raises
 * one alert through server watch after ALERT_AFTER_FAILURES failures and shows it on the order;
 * once the game answers, the order is delivered once. Two claims at the same instant never take
 * the same order, nor do two backends on one PostgreSQL database.
 */

const G: GameId = 'ymmj';
const LEASE_S = DELIVERY_LEASE_MS / 1000;

describe('the back-off', () => {
  it('doubles from 30 s after each failure, up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000,
    ]);
    expect(retryDelayMs(8)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(10_000)).toBe(RETRY_CAP_MS);
  });
});

describe.each(backendKinds())('the delivery job on %s', (kind) => {
  const kit = useKit(kind);
  let n = 0;
  const db = () => kit.t.backend.database.db;
  const now = () => new Date(kit.t.clock.now);
  const job = () => {
    const r = kit.t.backend.redelivery;
    if (!r) throw new Error('the test backend has no delivery job');
    return r;
  };

  /** The game: counts each delivery request per order; refuses while `failing`. */
  const requests = new Map<string, number>();
  let failing = false;
  const game: DeliveryTarget = {
    async deliver(handle, req, at) {
      requests.set(req.orderId, (requests.get(req.orderId) ?? 0) + 1);
      if (failing)
        return {
          ok: false,
          error: {
            en: 'the game server refused the delivery (HTTP 503)',
            'zh-CN': '游戏服务器拒绝了发货（HTTP 503）',
          },
        };
      return TABLE_TARGET.deliver(handle, req, at);
    },
  };
  afterEach(() => {
    failing = false;
    setDeliveryTarget(db(), null);
  });

  /** A purchase paid by its provider whose delivery never ran (as after a crash right there). */
  async function paidOrder(): Promise<string> {
    const pack = THEMES[G].recharge[0];
    if (!pack) throw new Error('no recharge pack');
    const order = await createPurchaseOrder(db(), {
      game: G,
      playerId: pid(G, 4),
      productId: pack.id,
      requestId: `redelivery-${kind}-${++n}`,
      by: 'pay-server',
      now: now(),
    });
    await startPaying(db(), {
      orderId: order.orderId,
      provider: 'alipay',
      providerRef: `ALI-${n}`,
      now: now(),
    });
    const paid = await applyPayment(db(), {
      orderId: order.orderId,
      provider: 'alipay',
      providerRef: `ALI-${n}`,
      amount: pack.price,
      currency: THEMES[G].currency,
      now: now(),
      by: 'provider:alipay',
    });
    expect(paid.outcome).toBe('applied');
    return order.orderId;
  }
  const detail = (orderId: string) => kit.ok<OrderDetail>('orders.get', { game: G, orderId });
  const granted = async (orderId: string) =>
    (await db().selectFrom('game_deliveries').select('order_id').where('order_id', '=', orderId).execute())
      .length;

  it('delivers a paid, undelivered order once the payment’s own delivery had its time, once', async () => {
    setDeliveryTarget(db(), game);
    const orderId = await paidOrder();
    expect(await detail(orderId)).toMatchObject({
      state: 'paid',
      nextDeliveryAt: new Date(kit.t.clock.now + DELIVERY_LEASE_MS).toISOString(),
    });

    // Within the lease the job leaves it to the delivery that follows the payment.
    await job().runDue();
    expect(requests.get(orderId)).toBeUndefined();

    await kit.advance(LEASE_S);
    await job().runDue();
    const after = await detail(orderId);
    expect(after).toMatchObject({ state: 'delivered', deliveryAttempts: 1, nextDeliveryAt: null });
    expect(after.history.at(-1)).toMatchObject({ to: 'delivered', action: 'retry', by: 'system' });

    await kit.advance(3600);
    await job().runDue();
    expect(requests.get(orderId)).toBe(1);
    expect(await granted(orderId)).toBe(1);
  });

  it('tries a failing game again with back-off, alerts once after five failures, then delivers once', async () => {
    setDeliveryTarget(db(), game);
    failing = true;
    const orderId = await paidOrder();
    const alerts = async () =>
      db()
        .selectFrom('server_watch_events')
        .selectAll()
        .where('kind', '=', 'delivery')
        .where('server_name', '=', orderId)
        .execute();

    await kit.advance(LEASE_S);
    let alertedAt: string | null = null;
    for (let failures = 1; failures <= ALERT_AFTER_FAILURES + 1; failures++) {
      await job().runDue();
      const d = await detail(orderId);
      expect(d).toMatchObject({
        state: 'deliveryFailed',
        deliveryAttempts: failures,
        deliveryError: 'the game server refused the delivery (HTTP 503)',
        nextDeliveryAt: new Date(kit.t.clock.now + retryDelayMs(failures)).toISOString(),
      });
      // Marked when the alert was raised, at the fifth failure, and left so.
      if (failures === ALERT_AFTER_FAILURES) alertedAt = now().toISOString();
      expect(d.deliveryAlertedAt).toBe(alertedAt);
      expect(await alerts()).toHaveLength(failures >= ALERT_AFTER_FAILURES ? 1 : 0);
      // Not due again before its back-off is over.
      await kit.advance(retryDelayMs(failures) / 1000 - 1);
      await job().runDue();
      expect(requests.get(orderId)).toBe(failures);
      await kit.advance(1);
    }

    // The alert reaches the game's admins through server watch's alert log.
    const events = await kit.ok<{ events: WatchAlert[] }>('serverWatch.events', {});
    const alert = events.events.find((e) => e.kind === 'delivery' && e.delivery?.orderId === orderId);
    expect(alert).toMatchObject({
      game: G,
      serverId: null,
      notify: true,
      delivery: {
        orderId,
        attempts: ALERT_AFTER_FAILURES,
        error: { en: 'the game server refused the delivery (HTTP 503)' },
      },
    });
    expect((await orderDetail(db(), orderId, 'zh-CN')).deliveryError).toBe(
      '游戏服务器拒绝了发货（HTTP 503）',
    );

    // The game answers again: the next try delivers it, once, and the queue lets it go.
    failing = false;
    await job().runDue();
    const after = await detail(orderId);
    expect(after).toMatchObject({ state: 'delivered', nextDeliveryAt: null, deliveryError: null });
    expect(after.history.filter((e) => e.to === 'delivered')).toHaveLength(1);
    expect(await granted(orderId)).toBe(1);
    expect(await alerts()).toHaveLength(1);
  });

  it('never gives one order to two claims made at the same instant', async () => {
    setDeliveryTarget(db(), game);
    failing = true;
    const ids = await Promise.all(Array.from({ length: 12 }, () => paidOrder()));
    await kit.advance(LEASE_S);
    const at = now();
    const [a, b] = await Promise.all([claimDue(db(), at, 50), claimDue(db(), at, 50)]);
    const claimed = [...a, ...b].map((r) => r.order_id).filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Claimed: no run takes them again before the lease is over.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders
      where next_delivery_at <= ${at} and state in ('paid', 'deliveryFailed')`.execute(db());
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

/**
 * Two backends on one PostgreSQL database, each with its own delivery job, both running at the
 * same instant over the same due orders: every order is delivered by one of them, once.
 */
describe.skipIf(!postgresUrl())('the delivery job of two backends on one PostgreSQL database', () => {
  const clock = new TestClock();
  let dbName: string;
  let backends: RunningBackend[] = [];
  beforeAll(async () => {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const databaseUrl = await createDatabase(postgresUrl(), dbName);
    const start = () =>
      startBackend({
        databaseUrl,
        demo: true,
        seedPlayers: 5,
        clock: clock.fn,
        auth: { scrypt: TEST_SCRYPT },
        serverWatch: false,
        redelivery: { everyMs: 0, batch: 3 },
      });
    backends = [await start(), await start()];
  });
  afterAll(async () => {
    for (const b of backends) await b.close();
    await dropDatabase(postgresUrl(), dbName);
  });

  it('delivers each order once between them', async () => {
    const [a, b] = backends;
    if (!a || !b) throw new Error('the backends did not start');
    const db = a.database.db;
    // Each backend's game counts what it was asked; a slow answer keeps both jobs busy at once.
    const asked = new Map<string, string[]>();
    const counting = (name: string): DeliveryTarget => ({
      async deliver(handle, req, at) {
        asked.set(req.orderId, [...(asked.get(req.orderId) ?? []), name]);
        await new Promise((r) => setTimeout(r, 20));
        return TABLE_TARGET.deliver(handle, req, at);
      },
    });
    setDeliveryTarget(a.database.db, counting('a'));
    setDeliveryTarget(b.database.db, counting('b'));
    const pack = THEMES[G].recharge[0];
    if (!pack) throw new Error('no recharge pack');
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const at = new Date(clock.now);
      const o = await createPurchaseOrder(db, {
        game: G,
        playerId: pid(G, 1),
        productId: pack.id,
        requestId: `two-backends-${i}`,
        by: 'pay-server',
        now: at,
      });
      await startPaying(db, { orderId: o.orderId, provider: 'wechat', providerRef: `WX-TWO-${i}`, now: at });
      await applyPayment(db, {
        orderId: o.orderId,
        provider: 'wechat',
        providerRef: `WX-TWO-${i}`,
        amount: pack.price,
        currency: THEMES[G].currency,
        now: at,
        by: 'provider:wechat',
      });
      ids.push(o.orderId);
    }
    clock.advance(LEASE_S);
    const [byA, byB] = await Promise.all([a.redelivery?.runDue(), b.redelivery?.runDue()]);
    expect((byA ?? 0) + (byB ?? 0)).toBe(ids.length);
    for (const id of ids) expect(asked.get(id)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders
      where order_id in (${sql.join(ids)}) and state = 'delivered'`.execute(db);
    expect(Number(rows[0]?.n)).toBe(ids.length);
    const events = await db
      .selectFrom('order_events')
      .select('order_id')
      .where('order_id', 'in', ids)
      .where('to_state', '=', 'delivered')
      .execute();
    expect(events).toHaveLength(ids.length);
  });
});
