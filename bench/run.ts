import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_AUTH } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/open.js';
import { seedDemoOperators } from '../server/seed/operators.js';
import { seedPlayers } from '../server/seed/players.js';
import type { WorkerMessage } from '../server/worker-protocol.js';
import { exited, forkTs, nextMessage } from '../tests/support/processes.js';
import { createDatabase, startPostgres, type PostgresCluster } from '../tests/support/postgres.js';

/**
 * `npm run bench`: seeds 1,000,000 players in one game, then times calls through the HTTP API of
 * the backend running as main runs it (the forked worker), on PGlite and, when it can start, on
 * PostgreSQL. Prints one table. Later issues add scenarios to SCENARIOS.
 *
 * Environment: BENCH_PLAYERS (default 1000000), BENCH_REQUESTS (default 200), BENCH_SKIP_POSTGRES=1.
 */

const PLAYERS = Number(process.env['BENCH_PLAYERS'] ?? 1_000_000);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const WARMUP = 10;
const GAME = 'atomicwar';
const HARD_LIMIT_MS = 30 * 60_000;

interface Api {
  url: string;
  post(path: string, body: unknown, token?: string): Promise<{ Status: { Code: number }; Data: unknown }>;
  get(path: string, token: string): Promise<{ Status: { Code: number }; Data: unknown }>;
  account: string;
  password: string;
}

/** One timed call. `prepare` runs once untimed and returns the call to time. */
interface Scenario {
  name: string;
  prepare(api: Api): Promise<() => Promise<void>>;
}

async function login(api: Api): Promise<{ authToken: string; refreshToken: string }> {
  const r = await api.post('/api/v1/sr/admin/login', { account: api.account, password: api.password });
  if (r.Status.Code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(r.Status)}`);
  return r.Data as { authToken: string; refreshToken: string };
}

function expectOk(r: { Status: { Code: number } }, what: string): void {
  if (r.Status.Code !== 1) throw new Error(`${what} failed: ${JSON.stringify(r.Status)}`);
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'sign-in (auth.login)',
    prepare: async (api) => async () => {
      await login(api);
    },
  },
  {
    name: 'refresh (auth.refresh, rotating)',
    prepare: async (api) => {
      let token = (await login(api)).refreshToken;
      return async () => {
        const r = await api.post('/api/v1/sr/admin/refresh', { refreshToken: token });
        expectOk(r, 'refresh');
        token = (r.Data as { refreshToken: string }).refreshToken;
      };
    },
  },
  {
    name: 'session user (auth.session)',
    prepare: async (api) => {
      const { authToken } = await login(api);
      return async () => expectOk(await api.get('/api/v1/sr/admin/session', authToken), 'session');
    },
  },
  {
    name: 'operator list (users.list, q)',
    prepare: async (api) => {
      const { authToken } = await login(api);
      return async () =>
        expectOk(await api.get('/api/v1/sr/admin/users?page=1&pageSize=20&q=a', authToken), 'list');
    },
  },
];

function makeApi(url: string, account: string, password: string): Api {
  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers['authorization'] = `Bearer ${token}`;
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { Status: { Code: number }; Data: unknown };
  };
  return {
    url,
    account,
    password,
    post: (path, body, token) => send('POST', path, body, token),
    get: (path, token) => send('GET', path, undefined, token),
  };
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

interface Result {
  backend: string;
  seedSeconds: number;
  sizeBytes: number;
  rss: number;
  heapUsed: number;
  timings: { name: string; p50: number; p95: number }[];
}

const isType =
  <K extends WorkerMessage['type']>(type: K) =>
  (m: unknown): m is Extract<WorkerMessage, { type: K }> =>
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;

async function benchBackend(
  backend: string,
  db: OpenDatabaseOptions,
  workerArgs: string[],
  env: NodeJS.ProcessEnv,
): Promise<Result> {
  const account = 'super';
  const password = randomBytes(12).toString('base64url');

  console.log(`\n[${backend}] seeding ${PLAYERS.toLocaleString('en')} players in ${GAME}...`);
  const opened = await openDatabase(db);
  let seedSeconds: number;
  let sizeBytes: number;
  try {
    await migrateToLatest(opened.db);
    // A bench-only password, random per run: never a default one.
    await seedDemoOperators(opened.db, password, DEFAULT_AUTH.scrypt, new Date());
    const t0 = performance.now();
    const n = await seedPlayers(opened.db, GAME, PLAYERS, () => opened.checkpoint());
    seedSeconds = (performance.now() - t0) / 1000;
    if (n !== PLAYERS) throw new Error(`expected ${PLAYERS} players, found ${n}`);
    sizeBytes = await opened.sizeBytes();
  } finally {
    await opened.close();
  }
  console.log(`[${backend}] seeded in ${seedSeconds.toFixed(1)} s; starting the server worker`);

  const worker = forkTs('server/worker.ts', workerArgs, env);
  try {
    const ready = await nextMessage(worker, isType('ready'), 120_000);
    const api = makeApi(ready.url, account, password);
    const timings: Result['timings'] = [];
    for (const s of SCENARIOS) {
      const call = await s.prepare(api);
      for (let i = 0; i < WARMUP; i++) await call();
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await call();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      timings.push({ name: s.name, p50: percentile(ms, 50), p95: percentile(ms, 95) });
      console.log(`[${backend}] ${s.name}: done`);
    }
    worker.send({ type: 'stats' });
    const stats = await nextMessage(worker, isType('stats'));
    worker.send({ type: 'stop' });
    await exited(worker);
    return { backend, seedSeconds, sizeBytes, rss: stats.rss, heapUsed: stats.heapUsed, timings };
  } finally {
    if (worker.exitCode === null) worker.kill('SIGKILL');
  }
}

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;

function printTable(results: Result[]): void {
  const rows: string[][] = [['', ...results.map((r) => r.backend)]];
  rows.push([
    `seed ${PLAYERS.toLocaleString('en')} players`,
    ...results.map((r) => `${r.seedSeconds.toFixed(1)} s`),
  ]);
  rows.push(['database size on disk', ...results.map((r) => mib(r.sizeBytes))]);
  rows.push(['server RSS after the run', ...results.map((r) => mib(r.rss))]);
  rows.push(['server JS heap used', ...results.map((r) => mib(r.heapUsed))]);
  for (const s of SCENARIOS) {
    rows.push([
      `${s.name} p50 / p95`,
      ...results.map((r) => {
        const t = r.timings.find((x) => x.name === s.name);
        return t ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms` : '-';
      }),
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${REQUESTS} sequential requests per scenario, over HTTP on 127.0.0.1\n`);
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'gameops-bench-'));
  try {
    results.push(await benchBackend('PGlite', { dataDir: dir }, ['--data', dir], { DATABASE_URL: '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (process.env['BENCH_SKIP_POSTGRES'] === '1') {
    console.log('\nPostgreSQL skipped (BENCH_SKIP_POSTGRES=1)');
  } else {
    let cluster: PostgresCluster | undefined;
    try {
      cluster = await startPostgres();
    } catch (err) {
      console.log(`\nPostgreSQL not available, skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (cluster) {
      try {
        const url = await createDatabase(cluster.url, 'bench');
        results.push(await benchBackend('PostgreSQL 15', { databaseUrl: url }, [], { DATABASE_URL: url }));
      } finally {
        await cluster.stop();
      }
    }
  }
  printTable(results);
}

const guard = setTimeout(() => {
  console.error(`bench: still running after ${HARD_LIMIT_MS / 60000} minutes; giving up`);
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
