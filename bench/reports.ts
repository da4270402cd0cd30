import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { GAME_IDS } from '../shared/games.js';
import { THEMES } from '../server/players/themes/index.js';
import { playerIdOf } from '../server/seed/players.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase } from '../server/db/open.js';
import type { Database } from '../server/db/schema.js';
import { seedAllGames, seedAnchor } from '../server/seed/games.js';
import { seedReports } from '../server/reports/seed.js';
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
import { benchOnEachDatabase } from './each-database.js';
import { pct, rand } from './figures.js';

/**
 * Reports at size: BENCH_REPORT_PLAYERS players per game (default 1,000,000, the size) made
 * by the seed itself, in bulk (players, their orders, 90 days of sign-ins and shop purchases, every
 * rollup kept by the triggers as the rows go in), BENCH_REPORT_ORDERS more purchases (default
 * 10,000,000) over the year through every provider, pack and state, then each report of a year (365 days) and the
 * 30 x 30 cohort grid, QUERIES times each on a random game and end day, through the same
 * functions the endpoints call. Prints the seed's time and p50/p95 per report and database.
 * Goals (issue 20): every report of a year p95 <= 50 ms, the cohort grid <= 100 ms, the landing
 * page's brief info of four games (a SUPER's, server/overview) <= 100 ms.
 *
 *   npx tsx bench/reports.ts                          # both databases, 1,000,000 players a game
 *   BENCH_REPORT_PLAYERS=20000 BENCH_DB=pglite npx tsx bench/reports.ts
 */

const PLAYERS = Number(process.env['BENCH_REPORT_PLAYERS'] ?? 1_000_000);
/** Purchase orders over the year on top of the seed's, all games (the 10,000,000). */
const ORDERS = Number(process.env['BENCH_REPORT_ORDERS'] ?? 10_000_000);
const CHUNK = 1_000_000;
const QUERIES = Number(process.env['BENCH_REPORT_QUERIES'] ?? 200);
const NOW = new Date(Date.UTC(2026, 0, 15, 9, 0, 0));

/** Purchases i = 0 .. ORDERS-1 over the year before NOW, in chunks (the triggers fold each in). */
async function loadOrders(db: Kysely<Database>): Promise<void> {
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

benchOnEachDatabase('reports', async (kind, target) => {
  const opened = await openDatabase(target);
  try {
    await migrateToLatest(opened.db);
    const t0 = performance.now();
    await seedAllGames(opened.db, PLAYERS, NOW, () => opened.checkpoint());
    // The backend's seed gives activity to its first players only (SEEDED_ACTIVITY_PLAYERS): here
    // every player has theirs.
    const anchor = await seedAnchor(opened.db, NOW);
    for (const game of GAME_IDS)
      await seedReports(opened.db, { game, perGame: PLAYERS, anchor, afterBatch: () => opened.checkpoint() });
    console.log(`${kind.padEnd(8)} seed done (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    await loadOrders(opened.db);
    await sql`analyze`.execute(opened.db);
    await opened.checkpoint();
    const seedS = (performance.now() - t0) / 1000;
    const db = opened.db;
    const zone = (await db.selectFrom('report_settings').select('time_zone').executeTakeFirstOrThrow())
      .time_zone;
    const counts = await db
      .selectFrom('sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `${kind.padEnd(8)} seeded ${PLAYERS.toLocaleString('en')} players a game, ` +
        `${Number(counts.n).toLocaleString('en')} sign-ins, ${ORDERS.toLocaleString('en')} more orders, ` +
        `in ${seedS.toFixed(0)} s`,
    );
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
  } finally {
    await opened.close();
  }
});
