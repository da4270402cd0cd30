import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { planRequest } from '../shared/api/endpoint.js';
import type { OrderDetail, Provider } from '../shared/api/orders.js';
import { ENDPOINTS, type EndpointId } from '../shared/api/table.js';
import { SERVICE_BASE_PATHS } from '../shared/games.js';
import { startBackend, type BackendOptions, type RunningBackend } from '../server/backend.js';
import type { ProviderKeys } from '../server/payments/keys.js';
import { PROVIDER_MODULES, sandboxNoticeKey } from '../server/payments/notify.js';
import type { NoticeRequest, ProviderModule } from '../server/payments/providers/types.js';
import { NOTIFY_PATH } from '../server/payments/routes.js';
import { open } from '../server/platform/seal.js';
import { SECRETS_KEY_ENV, secretsKeyOf } from '../server/platform/secrets-key.js';
import { DEMO_PASSWORD } from '../server/seed/operators.js';
import { playerIdOf } from '../server/seed/players.js';
import { benchOnEachDatabase } from './each-database.js';
import { startServerProcess } from './server-process.js';
import { openDatabase } from '../server/db/open.js';

/**
 * `npx tsx bench/payments.ts`: payment notices per second through the notify route, on PGlite
 * (in a data folder) and PostgreSQL 15. BENCH_PAY_ORDERS orders (default 2,000, the four
 * providers in turn) are opened and sent to checkout over the API; each provider's notice is
 * signed beforehand as the provider would (the provider's cost, not ours). Then every notice is
 * POSTed over HTTP, BENCH_PAY_CONCURRENCY at a time (default 16): each is verified (RSA or MD5,
 * WeChat's resource opened), recorded, applied and its order delivered. A second pass posts them
 * all again: each is a replay, verified and recorded as a duplicate. Goal: >= 500 notices/s.
 * The notices are sent from a worker thread: the providers' HTTP clients are other machines, and
 * on PGlite the backend (database included) runs on this one thread, which a sender would share.
 * BENCH_DB=pglite|postgres runs one database.
 *
 * On PostgreSQL a third pass sends another BENCH_PAY_ORDERS notices to the server as deployed with
 * `--workers BENCH_PAY_INSTANCES` (default 3: three processes on one port, one database; issue 21:
 * >= 2,000 notices/s over three instances, exactly once): each notice twice, the copies spread over
 * the instances by the cluster; then every order must be paid once and each notice recorded once
 * as applied and once as a duplicate.
 */

const ORDERS = Number(process.env['BENCH_PAY_ORDERS'] ?? 2000);
const CONCURRENCY = Number(process.env['BENCH_PAY_CONCURRENCY'] ?? 16);
const GOAL = 500;
const INSTANCES = Number(process.env['BENCH_PAY_INSTANCES'] ?? 3);
const INSTANCES_GOAL = 2000;
const PROVIDERS: Provider[] = ['wechat', 'alipay', 'paypal', 'payssion'];

interface Envelope<T> {
  Status: { Code: number; Message?: string };
  Data: T;
}

async function call<T>(
  url: string,
  id: EndpointId,
  input: Record<string, unknown>,
  token: string,
): Promise<T> {
  const ep = ENDPOINTS[id];
  const plan = planRequest(ep, input);
  const r = await fetch(`${url}${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
    method: plan.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(plan.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(plan.body ? { body: JSON.stringify(plan.body) } : {}),
  });
  const env = (await r.json()) as Envelope<T>;
  if (env.Status.Code !== 1) throw new Error(`${id}: ${JSON.stringify(env.Status)}`);
  return env.Data;
}

/** Runs `jobs` with at most `n` at once. */
async function pool<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await (jobs[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}

interface SendJob {
  url: string;
  concurrency: number;
  notices: { path: string; headers: Record<string, string>; body: string }[];
}

/** The sender, in plain JavaScript so the worker needs no TypeScript loader. */
const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, concurrency, notices } = workerData;
(async () => {
  const statuses = new Array(notices.length);
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < notices.length) {
      const i = next++;
      const n = notices[i];
      const r = await fetch(url + n.path, { method: 'POST', headers: n.headers, body: n.body });
      await r.arrayBuffer();
      statuses[i] = r.status;
    }
  }));
  parentPort.postMessage({ seconds: (performance.now() - start) / 1000, statuses });
})();
`;

/** Posts every notice from a worker thread, `concurrency` at a time; its own timing. */
function sendAll(url: string, notices: { provider: Provider; req: NoticeRequest }[]) {
  const job: SendJob = {
    url,
    concurrency: CONCURRENCY,
    notices: notices.map((n) => ({
      path: `${NOTIFY_PATH}/${n.provider}`,
      headers: { ...n.req.headers, 'content-type': n.req.contentType },
      body: n.req.body,
    })),
  };
  return new Promise<{ seconds: number; statuses: number[] }>((resolve, reject) => {
    const worker = new Worker(SENDER, { eval: true, workerData: job });
    worker.once('message', (m: { seconds: number; statuses: number[] }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

type Notice = { provider: Provider; req: NoticeRequest };
type Keys = { [P in Provider]: ProviderKeys[P] };

/** Opens `count` orders over the API and sends each to checkout with its provider (in turn). */
async function openOrders(url: string, token: string, count: number) {
  return pool(
    Array.from({ length: count }, (_, i) => async () => {
      const provider = PROVIDERS[i % PROVIDERS.length] as Provider;
      const order = await call<OrderDetail>(
        url,
        'pay.order',
        {
          game: 'ymmj',
          playerId: playerIdOf('ymmj', 1 + (i % 20)),
          productId: 22001,
          requestId: `bench-${i}-${randomBytes(3).toString('hex')}`,
        },
        token,
      );
      const started = await call<{ providerRef: string }>(
        url,
        'pay.do',
        { provider, orderId: order.orderId },
        token,
      );
      return { provider, order, providerRef: started.providerRef };
    }),
    CONCURRENCY,
  );
}

/** Each order's paid notice, signed beforehand as its provider would (the provider's cost, not ours). */
function signNotices(orders: Awaited<ReturnType<typeof openOrders>>, keys: Keys): Notice[] {
  // The notices' own time: the backend's clock now (they are sent within the 5 minutes).
  const at = new Date();
  return orders.map((o) => ({
    provider: o.provider,
    req: (PROVIDER_MODULES[o.provider] as ProviderModule<unknown>).sign(
      {
        orderId: o.order.orderId,
        providerRef: o.providerRef,
        amount: o.order.amount,
        currency: o.order.currency,
        paid: true,
        noticeKey: sandboxNoticeKey(o.provider),
        at,
      },
      keys[o.provider],
    ),
  }));
}

/** Notices by outcome, and orders paid or delivered, among `orderIds` (all orders when omitted). */
async function outcomesOf(db: RunningBackend['database']['db'], orderIds?: readonly string[]) {
  let notices = db.selectFrom('payment_notices').select(['outcome', db.fn.countAll<number>().as('n')]);
  let paid = db
    .selectFrom('orders')
    .select(db.fn.countAll<number>().as('n'))
    .where('state', 'in', ['paid', 'delivered']);
  if (orderIds) {
    notices = notices.where('order_id', 'in', orderIds);
    paid = paid.where('order_id', 'in', orderIds);
  }
  const rows = await notices.groupBy('outcome').execute();
  return {
    notices: Object.fromEntries(rows.map((o) => [o.outcome, Number(o.n)])) as Record<string, number>,
    paid: Number((await paid.executeTakeFirstOrThrow()).n),
  };
}

/** The server as deployed (`server/cli.ts --workers n`) on the bench's database, with the bench's secrets key. */
function startCluster(databaseUrl: string, secretsKey: Buffer, n: number) {
  return startServerProcess(
    ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--workers', String(n)],
    { DATABASE_URL: databaseUrl, [SECRETS_KEY_ENV]: secretsKey.toString('hex') },
    n,
  );
}

async function bench(kind: 'pglite' | 'postgres', options: BackendOptions): Promise<void> {
  const rawKey = randomBytes(32);
  const secrets = secretsKeyOf(rawKey, 'given');
  const backend: RunningBackend = await startBackend({
    ...options,
    secretsKey: secrets,
    seedPlayers: 20,
    demo: true,
    serverWatch: false,
  });
  let closed = false;
  try {
    const url = backend.url;
    const login = await fetch(`${url}/api/v1/sr/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'super', password: DEMO_PASSWORD }),
    });
    const session = ((await login.json()) as Envelope<{ authToken: string }>).Data.authToken;
    const { token } = await call<{ token: string }>(url, 'payServer.signIn', {}, session);

    const t0 = performance.now();
    const orders = await openOrders(url, token, ORDERS);
    const setupS = (performance.now() - t0) / 1000;

    const db = backend.database.db;
    const keyRows = await db.selectFrom('pay_sandbox_keys').selectAll().execute();
    if (!secrets.available) throw new Error('no secrets key');
    const keys = Object.fromEntries(
      keyRows.map((r) => [
        r.provider,
        JSON.parse(open(secrets.key, r.keys_sealed, `gameops pay sandbox keys|${r.provider}`)) as unknown,
      ]),
    ) as Keys;
    const notices = signNotices(orders, keys);

    const report = (
      label: string,
      count: number,
      s: number,
      statuses: number[],
      goal: number,
      how: string,
    ) => {
      const bad = statuses.filter((x) => x !== 200).length;
      const rate = count / s;
      console.log(
        `${kind.padEnd(8)} ${label.padEnd(34)} ${count} notices in ${s.toFixed(2)} s = ${rate.toFixed(0)} notices/s ` +
          `(${how}; goal >= ${goal}: ${rate >= goal ? 'met' : 'NOT met'})${bad ? `; ${bad} not 200` : ''}`,
      );
    };
    const pass = async (label: string) => {
      const { seconds: s, statuses } = await sendAll(url, notices);
      report(label, notices.length, s, statuses, GOAL, `${CONCURRENCY} at once`);
    };
    console.log(
      `${kind.padEnd(8)} setup: ${ORDERS} orders opened and sent to checkout in ${setupS.toFixed(1)} s`,
    );
    await pass('first delivery (apply + deliver)');
    await pass('replays (verify + duplicate)');

    const first = await outcomesOf(db);
    const delivered = await db
      .selectFrom('orders')
      .select(db.fn.countAll<number>().as('n'))
      .where('state', '=', 'delivered')
      .executeTakeFirstOrThrow();
    console.log(
      `${kind.padEnd(8)} notices: ${Object.entries(first.notices)
        .map(([o, n]) => `${o} ${n}`)
        .join(', ')}; orders delivered: ${Number(delivered.n)}`,
    );

    if (kind !== 'postgres' || !('databaseUrl' in options) || !options.databaseUrl || INSTANCES < 2) return;
    // Three instances: new orders, their notices signed, then the in-process backend out of the way.
    const more = await openOrders(url, token, ORDERS);
    const moreNotices = signNotices(more, keys);
    const ids = more.map((o) => o.order.orderId);
    await backend.close();
    closed = true;
    const cluster = await startCluster(options.databaseUrl, rawKey, INSTANCES);
    try {
      // Every notice twice in one stream: the copies race on different instances.
      const twice = [...moreNotices, ...moreNotices];
      const { seconds: s, statuses } = await sendAll(cluster.url, twice);
      report(
        `${INSTANCES} instances (--workers), each twice`,
        twice.length,
        s,
        statuses,
        INSTANCES_GOAL,
        `${CONCURRENCY} at once`,
      );
    } finally {
      await cluster.stop();
    }
    const opened = await openDatabase({ databaseUrl: options.databaseUrl });
    try {
      const after = await outcomesOf(opened.db, ids);
      const once =
        after.paid === ORDERS && after.notices['applied'] === ORDERS && after.notices['duplicate'] === ORDERS;
      console.log(
        `${kind.padEnd(8)} ${INSTANCES} instances: ${after.paid} of ${ORDERS} orders paid; notices ${Object.entries(
          after.notices,
        )
          .map(([o, n]) => `${o} ${n}`)
          .join(', ')}: ${once ? 'exactly once' : 'NOT exactly once'}`,
      );
    } finally {
      await opened.close();
    }
  } finally {
    if (!closed) await backend.close();
  }
}

benchOnEachDatabase('payments', bench);
