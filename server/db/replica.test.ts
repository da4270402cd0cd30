import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetail } from '../../shared/api/orders.js';
import type { ShopDailyReport } from '../../shared/api/reports.js';
import type { ReadFrom } from '../../shared/api/read-from.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { startBackend, type RunningBackend } from '../backend.js';
import { THEMES } from '../players/themes/index.js';
import { secretsKeyOf } from '../platform/secrets-key.js';
import { playerIdOf } from '../seed/players.js';
import { ApiClient, TEST_SCRYPT, TestClock, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { startReplica, type Replica } from '../../tests/support/replica.js';
import { dayIn } from '../reports/days.js';

/**
 * A backend with DATABASE_READ_URL on a real streaming replica of the test cluster (pg_basebackup
 * of it, on the same machine): reports come from the replica and say so, a write and the read
 * after it go to the primary, a replica paused past the bound or stopped leaves the reads to the
 * primary, saying why, and the log says each change once. PostgreSQL only: the embedded database
 * has no replica.
 */

const G: GameId = 'ymmj';
const MAX_LAG_SEC = 3;
const ITEM = THEMES[G].shop[0]?.id ?? 1;

/** Asks `probe` again (every 100 ms, at most `tries` times) until it answers something `done` accepts. */
async function until<T>(probe: () => Promise<T>, done: (t: T) => boolean, tries = 150): Promise<T> {
  let last = await probe();
  for (let i = 1; i < tries && !done(last); i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

describe.skipIf(!postgresUrl())('reads from a streaming replica (PostgreSQL)', () => {
  const admin = postgresUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const clock = new TestClock();
  const logs: { level: number; msg: string }[] = [];
  let replica: Replica;
  let backend: RunningBackend;
  let api: ApiClient;
  let token = '';

  beforeAll(async () => {
    replica = await startReplica(admin);
    const databaseUrl = await createDatabase(admin, name);
    backend = await startBackend({
      databaseUrl,
      databaseReadUrl: replica.urlOf(name),
      replica: { maxLagSec: MAX_LAG_SEC, checkEveryMs: 100, checkTimeoutMs: 2_000 },
      secretsKey: secretsKeyOf(randomBytes(32), 'given'),
      seedPlayers: 20,
      demo: true,
      auth: { scrypt: TEST_SCRYPT },
      clock: clock.fn,
      serverWatch: false,
      redelivery: false,
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }),
        },
      },
    });
    api = new ApiClient(backend.url);
    token = (await api.login('admin')).authToken;
  });

  afterAll(async () => {
    await backend?.close();
    await replica?.remove();
    await dropDatabase(admin, name);
  });

  const call = async <T>(id: EndpointId, input: Record<string, unknown>): Promise<T> => {
    const r = await api.call<T>(ENDPOINTS[id], input, token);
    expect(r.body.Status, id).toEqual({ Code: Codes.OK });
    return r.body.Data;
  };
  const today = () => dayIn('Asia/Shanghai', new Date(clock.now));
  const shopReport = () =>
    call<ShopDailyReport>('reports.shopDaily', { game: G, start: today(), end: today() });
  const purchases = (r: ShopDailyReport) => r.rows.find((row) => row.itemId === ITEM)?.purchases ?? 0;
  let bought = 0;
  /** A purchase in the shop today, at a time no seeded purchase has, straight on the primary. */
  const buy = () =>
    sql`insert into shop_purchases (game, player_id, at, item_id, units, amount)
      values (${G}, ${playerIdOf(G, 1)}, ${new Date(clock.now - 3_600_000 + ++bought * 1000 + 321)},
        ${ITEM}, 1, 10)`.execute(backend.database.db);
  const caughtUp = () =>
    until(
      () => replica.caughtUp(admin),
      (ok) => ok,
    );
  /** Calls of statistics and boards, which read the replica and say where they read. */
  const sayingWhere = (): [EndpointId, Record<string, unknown>][] => [
    ['matchStats.days', { game: G, start: today(), end: today() }],
    ['ipStats.list', { game: G, page: 1, pageSize: 5 }],
    ['clientIps.list', { game: G, start: today(), end: today(), ip: '10.0.0.1', page: 1, pageSize: 5 }],
    ['leaderboards.top', { game: G }],
    ['leaderboards.page', { game: G, page: 1, pageSize: 5 }],
  ];
  const said = (text: string) => logs.filter((l) => l.msg.includes(text)).length;

  it('reads a report from the replica, which shows a write on the primary once it has replayed it', async () => {
    expect(await caughtUp()).toBe(true);
    const before = await until(shopReport, (r) => r.readFrom?.source === 'replica');
    expect(before.readFrom).toEqual({ source: 'replica', lagSec: expect.any(Number) as number });
    // Statistics and boards say it too; a list whose answer has no place for it is left as it is.
    for (const [id, input] of sayingWhere()) {
      const r = await call<{ readFrom?: ReadFrom }>(id, input);
      expect(r.readFrom, id).toEqual({ source: 'replica', lagSec: expect.any(Number) as number });
    }
    expect(await call<object>('orders.search', { game: G, page: 1, pageSize: 5 })).not.toHaveProperty(
      'readFrom',
    );
    await buy();
    const after = await until(shopReport, (r) => purchases(r) === purchases(before) + 1);
    expect(purchases(after)).toBe(purchases(before) + 1);
    expect(after.readFrom?.source).toBe('replica');
    expect(said('reads that may lag go to the read replica')).toBe(1);
    const metrics = await (await fetch(`${backend.url}/metrics`)).text();
    expect(metrics).toMatch(/^gameops_replica_up 1$/m);
    expect(metrics).toMatch(/^gameops_replica_lag_seconds \d/m);
  });

  it('sends a write and the read after it to the primary while the replica lags; back when it catches up', async () => {
    expect(await caughtUp()).toBe(true);
    // Caught up, and the server knows it: its last check found the replica within the bound.
    const current = await until(shopReport, (r) => r.readFrom?.source === 'replica');
    expect(current.readFrom?.source).toBe('replica');
    const before = purchases(current);
    let orderId: string;
    await replica.pause();
    try {
      await buy();
      // The replica has not replayed it, and says it is the replica answering.
      const stale = await shopReport();
      expect(stale.readFrom?.source).toBe('replica');
      expect(purchases(stale)).toBe(before);

      const made = await call<OrderDetail>('orders.create', {
        game: G,
        playerId: playerIdOf(G, 3),
        grant: { kind: 'amount' },
        amount: 500,
        requestId: randomBytes(8).toString('hex'),
        reason: 'replica test',
      });
      // Its detail, opened right after, is the primary's: it is there at once.
      orderId = made.orderId;
      const detail = await call<OrderDetail>('orders.get', { game: G, orderId });
      expect(detail.orderId).toBe(orderId);

      // Paused, the replica falls behind past the bound: reports come from the primary, saying why.
      const fallback = await until(shopReport, (r) => r.readFrom?.source === 'primary');
      expect(fallback.readFrom).toEqual({
        source: 'primary',
        reason: 'replicaBehind',
        lagSec: expect.any(Number) as number,
      });
      expect((fallback.readFrom as Extract<ReadFrom, { source: 'primary' }>).lagSec).toBeGreaterThan(
        MAX_LAG_SEC,
      );
      expect(purchases(fallback)).toBe(before + 1);
      // Said once, however many reads fell back.
      await shopReport();
      await shopReport();
      expect(said('behind (more than')).toBe(1);
    } finally {
      await replica.resume();
    }
    const back = await until(shopReport, (r) => r.readFrom?.source === 'replica');
    expect(back.readFrom?.source).toBe('replica');
    expect(purchases(back)).toBe(before + 1);
    expect(said('reads that may lag go to the read replica')).toBe(2);
    // The list, read from the replica again, has the order made while it was paused.
    const list = await call<{ items: Order[] }>('orders.search', { game: G, orderId });
    expect(list.items.map((o) => o.orderId)).toEqual([orderId]);
  });

  it('answers reports from the primary when the replica stops, saying so, and stays ready', async () => {
    const before = purchases(await shopReport());
    await replica.stop();
    await buy();
    // The first read after the stop finds it gone, and is answered by the primary all the same.
    const first = await shopReport();
    expect(first.readFrom).toEqual({ source: 'primary', reason: 'replicaDown' });
    expect(purchases(first)).toBe(before + 1);
    const again = await shopReport();
    expect(again.readFrom).toEqual({ source: 'primary', reason: 'replicaDown' });
    for (const [id, input] of sayingWhere()) {
      const r = await call<{ readFrom?: ReadFrom }>(id, input);
      expect(r.readFrom, id).toEqual({ source: 'primary', reason: 'replicaDown' });
    }
    expect(said('the read replica does not answer')).toBe(1);
    // The primary is what readiness is about.
    expect((await fetch(`${backend.url}/ready`)).status).toBe(200);
    const metrics = await (await fetch(`${backend.url}/metrics`)).text();
    expect(metrics).toMatch(/^gameops_replica_up 0$/m);
    expect(metrics).toMatch(/^gameops_replica_lag_seconds nan$/im);
  });
});
