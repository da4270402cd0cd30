import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../shared/api/orders.js';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import { insertTestBatch, signedRedeemInput } from '../giftCodes/test-kit.js';
import { PROVIDER_MODULES, sandboxNoticeKey } from '../payments/notify.js';
import type { ProviderKeys } from '../payments/keys.js';
import { NOTIFY_PATH } from '../payments/routes.js';
import { open } from '../platform/seal.js';
import { playerIdOf } from '../seed/players.js';
import { ApiClient, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { exited, forkTs, nextMessage } from '../../tests/support/processes.js';
import { LEADER_RETRY_SEC, type FromInstance, type ToInstance } from './instance-protocol.js';

/**
 * Three backend instances, each a process of its own (server/serve/instance-child.ts), on one
 * PostgreSQL database, with the test's requests spread over them, checked as a hostile client
 * would: what must happen once happens once whichever instances are asked at the same moment,
 * an alert raised on one reaches the others' long-polls within 1 s, and killing one (SIGKILL,
 * in the middle of writes) loses no acknowledged write while the others carry on and one of them
 * takes the checks over.
 */

const GAME = 'ymmj';
/** The pack pay.order sells (ymmj's first recharge pack). */
const PRODUCT = 22001;
/** After the checker's holder dies: one retry interval, and the engine's start on a loaded machine. */
const TAKEOVER_WITHIN_MS = LEADER_RETRY_SEC * 1000 + 2000;

interface Instance {
  n: number;
  child: ChildProcess;
  api: ApiClient;
  url: string;
}

function isMessage<T extends FromInstance['type']>(type: T) {
  return (m: unknown): m is Extract<FromInstance, { type: T }> =>
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;
}

/** Sends a question and waits for its answer (listening before asking). */
function ask<T extends FromInstance['type']>(
  inst: Instance,
  msg: ToInstance,
  type: T,
): Promise<Extract<FromInstance, { type: T }>> {
  const answer = nextMessage(inst.child, isMessage(type), 15_000);
  inst.child.send(msg);
  return answer;
}

describe.skipIf(!postgresUrl())('three backend instances on one PostgreSQL', () => {
  const secretsKey = randomBytes(32);
  let dbName: string;
  let database: OpenedDatabase;
  const instances: Instance[] = [];
  let token = '';
  let payToken = '';

  const start = async (n: number, env: NodeJS.ProcessEnv, databaseUrl: string): Promise<Instance> => {
    const child = forkTs('server/serve/instance-child.ts', [], {
      DATABASE_URL: databaseUrl,
      GAMEOPS_SECRETS_KEY: secretsKey.toString('base64'),
      ...env,
    });
    const { url } = await nextMessage(child, isMessage('ready'), 90_000);
    return { n, child, api: new ApiClient(url), url };
  };
  /** The instance for the i-th request of a spread. */
  const spread = (i: number, among: readonly Instance[] = instances) => among[i % among.length] as Instance;

  beforeAll(async () => {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const url = await createDatabase(postgresUrl(), dbName);
    // The first migrates and seeds; the other two start on the ready database, at once.
    instances.push(await start(0, { GAMEOPS_TEST_DEMO: '1', GAMEOPS_SEED: '5' }, url));
    instances.push(...(await Promise.all([start(1, {}, url), start(2, {}, url)])));
    database = await openDatabase({ databaseUrl: url });
    token = (await spread(1).api.login('super')).authToken;
    const pay = await spread(2).api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, token);
    payToken = pay.body.Data.token;
  }, 180_000);

  afterAll(async () => {
    for (const inst of instances) {
      if (inst.child.exitCode !== null || inst.child.signalCode !== null) continue;
      inst.child.disconnect();
      await exited(inst.child).catch(() => inst.child.kill('SIGKILL'));
    }
    await database?.close();
    if (dbName) await dropDatabase(postgresUrl(), dbName);
  });

  it('gives one success and 49 clear refusals to 50 redemptions of a single-use code across the three', async () => {
    const { codes } = await insertTestBatch(database.db, GAME, 'activeCode', { count: 1, now: new Date() });
    const code = codes[0] ?? '';
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        spread(i).api.call(
          ENDPOINTS['giftCodes.redeem'],
          signedRedeemInput(GAME, code, `racer-${i}`, Date.now(), { secretsKey }),
        ),
      ),
    );
    const byCode = replies.map((r) => r.body.Status.Code);
    expect(byCode.filter((c) => c === Codes.OK)).toHaveLength(1);
    expect(byCode.filter((c) => c === Codes.CONFLICT)).toHaveLength(49);
    for (const r of replies.filter((x) => x.body.Status.Code !== Codes.OK))
      expect(r.body.Status.Message).toMatch(/\S/);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from gift_code_redemptions
      where game = ${GAME} and code = ${code}`.execute(database.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('credits a payment notice sent to all three at once exactly once', async () => {
    const playerId = playerIdOf(GAME, 1);
    const paymentsOf = async () => {
      const { rows } = await sql<{ n: number }>`
        select coalesce(sum(payments), 0)::int as n from player_pay_days
        where game = ${GAME} and player_id = ${playerId}`.execute(database.db);
      return rows[0]?.n ?? 0;
    };
    const paymentsBefore = await paymentsOf();
    const order = await spread(0).api.call<OrderDetail>(
      ENDPOINTS['pay.order'],
      { game: GAME, playerId, productId: PRODUCT, requestId: `notice-${randomBytes(4).toString('hex')}` },
      payToken,
    );
    expect(order.body.Status.Code).toBe(Codes.OK);
    const { orderId, amount, currency } = order.body.Data;
    const paying = await spread(1).api.call<{ providerRef: string }>(
      ENDPOINTS['pay.do'],
      { provider: 'wechat', orderId },
      payToken,
    );
    expect(paying.body.Status.Code).toBe(Codes.OK);
    const sealed = await database.db
      .selectFrom('pay_sandbox_keys')
      .select('keys_sealed')
      .where('provider', '=', 'wechat')
      .executeTakeFirstOrThrow();
    const keys = JSON.parse(
      open(secretsKey, sealed.keys_sealed, 'gameops pay sandbox keys|wechat'),
    ) as ProviderKeys['wechat'];
    const notice = PROVIDER_MODULES.wechat.sign(
      {
        orderId,
        providerRef: paying.body.Data.providerRef,
        amount,
        currency,
        paid: true,
        noticeKey: sandboxNoticeKey('wechat'),
        at: new Date(),
      },
      keys,
    );
    const answers = await Promise.all(
      instances.map((inst) =>
        fetch(`${inst.url}${NOTIFY_PATH}/wechat`, {
          method: 'POST',
          headers: { ...notice.headers, 'content-type': notice.contentType },
          body: notice.body,
        }),
      ),
    );
    // Every copy is acknowledged to the provider (so it stops sending), one of them applied.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const outcomes = await database.db
      .selectFrom('payment_notices')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    // The player's payments moved by one, the game got one delivery, the order one paid step.
    expect(await paymentsOf()).toBe(paymentsBefore + 1);
    const paid = await sql<{ deliveries: number; paidSteps: number }>`
      select
        (select count(*)::int from game_deliveries where order_id = ${orderId}) as deliveries,
        (select count(*)::int from order_events where order_id = ${orderId} and to_state = 'paid') as "paidSteps"
    `.execute(database.db);
    expect(paid.rows[0]).toEqual({ deliveries: 1, paidSteps: 1 });
  });

  it('wakes the long-polls of the other two within 1 s of an alert raised on one', async () => {
    const others = instances.slice(1);
    const polls = await Promise.all(
      others.map(async (inst) => {
        const start = await inst.api.call<{ last: number }>(ENDPOINTS['serverWatch.events'], {}, token);
        let answeredAt = Number.POSITIVE_INFINITY;
        const answer = inst.api
          .call<{ events: WatchAlert[] }>(
            ENDPOINTS['serverWatch.events'],
            { after: start.body.Data.last, wait: 20 },
            token,
          )
          .then((r) => {
            answeredAt = Date.now();
            return r;
          });
        return { answer, answeredAt: () => answeredAt };
      }),
    );
    const orderId = `alert-${randomBytes(4).toString('hex')}`;
    const raised = await ask(spread(0), { type: 'raise', orderId }, 'raised');
    const committedAt = Date.now();
    expect(raised.raised).toBe(true);
    for (const poll of polls) {
      const events = (await poll.answer).body.Data.events;
      expect(events.map((e) => [e.kind, e.delivery?.orderId])).toEqual([['delivery', orderId]]);
      expect(poll.answeredAt() - committedAt).toBeLessThan(1000);
    }
  });

  it('keeps every acknowledged write when one is killed mid-load; the others carry on and take the checks over', async () => {
    const leading = await Promise.all(instances.map((inst) => ask(inst, { type: 'leading?' }, 'leading')));
    expect(leading.filter((l) => l.leading)).toHaveLength(1);
    const victim = instances[leading.findIndex((l) => l.leading)] as Instance;
    const survivors = instances.filter((inst) => inst !== victim);

    const acknowledged: { orderId: string; by: number; at: number }[] = [];
    let stop = false;
    let killedAt = Number.POSITIVE_INFINITY;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const inst = spread(w + i);
        try {
          const r = await inst.api.call<OrderDetail>(
            ENDPOINTS['pay.order'],
            { game: GAME, playerId: playerIdOf(GAME, 2), productId: PRODUCT, requestId: `load-${w}-${i}` },
            payToken,
          );
          if (r.body.Status.Code === Codes.OK)
            acknowledged.push({ orderId: r.body.Data.orderId, by: inst.n, at: Date.now() });
        } catch {
          // The killed instance's connection: not acknowledged, so nothing is owed.
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    await new Promise((r) => setTimeout(r, 500));
    victim.child.kill('SIGKILL');
    killedAt = Date.now();

    // Leadership moves to a survivor within the bound, while the writes go on.
    let newLeader: Instance | undefined;
    while (!newLeader && Date.now() - killedAt < TAKEOVER_WITHIN_MS + 5000) {
      const now = await Promise.all(survivors.map((inst) => ask(inst, { type: 'leading?' }, 'leading')));
      newLeader = survivors[now.findIndex((l) => l.leading)];
      if (!newLeader) await new Promise((r) => setTimeout(r, 100));
    }
    const tookOverAfter = Date.now() - killedAt;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await load;

    expect(newLeader).toBeDefined();
    expect(tookOverAfter).toBeLessThan(TAKEOVER_WITHIN_MS);
    expect(acknowledged.filter((a) => a.at < killedAt && a.by === victim.n).length).toBeGreaterThan(0);
    for (const inst of survivors)
      expect(acknowledged.filter((a) => a.at > killedAt && a.by === inst.n).length).toBeGreaterThan(0);
    const ids = acknowledged.map((a) => a.orderId);
    const stored = await database.db
      .selectFrom('orders')
      .select('order_id')
      .where('order_id', 'in', ids)
      .execute();
    expect(stored.map((s) => s.order_id).sort()).toEqual([...ids].sort());
  });
});
