import { deepStrictEqual } from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { GAME_IDS } from '../shared/games.js';
import { THEMES } from '../server/players/themes/index.js';
import { playerIdOf } from '../server/seed/players.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase, type OpenedDatabase } from '../server/db/open.js';
import type { Database } from '../server/db/schema.js';
import { seedAllGames, seedAnchor } from '../server/seed/games.js';
import { seedReports } from '../server/reports/seed.js';
import { withReportsRebuiltAfter } from '../server/reports/rollups.js';
import { reportTimeZone } from '../server/reports/zone.js';
import {
  rechargeGroups,
  recountCharges,
  recountCohorts,
  recountDaily,
  recountRecharge,
  recountShop,
} from '../server/reports/test-kit.js';
import { addDays, dayIn } from '../server/reports/days.js';
import {
  chargeStats,
  cohortGrid,
  dailyReport,
  rechargeStats,
  shopDailyReport,
  type ReportArgs,
} from '../server/reports/read.js';
import { briefInfo } from '../server/overview/brief.js';
import { benchOnEachDatabase, type BenchDatabase, type BenchTarget } from './each-database.js';
import { pct, rand } from './figures.js';

/**
 * Reports at size: BENCH_REPORT_PLAYERS players per game (default 1,000,000, the issue's size) made
 * by the seed itself (players, their orders), then in bulk every player's 90 days of sign-ins and
 * shop purchases and BENCH_REPORT_ORDERS more purchases (default 10,000,000) over the year through
 * every provider, pack and state, with the reports' triggers off and the rollups counted once at
 * the end by the data repair (server/reports/rollups.ts), checked against a recount of the raw
 * rows over a few days of a game. Then each report of a year (365 days), the 30 x 30 cohort grid
 * and the landing page's brief info of four games, QUERIES times each on a random game and end
 * day, through the same functions the endpoints call. Prints each seed phase's time and p50/p95
 * per report and database. Goals (issue 20): every report of a year p95 <= 50 ms, the cohort
 * grid <= 100 ms, the landing page's brief info of four games (a SUPER's, server/overview) <= 100 ms.
 *
 *   npx tsx bench/reports.ts                          # both databases, 1,000,000 players a game
 *   BENCH_REPORT_PLAYERS=20000 BENCH_DB=pglite npx tsx bench/reports.ts
 *
 * At the issue's size the seed takes long: seed once, then time (another load, another day) on
 * the kept database. BENCH_REPORT_DATABASE_URL (an empty PostgreSQL database, kept) or
 * BENCH_REPORT_DATA_DIR (a PGlite data folder, kept) says where; BENCH_REPORT_STEP=seed or time
 * runs one step (default both):
 *
 *   BENCH_REPORT_DATABASE_URL=postgres://... BENCH_REPORT_STEP=seed nice -n 19 npx tsx bench/reports.ts
 *   BENCH_REPORT_DATABASE_URL=postgres://... BENCH_REPORT_STEP=time flock /tmp/bench.lock npx tsx bench/reports.ts
 */

const PLAYERS = Number(process.env['BENCH_REPORT_PLAYERS'] ?? 1_000_000);
/** Purchase orders over the year on top of the seed's, all games (the 10,000,000). */
const ORDERS = Number(process.env['BENCH_REPORT_ORDERS'] ?? 10_000_000);
const CHUNK = 1_000_000;
const QUERIES = Number(process.env['BENCH_REPORT_QUERIES'] ?? 200);
const STEP = process.env['BENCH_REPORT_STEP'] ?? 'both';
/** Days of one game whose every report is checked against a recount of the raw rows after the seed. */
const SAMPLE_DAYS = 3;
const NOW = new Date(Date.UTC(2026, 0, 15, 9, 0, 0));

/** Purchases i = 0 .. ORDERS-1 over the year before NOW, in chunks, `between` after each. */
async function loadOrders(db: Kysely<Database>, between: () => Promise<void>): Promise<void> {
  const arr = (xs: readonly (string | number)[]) => sql.val(xs);
  const games = arr(GAME_IDS);
  const bases = arr(GAME_IDS.map((g) => playerIdOf(g, 0)));
  const currencies = arr(GAME_IDS.map((g) => THEMES[g].currency));
  // Each game's packs, as one list per game of the same length (the shortest game's).
  const packs = Math.min(...GAME_IDS.map((g) => THEMES[g].recharge.length));
  const names = arr(GAME_IDS.flatMap((g) => THEMES[g].recharge.slice(0, packs).map((p) => p.name)));
  const prices = arr(GAME_IDS.flatMap((g) => THEMES[g].recharge.slice(0, packs).map((p) => p.price)));
  const states = arr([
    'delivered',
    'delivered',
    'delivered',
    'delivered',
    'delivered',
    'delivered',
    'delivered',
    'paid',
    'refunded',
    'deliveryFailed',
  ]);
  const providers = arr(['wechat', 'alipay', 'paypal', 'payssion']);
  const stepMs = Math.floor((365 * 86_400_000) / Math.max(1, ORDERS));
  for (let from = 0; from < ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK) - 1;
    await sql`
      insert into orders (order_id, game, player_id, player_name, kind, "grant", grant_label, amount, currency,
        state, provider, provider_ref, approval, created_by, created_at, updated_at, paid_at, delivered_at, delivery_attempts)
      select 'GOR' || lpad(i::text, 17, '0'), (${games}::text[])[gi],
        ((${bases}::numeric[])[gi] + 1 + (i * 7919) % ${PLAYERS})::text, 'player', 'purchase',
        '{"kind":"recharge","productId":1}'::jsonb, (${names}::text[])[pk], (${prices}::int[])[pk],
        (${currencies}::text[])[gi], st, (${providers}::text[])[1 + i % 4], 'R' || i, 'notNeeded', 'pay-server',
        t, t, t, case when st in ('delivered', 'refunded') then t end, 1
      from generate_series(${from}::bigint, ${to}::bigint) as s(i)
      cross join lateral (select (1 + i % ${GAME_IDS.length})::int as gi,
        (${states}::text[])[(1 + (i * 31) % 10)::int] as st,
        ${NOW}::timestamptz - (i * ${stepMs}) * interval '1 millisecond' as t) as x
      cross join lateral (select ((gi - 1) * ${packs} + 1 + (i / 7) % ${packs})::int as pk) as y`.execute(db);
    await between();
  }
}

type Report = (db: Kysely<Database>, a: ReportArgs) => Promise<unknown>;

async function time(db: Kysely<Database>, report: Report, days: number, zone: string) {
  const r = rand(42);
  const today = dayIn(zone, NOW);
  const args = (): ReportArgs => {
    const end = addDays(today, -Math.floor(r() * 30));
    return {
      game: GAME_IDS[Math.floor(r() * GAME_IDS.length)] ?? 'ymmj',
      start: addDays(end, -(days - 1)),
      end,
      now: NOW,
    };
  };
  // Warm-up (plans, caches), not counted.
  for (let k = 0; k < 10; k++) await report(db, args());
  const ms: number[] = [];
  for (let k = 0; k < QUERIES; k++) {
    const a = args();
    const t = performance.now();
    await report(db, a);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 50), p95: pct(ms, 95), max: ms.at(-1) ?? 0 };
}

/** Every report's figures over the last SAMPLE_DAYS days of one game, against a recount of the raw rows. */
async function checkAgainstRecount(db: Kysely<Database>, zone: string): Promise<void> {
  const game = GAME_IDS[1] ?? 'ymmj';
  const today = dayIn(zone, NOW);
  const r = { db, game, zone, start: addDays(today, -(SAMPLE_DAYS - 1)), end: today };
  const a: ReportArgs = { game, start: r.start, end: r.end, now: NOW };
  const daily = await dailyReport(db, a);
  deepStrictEqual(
    daily.days.map(({ d1: _1, d7: _7, d30: _30, arpu: _a, arppu: _p, payRate: _r, ...f }) => f),
    await recountDaily(r),
  );
  deepStrictEqual(
    (await shopDailyReport(db, a)).rows.map(({ item: _i, ...x }) => x),
    await recountShop(r),
  );
  deepStrictEqual((await chargeStats(db, a)).rows, await recountCharges(r));
  deepStrictEqual(rechargeGroups(await rechargeStats(db, a)), await recountRecharge(r));
  deepStrictEqual((await cohortGrid(db, a)).cohorts, await recountCohorts(r, today));
}

/** Players, the four games' seed, then every player's activity and the year's orders in bulk. */
async function seed(opened: OpenedDatabase): Promise<void> {
  const phase = async (name: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    console.log(`${opened.kind.padEnd(8)} seed: ${name} ${((performance.now() - t) / 1000).toFixed(0)} s`);
  };
  const t0 = performance.now();
  await migrateToLatest(opened.db);
  await phase('players and the four games', () =>
    seedAllGames(opened.db, PLAYERS, NOW, () => opened.checkpoint()),
  );
  const anchor = await seedAnchor(opened.db, NOW);
  let counting = 0;
  // The raw rows go in with the reports' triggers off and the rollups are counted once after
  // (the data repair), in one transaction: row by row through the triggers this took hours.
  // PGlite has no checkpointer and one connection: its log is recycled through the transaction.
  await opened.db.transaction().execute((trx) => {
    const between = async () => {
      if (opened.kind === 'pglite') await sql`checkpoint`.execute(trx);
    };
    return withReportsRebuiltAfter(trx, GAME_IDS, async () => {
      // The backend's seed gives activity to its first players only (SEEDED_ACTIVITY_PLAYERS):
      // here every player has theirs.
      await phase('90 days of activity', async () => {
        for (const game of GAME_IDS)
          await seedReports(trx, { game, perGame: PLAYERS, anchor, afterBatch: between });
      });
      await phase(`${ORDERS.toLocaleString('en')} orders`, () => loadOrders(trx, between));
      counting = performance.now();
    });
  });
  console.log(
    `${opened.kind.padEnd(8)} seed: rollups counted ${((performance.now() - counting) / 1000).toFixed(0)} s`,
  );
  await phase('analyze', () => sql`analyze`.execute(opened.db));
  await opened.checkpoint();
  const counts = await sql<{ s: number; o: number }>`
    select (select count(*) from sign_ins) as s, (select count(*) from orders) as o`.execute(opened.db);
  console.log(
    `${opened.kind.padEnd(8)} seeded ${PLAYERS.toLocaleString('en')} players a game, ` +
      `${Number(counts.rows[0]?.s).toLocaleString('en')} sign-ins, ` +
      `${Number(counts.rows[0]?.o).toLocaleString('en')} orders, in ${((performance.now() - t0) / 1000).toFixed(0)} s ` +
      `(${((await opened.sizeBytes()) / 2 ** 30).toFixed(1)} GiB)`,
  );
  await phase(`check against a recount (${SAMPLE_DAYS} days of a game)`, async () =>
    checkAgainstRecount(opened.db, await reportTimeZone(opened.db)),
  );
}

async function measure(kind: BenchDatabase, db: Kysely<Database>): Promise<void> {
  const zone = await reportTimeZone(db);
  const reports: [string, Report, number, number][] = [
    ['daily report, 365 days', dailyReport, 365, 50],
    ['shop daily report, 365 days', shopDailyReport, 365, 50],
    ['recharge statistics, 365 days', rechargeStats, 365, 50],
    ['charge statistics, 365 days', chargeStats, 365, 50],
    ['cohort grid, 30 x 30 days', cohortGrid, 30, 100],
    ['brief info, four games', (d, a) => briefInfo(d, { id: 1, roles: ['SUPER'] }, a.now), 1, 100],
  ];
  for (const [name, report, days, goal] of reports) {
    const x = await time(db, report, days, zone);
    console.log(
      `${kind.padEnd(8)} ${name.padEnd(32)} p50 ${x.p50.toFixed(2)} ms  p95 ${x.p95.toFixed(2)} ms  ` +
        `max ${x.max.toFixed(1)} ms  (goal p95 <= ${goal} ms: ${x.p95 <= goal ? 'met' : 'NOT met'})`,
    );
  }
}

async function bench(kind: BenchDatabase, target: BenchTarget): Promise<void> {
  const opened = await openDatabase(target);
  try {
    if (STEP !== 'time') await seed(opened);
    if (STEP !== 'seed') await measure(kind, opened.db);
  } finally {
    await opened.close();
  }
}

const kept = process.env['BENCH_REPORT_DATABASE_URL'] ?? process.env['BENCH_REPORT_DATA_DIR'];
if (kept === undefined) benchOnEachDatabase('reports', bench);
else
  bench(
    process.env['BENCH_REPORT_DATABASE_URL'] ? 'postgres' : 'pglite',
    process.env['BENCH_REPORT_DATABASE_URL'] ? { databaseUrl: kept } : { dataDir: kept },
  ).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
