import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_AUTH } from '../server/config.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/open.js';
import { seedDemoOperators } from '../server/seed/operators.js';
import { seedAllGames } from '../server/seed/games.js';
import { playerIdOf, playerNumOf } from '../server/seed/players.js';
import { routePattern } from '../shared/api/endpoint.js';
import { ENDPOINTS } from '../shared/api/table.js';
import { GAME_IDS, type GameId } from '../shared/games.js';
import { benchRenderer, type RendererFigures } from './renderer.js';
import { benchWatch, printWatch, type WatchFigures } from './watch.js';
import { benchDesktop, printDesktop, type DesktopFigures } from './desktop.js';
import { fragmentKinds, type FragmentKind } from './name-fragments.js';
import { AUDIT_ROWS, seedAuditRows, systemLogQueries } from './system-logs.js';
import type { WorkerMessage } from '../server/worker-protocol.js';
import { exited, forkTs, nextMessage } from '../tests/support/processes.js';
import type { ChildProcess } from 'node:child_process';
import { createDatabase, startPostgres, type PostgresCluster } from '../tests/support/postgres.js';
import { BENCH_POSTGRES_SETTINGS } from './postgres-settings.js';

/**
 * `npm run bench`: seeds 1,000,000 players in each of the four games and 1,000,000 audit entries
 * (bench/system-logs.ts), then times calls through
 * the HTTP API of the backend running as main runs it (the forked worker), on PGlite and, when it
 * can start, on PostgreSQL; then times the renderer in Chromium (bench/renderer.ts). Prints one
 * table. Later issues add scenarios to SCENARIOS.
 *
 * Environment: BENCH_PLAYERS (per game, default 1000000), BENCH_AUDIT_ROWS (default 1000000),
 * BENCH_REQUESTS (default 200), BENCH_SKIP_PGLITE=1, BENCH_SKIP_POSTGRES=1, BENCH_SKIP_RENDERER=1,
 * BENCH_SKIP_WATCH=1 (server watch, bench/watch.ts), BENCH_SKIP_DESKTOP=1 (the desktop app's
 * initial JS, sign-in page and app.asar, bench/desktop.ts), and BENCH_ONLY=text to time only the
 * scenarios whose name contains the text (when looking at one figure again).
 *
 * Then the benches that have their own scripts, each run as a child process on the databases not
 * skipped above (their lines are shown as they come and repeated at the end):
 * - gift codes (bench/gift-codes.ts): BENCH_SKIP_GIFT_CODES=1, BENCH_GIFT_RUNS (default 3);
 * - orders at size (bench/orders.ts): BENCH_SKIP_ORDERS=1, BENCH_ORDERS (default here 1000000, a
 *   few minutes a database; the goal figures are at 10000000, the script's own default);
 * - payment notices per second (bench/payments.ts): BENCH_SKIP_PAYMENTS=1, BENCH_PAY_ORDERS
 *   (default 2000), BENCH_PAY_CONCURRENCY (default 16);
 * - leaderboards (bench/leaderboards.ts): BENCH_SKIP_LEADERBOARDS=1; one game at BENCH_PLAYERS
 *   players with its seasons and boards: top 100, a player's rank, a page, a deletion;
 * - reports of a year and the cohort grid (bench/reports.ts): BENCH_SKIP_REPORTS=1,
 *   BENCH_REPORT_PLAYERS players a game (default here 5000) with 90 days of activity, and
 *   BENCH_REPORT_ORDERS more orders (default here 100000); the size is the script's own default;
 * - exports (bench/exports.ts): BENCH_SKIP_EXPORTS=1, BENCH_EXPORT_ROWS (default 100000): the XLSX
 *   of that many rows through the export route, its time and the backend's memory at a tenth and
 *   at the whole;
 * - throughput on PostgreSQL beside pgbench (bench/throughput.ts): BENCH_SKIP_THROUGHPUT=1 (also
 *   skipped with BENCH_SKIP_POSTGRES=1); player by id, the session check and mixed reads with 1, 2
 *   and 4 workers; its own settings are BENCH_TP_*.
 */

const PLAYERS = Number(process.env['BENCH_PLAYERS'] ?? 1_000_000);
/** Orders bench/orders.ts loads in a full run: a tenth of its goal size, so the whole run stays within the hour. */
const RUN_ORDERS = process.env['BENCH_ORDERS'] ?? '1000000';
/**
 * The reports' size in this run: the rows go in in bulk and the rollups are rebuilt once
 * (bench/reports.ts), but seeding 1,000,000 players a game with 90 days of activity still takes
 * about two hours here (a tenth of it: 13 minutes on PostgreSQL), so the whole run uses a size
 * that ends; the issue's size is one env away (BENCH_REPORT_PLAYERS=1000000
 * BENCH_REPORT_ORDERS=10000000 npx tsx bench/reports.ts; BENCH_REPORT_STEP=seed|time keeps the
 * seed apart from the timing).
 */
const RUN_REPORT_PLAYERS = process.env['BENCH_REPORT_PLAYERS'] ?? '5000';
const RUN_REPORT_ORDERS = process.env['BENCH_REPORT_ORDERS'] ?? '100000';
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const WARMUP = 10;
const ONLY = process.env['BENCH_ONLY'] ?? '';
const timed = () => SCENARIOS.filter((s) => s.name.includes(ONLY));
const HARD_LIMIT_MS = 60 * 60_000;
/** Players the search scenarios look for: spread over every game and the whole id range. */
const SAMPLES = 64;
/** The clock of the seeded audit trail: the time filters are relative to it. */
const STARTED = new Date();

interface Api {
  url: string;
  /** Real players to look for, found before timing starts. */
  samples: Sample[];
  post(path: string, body: unknown, token?: string): Promise<{ Status: { Code: number }; Data: unknown }>;
  get(path: string, token: string): Promise<{ Status: { Code: number }; Data: unknown }>;
  account: string;
  password: string;
}

interface Sample {
  game: GameId;
  id: string;
  num: number;
  /** A partial, lower-case piece of the player's name, as an operator would type it. */
  namePart: string;
}

/** Path of a game call with its query: gamePath('players.search', 'ymmj', { name: 'ash' }). */
function gamePath(
  id: keyof typeof ENDPOINTS,
  game: GameId,
  params: Record<string, string | number>,
  fill: Record<string, string> = {},
): string {
  const pattern = routePattern(ENDPOINTS[id], game).replace(/:([A-Za-z_]+)/g, (_, k: string) =>
    encodeURIComponent(fill[k] ?? ''),
  );
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return q ? `${pattern}?${q}` : pattern;
}

/** Cycles through the samples, so consecutive calls ask for different players. */
function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => {
    const item = items[i % items.length];
    i += 1;
    if (item === undefined) throw new Error('no samples');
    return item;
  };
}

async function findSamples(api: Api, token: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    const game = GAME_IDS[k % GAME_IDS.length] as GameId;
    // Deterministic spread over 1..PLAYERS.
    const g = 1 + Math.floor((((k * 2654435761) % 4294967296) / 4294967296) * PLAYERS);
    const id = playerIdOf(game, g);
    const r = await api.get(gamePath('players.get', game, {}, { id }), token);
    expectOk(r, `players.get ${game} ${id}`);
    const name = [...(r.Data as { name: string }).name];
    // The middle of the name, or all of a two-character one.
    const part = name.length > 2 ? name.slice(1, -1) : name;
    out.push({ game, id, num: playerNumOf(game, g), namePart: part.join('').toLowerCase() });
  }
  return out;
}

/**
 * One timed call. `prepare` runs once untimed and returns the call to time, which may carry a
 * note for the printed table (what the call was given).
 */
interface Scenario {
  name: string;
  prepare(api: Api): Promise<Call>;
}

type Call = (() => Promise<void>) & { note?: string };

async function login(api: Api): Promise<{ authToken: string; refreshToken: string }> {
  const r = await api.post('/api/v1/sr/admin/login', { account: api.account, password: api.password });
  if (r.Status.Code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(r.Status)}`);
  return r.Data as { authToken: string; refreshToken: string };
}

function expectOk(r: { Status: { Code: number } }, what: string): void {
  if (r.Status.Code !== 1) throw new Error(`${what} failed: ${JSON.stringify(r.Status)}`);
}

/** A GET per call on the next sample player; `check` looks at the answer's data. */
function playerScenario(
  name: string,
  path: (s: Sample) => string,
  check?: (data: unknown, s: Sample) => void,
): Scenario {
  return {
    name,
    prepare: async (api) => {
      const { authToken } = await login(api);
      const next = cycle(api.samples);
      return async () => {
        const s = next();
        const r = await api.get(path(s), authToken);
        expectOk(r, name);
        check?.(r.Data, s);
      };
    },
  };
}

interface SearchPage {
  total: number;
  totalCapped: boolean;
}

/** At most this many fragments of a kind are timed (in turn, each in its own game). */
const FRAGMENTS_PER_KIND = 48;
/** A kind with fewer fragments than this at the seeded size is an error, not a figure. */
const MIN_FRAGMENTS = 8;

/**
 * Name searches of one kind (bench/name-fragments.ts): the candidates are tried through the API
 * first, each in the next game, and those whose answer fits the kind are timed in turn.
 */
function nameKindScenario(kind: FragmentKind): Scenario {
  const name = `${kind.label} (players.search)`;
  return {
    name,
    prepare: async (api) => {
      const { authToken } = await login(api);
      const search = async (game: GameId, text: string) => {
        const r = await api.get(
          gamePath('players.search', game, { name: text, page: 1, pageSize: 20 }),
          authToken,
        );
        expectOk(r, `${name} "${text}"`);
        return r.Data as SearchPage;
      };
      const picked: { game: GameId; text: string; total: number; capped: boolean }[] = [];
      for (const [i, text] of kind.candidates.entries()) {
        if (picked.length >= FRAGMENTS_PER_KIND) break;
        const game = GAME_IDS[i % GAME_IDS.length] as GameId;
        const r = await search(game, text);
        if (kind.fits(r.total, r.totalCapped, PLAYERS))
          picked.push({ game, text, total: r.total, capped: r.totalCapped });
      }
      if (picked.length < MIN_FRAGMENTS) {
        throw new Error(
          `${name}: only ${picked.length} of ${kind.candidates.length} candidates fit at this size`,
        );
      }
      const next = cycle(picked);
      const call: Call = async () => {
        const f = next();
        await search(f.game, f.text);
      };
      const totals = picked.map((f) => f.total);
      const most = Math.max(...totals);
      const capped = picked.some((f) => f.capped);
      call.note =
        `${picked.length} fragments, ${Math.min(...totals).toLocaleString('en')} to ` +
        `${most.toLocaleString('en')}${capped ? '+' : ''} matches; e.g. ` +
        picked
          .slice(0, 5)
          .map((f) => f.text)
          .join(', ');
      return call;
    },
  };
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
  playerScenario(
    'player search by name, partial (players.search)',
    (s) => gamePath('players.search', s.game, { name: s.namePart, page: 1, pageSize: 20 }),
    (data, s) => {
      if ((data as { total: number }).total < 1) throw new Error(`no player matched ${s.namePart}`);
    },
  ),
  ...fragmentKinds(PLAYERS).map(nameKindScenario),
  playerScenario(
    'player search by id (players.search)',
    (s) => gamePath('players.search', s.game, { id: s.id, page: 1, pageSize: 20 }),
    (data, s) => {
      if ((data as { total: number }).total !== 1) throw new Error(`id ${s.id} not found`);
    },
  ),
  playerScenario('player search by num (players.search)', (s) =>
    gamePath('players.search', s.game, { num: s.num, page: 1, pageSize: 20 }),
  ),
  playerScenario('player detail header (players.get)', (s) =>
    gamePath('players.get', s.game, {}, { id: s.id }),
  ),
  playerScenario('player first tab, info (players.tab)', (s) =>
    gamePath('players.tab', s.game, {}, { id: s.id, tab: 'info' }),
  ),
  ...systemLogQueries(STARTED).map(({ name, path }): Scenario => ({
    name,
    prepare: async (api) => {
      const { authToken } = await login(api);
      return async () => expectOk(await api.get(path, authToken), name);
    },
  })),
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
    samples: [],
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
  timings: { name: string; p50: number; p95: number; note?: string }[];
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

  console.log(
    `\n[${backend}] seeding ${PLAYERS.toLocaleString('en')} players in each of ${GAME_IDS.length} games...`,
  );
  const opened = await openDatabase(db);
  let seedSeconds: number;
  let sizeBytes: number;
  try {
    await migrateToLatest(opened.db);
    // A bench-only password, random per run: never a default one.
    await seedDemoOperators(opened.db, password, DEFAULT_AUTH.scrypt, new Date());
    const t0 = performance.now();
    const counts = await seedAllGames(opened.db, PLAYERS, new Date(), () => opened.checkpoint());
    seedSeconds = (performance.now() - t0) / 1000;
    for (const game of GAME_IDS) {
      if (counts[game] !== PLAYERS)
        throw new Error(`expected ${PLAYERS} players in ${game}, found ${counts[game]}`);
    }
    const t1 = performance.now();
    await seedAuditRows(opened.db, STARTED);
    await opened.checkpoint();
    console.log(
      `[${backend}] ${AUDIT_ROWS.toLocaleString('en')} audit entries in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    sizeBytes = await opened.sizeBytes();
  } finally {
    await opened.close();
  }
  console.log(`[${backend}] seeded in ${seedSeconds.toFixed(1)} s; starting the server worker`);

  const worker = forkTs('server/worker.ts', workerArgs, env);
  try {
    const ready = await nextMessage(worker, isType('ready'), 120_000);
    const api = makeApi(ready.url, account, password);
    api.samples = await findSamples(api, (await login(api)).authToken);
    const timings: Result['timings'] = [];
    for (const s of timed()) {
      const call = await s.prepare(api);
      for (let i = 0; i < WARMUP; i++) await call();
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await call();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      timings.push({
        name: s.name,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        ...(call.note ? { note: call.note } : {}),
      });
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

function printTable(results: Result[], renderer: RendererFigures | string | undefined): void {
  const rows: string[][] = [['', ...results.map((r) => r.backend)]];
  rows.push([
    `seed ${PLAYERS.toLocaleString('en')} players x ${GAME_IDS.length} games`,
    ...results.map((r) => `${r.seedSeconds.toFixed(1)} s`),
  ]);
  rows.push(['database size on disk', ...results.map((r) => mib(r.sizeBytes))]);
  rows.push(['server RSS after the run', ...results.map((r) => mib(r.rss))]);
  rows.push(['server JS heap used', ...results.map((r) => mib(r.heapUsed))]);
  for (const s of timed()) {
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
  const notes = results.flatMap((r) =>
    r.timings.filter((t) => t.note).map((t) => `- ${r.backend}, ${t.name}: ${t.note ?? ''}`),
  );
  if (notes.length > 0) console.log(`\nWhat the name searches were given\n\n${notes.join('\n')}`);
  if (typeof renderer === 'string') console.log(`\nRenderer in Chromium: ${renderer}`);
  else if (renderer) {
    console.log(`\nRenderer in Chromium (${renderer.runs} runs each; p50 / p95 / max)\n`);
    for (const [name, f] of Object.entries(renderer.figures)) {
      console.log(`- ${name}: ${f.p50.toFixed(0)} / ${f.p95.toFixed(0)} / ${f.max.toFixed(0)} ms`);
    }
  }
}

/** A bench with its own script (bench/<name>.ts) and what it printed, or why it did not run. */
interface ScriptBench {
  label: string;
  lines: string[];
  status: string;
}

/** How long a script bench may take before the run gives up on it (orders at 10M: ~10 min a database). */
const SCRIPT_LIMIT_MS = 40 * 60_000;

/** Sends each whole line of `from` to `each` as it comes. */
function eachLine(from: NodeJS.ReadableStream | null, each: (line: string) => void): void {
  let rest = '';
  from?.setEncoding('utf8');
  from?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) each(line);
  });
  from?.on('end', () => {
    if (rest) each(rest);
  });
}

/**
 * Runs bench/<file> in its own process (each of these scripts starts and stops its own backends
 * and exits when done), showing its lines as they come and keeping them for the summary.
 */
async function runScriptBench(label: string, file: string, env: NodeJS.ProcessEnv): Promise<ScriptBench> {
  console.log(`\n[${label}] ${file}`);
  const lines: string[] = [];
  const child: ChildProcess = forkTs(file, [], env);
  eachLine(child.stdout, (line) => {
    console.log(`[${label}] ${line}`);
    if (line.trim()) lines.push(line);
  });
  eachLine(child.stderr, (line) => {
    if (line.startsWith('npm warn')) return;
    console.error(`[${label}] ${line}`);
    if (line.trim()) lines.push(`(stderr) ${line}`);
  });
  try {
    const code = await exited(child, SCRIPT_LIMIT_MS);
    return { label, lines, status: code === 0 ? 'done' : `failed (exit code ${String(code)})` };
  } catch (err) {
    child.kill('SIGKILL');
    return { label, lines, status: `failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The script benches, on the databases this run covers. Each script takes BENCH_DB=pglite|postgres
 * (orders, payments) or BENCH_SKIP_PGLITE / BENCH_SKIP_POSTGRES (gift codes).
 */
async function scriptBenches(): Promise<ScriptBench[]> {
  const skipPglite = process.env['BENCH_SKIP_PGLITE'] === '1';
  const skipPostgres = process.env['BENCH_SKIP_POSTGRES'] === '1';
  const out: ScriptBench[] = [];
  const skipped = (label: string, why: string) => out.push({ label, lines: [], status: `skipped (${why})` });
  if (skipPglite && skipPostgres) {
    for (const label of ['gift codes', 'orders', 'payments', 'leaderboards', 'reports', 'throughput'])
      skipped(label, 'BENCH_SKIP_PGLITE=1 and BENCH_SKIP_POSTGRES=1');
    return out;
  }
  const dbEnv: NodeJS.ProcessEnv = skipPglite
    ? { BENCH_DB: 'postgres' }
    : skipPostgres
      ? { BENCH_DB: 'pglite' }
      : { BENCH_DB: '' };
  const benches: { label: string; file: string; skip: string; env: NodeJS.ProcessEnv }[] = [
    { label: 'gift codes', file: 'bench/gift-codes.ts', skip: 'BENCH_SKIP_GIFT_CODES', env: {} },
    {
      label: 'orders',
      file: 'bench/orders.ts',
      skip: 'BENCH_SKIP_ORDERS',
      env: { BENCH_ORDERS: RUN_ORDERS },
    },
    { label: 'payments', file: 'bench/payments.ts', skip: 'BENCH_SKIP_PAYMENTS', env: {} },
    {
      label: 'leaderboards',
      file: 'bench/leaderboards.ts',
      skip: 'BENCH_SKIP_LEADERBOARDS',
      env: { BENCH_LEADERBOARD_PLAYERS: String(PLAYERS) },
    },
    {
      label: 'reports',
      file: 'bench/reports.ts',
      skip: 'BENCH_SKIP_REPORTS',
      env: { BENCH_REPORT_PLAYERS: RUN_REPORT_PLAYERS, BENCH_REPORT_ORDERS: RUN_REPORT_ORDERS },
    },
    { label: 'exports', file: 'bench/exports.ts', skip: 'BENCH_SKIP_EXPORTS', env: {} },
  ];
  // PostgreSQL only: pgbench is the yardstick.
  if (!skipPostgres)
    benches.push({
      label: 'throughput',
      file: 'bench/throughput.ts',
      skip: 'BENCH_SKIP_THROUGHPUT',
      env: {},
    });
  else skipped('throughput', 'BENCH_SKIP_POSTGRES=1');
  for (const b of benches) {
    if (process.env[b.skip] === '1') skipped(b.label, `${b.skip}=1`);
    else out.push(await runScriptBench(b.label, b.file, { ...dbEnv, ...b.env }));
  }
  return out;
}

function printScriptBenches(benches: ScriptBench[]): void {
  for (const b of benches) {
    console.log(`\n${b.label[0]?.toUpperCase() ?? ''}${b.label.slice(1)}: ${b.status}`);
    for (const line of b.lines) console.log(`  ${line}`);
  }
}

async function main(): Promise<void> {
  const results: Result[] = [];
  if (process.env['BENCH_SKIP_PGLITE'] === '1') {
    console.log('\nPGlite skipped (BENCH_SKIP_PGLITE=1)');
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-bench-'));
    try {
      results.push(await benchBackend('PGlite', { dataDir: dir }, ['--data', dir], { DATABASE_URL: '' }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (process.env['BENCH_SKIP_POSTGRES'] === '1') {
    console.log('\nPostgreSQL skipped (BENCH_SKIP_POSTGRES=1)');
  } else {
    let cluster: PostgresCluster | undefined;
    try {
      cluster = await startPostgres(BENCH_POSTGRES_SETTINGS);
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
  let renderer: RendererFigures | string | undefined;
  if (process.env['BENCH_SKIP_RENDERER'] === '1') renderer = 'skipped (BENCH_SKIP_RENDERER=1)';
  else {
    try {
      renderer = await benchRenderer();
    } catch (err) {
      renderer = `failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  let watch: WatchFigures | string;
  if (process.env['BENCH_SKIP_WATCH'] === '1') watch = 'skipped (BENCH_SKIP_WATCH=1)';
  else
    watch = await benchWatch().catch(
      (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  let desktop: DesktopFigures | string;
  if (process.env['BENCH_SKIP_DESKTOP'] === '1') desktop = 'skipped (BENCH_SKIP_DESKTOP=1)';
  else
    desktop = await benchDesktop().catch(
      (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  const scripts = await scriptBenches();
  printTable(results, renderer);
  printWatch(watch);
  printDesktop(desktop);
  printScriptBenches(scripts);
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
