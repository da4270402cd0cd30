import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { GAME_IDS, type GameId } from '../shared/games.js';
import { migrateToLatest } from '../server/db/migrations.js';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/open.js';
import type { Database } from '../server/db/schema.js';
import { settleTable } from '../server/db/settle.js';
import { searchOrders } from '../server/orders/ledger/search.js';
import { THEMES } from '../server/players/themes/index.js';
import { playerIdOf } from '../server/seed/players.js';
import { benchOnEachDatabase } from './each-database.js';
import { pct, rand } from './figures.js';

/**
 * Orders at size: BENCH_ORDERS orders (default 10,000,000) over the four games and a year, made by
 * the database itself (generate_series, a million rows a statement, the secondary indexes built
 * after the load as a bulk load does), then the searches the order screens make, each 200 times
 * with random arguments, through the same `searchOrders` the endpoints call (page and capped count):
 * by order id, by player, and by a day's time range. Prints p50/p95 per search and database.
 *
 *   npx tsx bench/orders.ts                 # both databases
 *   BENCH_ORDERS=1000000 BENCH_DB=pglite npx tsx bench/orders.ts
 *
 * BENCH_EXPLAIN=1 also prints each search's plans (EXPLAIN ANALYZE, BUFFERS) and the database's
 * own execution and planning times over the same arguments (p50/p95), to tell a slow plan from
 * time spent outside the database (driver, event loop, a busy machine).
 */

const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 10_000_000);
const EXPLAIN = process.env['BENCH_EXPLAIN'] === '1';
const QUERIES = 200;
const PLAYERS_PER_GAME = 200_000;
const DAYS = 365;
const CHUNK = 1_000_000;
const NOW = new Date(Date.UTC(2026, 0, 15, 9, 0, 0));
const STATES = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'refunded',
  'cancelled',
  'paid',
  'deliveryFailed',
  'created',
  'paying',
];
const PROVIDERS = ['wechat', 'alipay', 'paypal', 'payssion'];

const letter = (g: GameId) => g[0]?.toUpperCase() ?? 'X';
/** Order i's id: GO + game letter + 'B' + 17 digits (well-formed, distinct, cheap to make in SQL). */
const benchId = (i: number) =>
  `GO${letter(GAME_IDS[i % GAME_IDS.length] ?? 'ymmj')}B${String(i).padStart(17, '0')}`;
const stepMs = () => Math.floor((DAYS * 86_400_000) / ORDERS);

async function load(db: Kysely<Database>, kind: string): Promise<void> {
  const { rows: idx } = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where tablename = 'orders' and indexname <> 'orders_pkey'`.execute(db);
  for (const i of idx) await sql`drop index ${sql.id(i.name)}`.execute(db);
  const games = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(g)))}]::text[]`;
  const letters = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(letter(g))))}]::text[]`;
  const bases = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(playerIdOf(g, 0))))}]::numeric[]`;
  const currencies = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(THEMES[g].currency)))}]::text[]`;
  const prices = sql`array[${sql.join(GAME_IDS.map((g) => sql.lit(THEMES[g].recharge[0]?.price ?? 100)))}]::int[]`;
  const states = sql`array[${sql.join(STATES.map((s) => sql.lit(s)))}]::text[]`;
  const providers = sql`array[${sql.join(PROVIDERS.map((s) => sql.lit(s)))}]::text[]`;
  const t0 = performance.now();
  for (let from = 0; from < ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK) - 1;
    await sql`
      insert into orders (order_id, game, player_id, player_name, kind, "grant", grant_label, amount, currency,
        state, provider, provider_ref, approval, created_by, created_at, updated_at, paid_at, delivered_at, delivery_attempts)
      select
        'GO' || (${letters})[gi] || 'B' || lpad(i::text, 17, '0'),
        (${games})[gi],
        ((${bases})[gi] + 1 + (i * 7919) % ${PLAYERS_PER_GAME})::text,
        'player ' || ((i * 7919) % ${PLAYERS_PER_GAME}),
        'purchase',
        '{"kind":"recharge","productId":1}'::jsonb,
        'pack',
        (${prices})[gi] * (1 + i % 5),
        (${currencies})[gi],
        st,
        (${providers})[1 + i % 4],
        'REF' || i,
        'notNeeded',
        'pay-server',
        ${NOW}::timestamptz - (i * ${stepMs()}) * interval '1 millisecond',
        ${NOW}::timestamptz - (i * ${stepMs()}) * interval '1 millisecond',
        case when st in ('created', 'paying', 'cancelled') then null else ${NOW}::timestamptz - (i * ${stepMs()}) * interval '1 millisecond' end,
        case when st in ('delivered', 'refunded') then ${NOW}::timestamptz - (i * ${stepMs()}) * interval '1 millisecond' end,
        case when st in ('delivered', 'refunded', 'deliveryFailed') then 1 else 0 end
      from generate_series(${from}::bigint, ${to}::bigint) as s(i)
      cross join lateral (select (1 + i % ${GAME_IDS.length})::int as gi, (${states})[(1 + (i * 31) % ${STATES.length})::int] as st) x
    `.execute(db);
    process.stdout.write(
      `  ${kind}: ${to + 1} orders loaded (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`,
    );
  }
  for (const i of idx) await sql.raw(i.def).execute(db);
  await settleTable(db, 'orders', true);
  process.stdout.write(
    `  ${kind}: indexes and settle done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`,
  );
}

async function time(
  name: string,
  make: (k: number) => Parameters<typeof searchOrders>[1],
  db: Kysely<Database>,
) {
  const ms: number[] = [];
  let found = 0;
  // Warm-up (plans, caches, JIT), not counted.
  for (let k = 0; k < 20; k++) await searchOrders(db, make(QUERIES + k));
  for (let k = 0; k < QUERIES; k++) {
    const f = make(k);
    const t = performance.now();
    const r = await searchOrders(db, f);
    ms.push(performance.now() - t);
    found += r.items.length;
  }
  ms.sort((a, b) => a - b);
  return { name, p50: pct(ms, 50), p95: pct(ms, 95), max: ms.at(-1) ?? 0, avgRows: found / QUERIES };
}

async function bench(kind: 'pglite' | 'postgres', open: OpenDatabaseOptions) {
  const opened = await openDatabase(open);
  try {
    await migrateToLatest(opened.db);
    await load(opened.db, kind);
    // The embedded database has no background writer or checkpointer: without this, the searches
    // would find shared buffers full of pages the load and VACUUM dirtied, and each page they read
    // would first write one out (EXPLAIN showed "written=" on plain reads). The app's own seeding
    // checkpoints the same way after bulk writes. A no-op on PostgreSQL.
    await opened.checkpoint();
    const db = opened.db;
    const r = rand(42);
    const page = { page: 1, pageSize: 20 };
    const results = [
      await time(
        'by order id',
        () => {
          const i = Math.floor(r() * ORDERS);
          return { ...page, game: GAME_IDS[i % GAME_IDS.length], orderId: benchId(i) };
        },
        db,
      ),
      await time(
        'by player (game, player, newest first)',
        () => {
          const i = Math.floor(r() * ORDERS);
          const game = GAME_IDS[i % GAME_IDS.length] ?? 'ymmj';
          return { ...page, game, playerId: playerIdOf(game, 1 + ((i * 7919) % PLAYERS_PER_GAME)) };
        },
        db,
      ),
      await time(
        'by time range (one day of a game)',
        () => {
          const startMs = NOW.getTime() - Math.floor(r() * (DAYS - 1)) * 86_400_000 - 86_400_000;
          return {
            ...page,
            game: GAME_IDS[Math.floor(r() * GAME_IDS.length)],
            from: new Date(startMs).toISOString(),
            to: new Date(startMs + 86_400_000).toISOString(),
          };
        },
        db,
      ),
    ];
    if (EXPLAIN) await explain(db, kind);
    for (const x of results)
      console.log(
        `${kind.padEnd(8)} ${ORDERS.toLocaleString('en')} orders  ${x.name.padEnd(40)} p50 ${x.p50.toFixed(2)} ms  p95 ${x.p95.toFixed(2)} ms  max ${x.max.toFixed(1)} ms  rows/page ${x.avgRows.toFixed(1)}`,
      );
  } finally {
    await opened.close();
  }
}

/**
 * The statements searchOrders sends for each search (page, and the capped count), explained with
 * a sample's arguments; then the database's own times over QUERIES samples.
 */
async function explain(db: Kysely<Database>, kind: string): Promise<void> {
  const r = rand(7);
  const cap = 10_001;
  const page = sql`order by created_at desc, order_id desc limit 20`;
  const searches: { name: string; make: () => ReturnType<typeof sql>[] }[] = [
    {
      name: 'by order id',
      make: () => {
        const i = Math.floor(r() * ORDERS);
        const game = GAME_IDS[i % GAME_IDS.length] ?? 'ymmj';
        return [
          sql`select * from orders where game = ${game} and order_id = ${benchId(i)} order by created_at desc, order_id desc limit 1`,
        ];
      },
    },
    {
      name: 'by player',
      make: () => {
        const i = Math.floor(r() * ORDERS);
        const game = GAME_IDS[i % GAME_IDS.length] ?? 'ymmj';
        const player = playerIdOf(game, 1 + ((i * 7919) % PLAYERS_PER_GAME));
        const where = sql`game = ${game} and player_id = ${player}`;
        return [
          sql`select * from orders where ${where} ${page}`,
          sql`select count(*)::int from (select 1 from orders where ${where} limit ${cap}) m`,
        ];
      },
    },
    {
      name: 'by time range',
      make: () => {
        const startMs = NOW.getTime() - Math.floor(r() * (DAYS - 1)) * 86_400_000 - 86_400_000;
        const game = GAME_IDS[Math.floor(r() * GAME_IDS.length)] ?? 'ymmj';
        const where = sql`game = ${game} and created_at >= ${new Date(startMs)} and created_at < ${new Date(startMs + 86_400_000)}`;
        return [
          sql`select * from orders where ${where} ${page}`,
          sql`select count(*)::int from (select 1 from orders where ${where} limit ${cap}) m`,
        ];
      },
    },
  ];
  for (const s of searches) {
    for (const q of s.make()) {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${q}`.execute(db);
      console.log(`\n${kind} ${s.name}:\n${rows.map((x) => `  ${x['QUERY PLAN']}`).join('\n')}`);
    }
    const exec: number[] = [];
    const plan: number[] = [];
    for (let k = 0; k < QUERIES; k++) {
      let e = 0;
      let p = 0;
      for (const q of s.make()) {
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${q}`.execute(
          db,
        );
        const raw = rows[0]?.['QUERY PLAN'];
        const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
          'Execution Time': number;
          'Planning Time': number;
        }[];
        e += doc[0]?.['Execution Time'] ?? 0;
        p += doc[0]?.['Planning Time'] ?? 0;
      }
      exec.push(e);
      plan.push(p);
    }
    exec.sort((a, b) => a - b);
    plan.sort((a, b) => a - b);
    console.log(
      `${kind} ${s.name}: in the database, execution p50 ${pct(exec, 50).toFixed(2)} / p95 ${pct(exec, 95).toFixed(2)} ms, planning p50 ${pct(plan, 50).toFixed(2)} / p95 ${pct(plan, 95).toFixed(2)} ms`,
    );
  }
}

benchOnEachDatabase('orders', bench);
