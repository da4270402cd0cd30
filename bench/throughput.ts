import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { routePattern } from '../shared/api/endpoint.js';
import { ENDPOINTS } from '../shared/api/table.js';
import { GAME_IDS } from '../shared/games.js';
import { buildServer } from '../scripts/build-server.js';
import { DEFAULT_AUTH } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase } from '../server/db/open.js';
import { seedAllGames } from '../server/seed/games.js';
import { seedDemoOperators } from '../server/seed/operators.js';
import { playerIdOf } from '../server/seed/players.js';
import { createDatabase, POSTGRES_BIN, startPostgres } from '../tests/support/postgres.js';
import { BENCH_POSTGRES_SETTINGS } from './postgres-settings.js';
import { rand } from './figures.js';
import { loadGenerator, nodeGenerator, type Load } from './load-generator.js';
import { startServerProcess } from './server-process.js';

/**
 * `npx tsx bench/throughput.ts` (and `npm run bench`, unless BENCH_SKIP_THROUGHPUT=1): what the
 * API answers per second on PostgreSQL beside what the database itself does, measured side by
 * side on this machine (issue 21, "Throughput"). A PostgreSQL 15 cluster of its own; pgbench's
 * select-only run (`pgbench -S`, a key lookup per transaction) on a pgbench-initialised scratch
 * database with BENCH_TP_CONNECTIONS connections (default 50); then the server's bundle under
 * plain node (`npm run build:server`) with 1, 2 and 4 workers (BENCH_TP_WORKERS), each loaded
 * with as many keep-alive connections by a load generator in a process of its own
 * (bench/load-generator.ts: wrk when it is on the PATH, as the issue measured, else a node:http
 * one that shares the cores with the server, which the table then names; BENCH_TP_LOADGEN=node
 * forces the latter, to compare):
 * - a player by id (players.get): requests a second, and the ratio to pgbench's tps, measured
 *   just before (goal: >= 50 %);
 * - the session check alone (auth.session, the cheapest signed-in GET; goal >= 20,000/s);
 * - mixed reads, BENCH_TP_MIXED_CLIENTS clients (default 50): players by id, the session, a
 *   player search by id and the operator list; p50, p95, p99 (goal: p99 <= 50 ms), each read
 *   from the generator's own latency record (wrk's histogram gives p95 as it gives p99).
 * BENCH_TP_SECONDS per run (default 5), BENCH_TP_PLAYERS players a game (default 20000),
 * BENCH_TP_PGBENCH_SCALE (default 1: 100,000 accounts). BENCH_TP_CPU_PROF=DIR profiles the
 * server (node --cpu-prof; the workers' profiles land there too).
 */

const CONNECTIONS = Number(process.env['BENCH_TP_CONNECTIONS'] ?? 50);
const MIXED_CLIENTS = Number(process.env['BENCH_TP_MIXED_CLIENTS'] ?? 50);
const SECONDS = Number(process.env['BENCH_TP_SECONDS'] ?? 5);
const PLAYERS = Number(process.env['BENCH_TP_PLAYERS'] ?? 20_000);
const SCALE = Number(process.env['BENCH_TP_PGBENCH_SCALE'] ?? 1);
const WORKERS = (process.env['BENCH_TP_WORKERS'] ?? '1,2,4').split(',').map(Number);
const CPU_PROF = process.env['BENCH_TP_CPU_PROF'];
const WARMUP_SECONDS = 1;
const LOAD =
  process.env['BENCH_TP_LOADGEN'] === 'node' ? nodeGenerator('BENCH_TP_LOADGEN=node') : loadGenerator();
const GOALS = { playerRatio: 0.5, sessionPerSecond: 20_000, mixedP99Ms: 50 };

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** pgbench's select-only rate on the scratch database, with `connections` clients. */
async function pgbenchTps(url: string, connections: number): Promise<number> {
  const { stdout } = await run(
    join(POSTGRES_BIN, 'pgbench'),
    ['-S', '-n', '-c', String(connections), '-j', String(availableParallelism()), '-T', String(SECONDS), url],
    { maxBuffer: 1 << 20 },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps);
}

/** Warms the server up on the paths, then measures. */
async function measure(url: string, token: string, paths: string[], connections: number): Promise<Load> {
  await LOAD.run({ url, token, paths, connections, seconds: WARMUP_SECONDS });
  return LOAD.run({ url, token, paths, connections, seconds: SECONDS });
}

/** The bundle under plain node with `workers` processes; resolves once every worker answers. */
function startServer(bundle: string, databaseUrl: string, workers: number, profDir: string | undefined) {
  return startServerProcess(
    [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), bundle, 'serve', '--port', '0'],
    { DATABASE_URL: databaseUrl, GAMEOPS_WORKERS: String(workers) },
    workers,
  );
}

async function signIn(url: string, account: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/v1/sr/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const env = (await r.json()) as { Status: { Code: number }; Data: { authToken: string } };
  if (env.Status.Code !== 1) throw new Error(`sign-in: ${JSON.stringify(env.Status)}`);
  return env.Data.authToken;
}

/** Paths of players by id, spread over every game's players deterministically. */
function playerPaths(n: number): string[] {
  const next = rand(21);
  return Array.from({ length: n }, (_, k) => {
    const game = GAME_IDS[k % GAME_IDS.length] ?? 'ymmj';
    const id = playerIdOf(game, 1 + Math.floor(next() * PLAYERS));
    return routePattern(ENDPOINTS['players.get'], game).replace(':id', id);
  });
}

const SESSION_PATH = '/api/v1/sr/admin/session';

/** Mixed reads: players by id, the session, a player search by id, the operator list. */
function mixedPaths(players: string[]): string[] {
  return players.flatMap((p, k) => {
    const game = GAME_IDS[k % GAME_IDS.length] ?? 'ymmj';
    const id = p.slice(p.lastIndexOf('/') + 1);
    const search = `${routePattern(ENDPOINTS['players.search'], game)}?id=${id}&page=1&pageSize=20`;
    return [p, SESSION_PATH, search, '/api/v1/sr/admin/users?page=1&pageSize=20'];
  });
}

interface Row {
  workers: number;
  load: string;
  pgbench: number;
  player: Load;
  session: Load;
  mixed: Load;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => n.toFixed(1);
const meets = (ok: boolean) => (ok ? 'met' : 'NOT MET');

function print(rows: Row[]): void {
  console.log(
    `\nThroughput on PostgreSQL 15: ${CONNECTIONS} connections, ${SECONDS} s a run, ` +
      `${fmt(PLAYERS)} players a game, ${availableParallelism()} cores; load generator: ${LOAD.name}`,
  );
  const head = [
    'workers',
    'load (1m)',
    'pgbench -S tps',
    'player by id/s',
    'ratio',
    'session/s',
    `mixed (${MIXED_CLIENTS}) p50/p95/p99 ms`,
    'mixed/s',
  ];
  const body = rows.map((r) => [
    String(r.workers),
    r.load,
    fmt(r.pgbench),
    fmt(r.player.perSecond),
    `${((r.player.perSecond / r.pgbench) * 100).toFixed(1)} %`,
    fmt(r.session.perSecond),
    `${ms(r.mixed.p50)} / ${ms(r.mixed.p95)} / ${ms(r.mixed.p99)}`,
    fmt(r.mixed.perSecond),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b));
  const best = rows.reduce((a, b) =>
    b.player.perSecond / b.pgbench > a.player.perSecond / a.pgbench ? b : a,
  );
  const bestSession = Math.max(...rows.map((r) => r.session.perSecond));
  const bestP99 = Math.min(...rows.map((r) => r.mixed.p99));
  console.log(
    `Goals: player by id >= ${GOALS.playerRatio * 100} % of pgbench: ${meets(best.player.perSecond / best.pgbench >= GOALS.playerRatio)} ` +
      `(best ${((best.player.perSecond / best.pgbench) * 100).toFixed(1)} %, ${best.workers} workers); ` +
      `session check >= ${fmt(GOALS.sessionPerSecond)}/s: ${meets(bestSession >= GOALS.sessionPerSecond)} (best ${fmt(bestSession)}); ` +
      `mixed p99 <= ${GOALS.mixedP99Ms} ms: ${meets(bestP99 <= GOALS.mixedP99Ms)} (best ${ms(bestP99)} ms)`,
  );
}

async function main(): Promise<void> {
  // Under node_modules, so the bundle finds the packages it leaves outside (as deploy.test.ts).
  const bundleDir = join(
    REPO,
    'node_modules/.cache',
    `gameops-bench-throughput-${randomBytes(4).toString('hex')}`,
  );
  const cluster = await startPostgres(BENCH_POSTGRES_SETTINGS);
  try {
    console.log('building the server bundle...');
    await buildServer(bundleDir);
    const bundle = join(bundleDir, 'server.js');

    const scratch = await createDatabase(cluster.url, 'bench_pgbench');
    await run(join(POSTGRES_BIN, 'pgbench'), ['-i', '-q', '-s', String(SCALE), scratch]);

    const databaseUrl = await createDatabase(cluster.url, 'bench_throughput');
    const password = randomBytes(12).toString('base64url');
    console.log(`seeding ${fmt(PLAYERS)} players in each of ${GAME_IDS.length} games...`);
    const opened = await openDatabase({ databaseUrl });
    try {
      await migrateToLatest(opened.db);
      await seedDemoOperators(opened.db, password, DEFAULT_AUTH.scrypt, new Date());
      await seedAllGames(opened.db, PLAYERS, new Date());
    } finally {
      await opened.close();
    }

    const players = playerPaths(2000);
    const mixed = mixedPaths(players.slice(0, 500));
    const rows: Row[] = [];
    for (const workers of WORKERS) {
      const load = loadavg()[0]?.toFixed(2) ?? '?';
      const pgbench = await pgbenchTps(scratch, CONNECTIONS);
      const server = await startServer(bundle, databaseUrl, workers, CPU_PROF);
      try {
        const token = await signIn(server.url, 'super', password);
        const player = await measure(server.url, token, players, CONNECTIONS);
        const session = await measure(server.url, token, [SESSION_PATH], CONNECTIONS);
        const mixedLoad = await measure(server.url, token, mixed, MIXED_CLIENTS);
        rows.push({ workers, load, pgbench, player, session, mixed: mixedLoad });
        console.log(
          `${workers} worker(s): pgbench ${fmt(pgbench)} tps; player by id ${fmt(player.perSecond)}/s; ` +
            `session ${fmt(session.perSecond)}/s; mixed p99 ${ms(mixedLoad.p99)} ms (load ${load})`,
        );
      } finally {
        await server.stop();
      }
    }
    print(rows);
  } finally {
    await cluster.stop();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
