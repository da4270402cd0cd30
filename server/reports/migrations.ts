import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/*
 * Every counting rule of the reports lives here, in SQL, once: the triggers that keep the rollups
 * current (in the transaction of the change, whoever makes it: the order ledger's one-statement
 * steps, the seed's bulk inserts, a test's insert) and `reports_rebuild(game)`, the data repair
 * that recounts a game's rollups from the raw rows, are made of the same fragments below. A later
 * change of a rule is a new migration that replaces the functions, then rebuilds.
 *
 * The triggers are statement-level with transition tables: a bulk insert of a million rows costs
 * one grouped upsert per rollup, not a million. Upserts take their rows in key order, so two
 * writers never deadlock on them. Counters of distinct things (DAU, paying players, buyers) are
 * kept exact by a row per distinct thing (a player's active day, pay day, shop buyer day): a
 * counter moves only when that row is new (`xmax = 0` or `do nothing returning` tells, inside the
 * same statement) or, for pay days, when its payments cross zero.
 *
 * What the raw rows may do: sign-ins and shop purchases are appended, never changed; players are
 * inserted and deleted; orders are inserted, changed and deleted; a player's channel is set once. Anything else (an update of a
 * sign-in, a truncate) leaves the rollups to `reports_rebuild`.
 */

/** A timestamp's day in the deployment's zone (`z`, read once per statement from report_settings). */
const day = (col: string) => `(${col} at time zone z)::date`;

/** A purchase whose money was received, in a state that keeps the fact (rows `o`). */
const PAYMENT = `o.kind = 'purchase' and o.paid_at is not null
  and o.state in ('paid', 'delivered', 'deliveryFailed', 'refunded')`;

/** Payments of `rel` as signed deltas of every figure the money rollups hold. */
const payments = (rel: string, sign: string, filter = 'true', channel = "coalesce(c.channel, 'unknown')") => `
  select o.game, ${day('o.paid_at')} as day, coalesce(o.provider, 'none') as provider, o.currency,
    o.grant_label as pack, ${channel} as channel,
    case o.state when 'refunded' then 'refunded' when 'deliveryFailed' then 'failed' else 'settled' end as outcome,
    ${sign} as n, ${sign} * o.amount::bigint as a
  from ${rel} as o
    left join player_channels as c on c.game = o.game and c.player_id = o.player_id
  where ${PAYMENT} and ${filter}`;

/** Purchases delivered to the game (the player service's charges), as signed deltas. */
const charges = (rel: string, sign: string, filter = 'true') => `
  select o.game, ${day('o.delivered_at')} as day, o.grant_label as pack, o.currency,
    ${sign} as n, ${sign} * o.amount::bigint as a, ${sign} * (o.state = 'refunded')::int as r
  from ${rel} as o
  where o.kind = 'purchase' and o.delivered_at is not null and ${filter}`;

/** A money rollup: its table, and the columns it keeps payments apart by besides game, day and outcome. */
interface MoneyRollup {
  table: string;
  by: readonly string[];
}

/** The money rollups of 0001: every breakdown in one table, and the day's money per currency. */
const MONEY_V1: readonly MoneyRollup[] = [
  { table: 'report_money', by: ['provider', 'currency', 'pack', 'channel'] },
  { table: 'report_day_money', by: ['currency'] },
];

/**
 * The money rollups since 0002: one per breakdown the recharge statistics show, so that a year
 * of one breakdown is a few thousand rows, not the hundred thousand of every breakdown at once.
 */
const MONEY: readonly MoneyRollup[] = [
  { table: 'report_money_provider', by: ['provider', 'currency'] },
  { table: 'report_money_pack', by: ['pack', 'currency'] },
  { table: 'report_money_channel', by: ['channel', 'currency'] },
  { table: 'report_day_money', by: ['currency'] },
];

/** Adds the deltas of CTE `d` (payments) to each money rollup: a CTE per rollup, the last the statement. */
const addMoney = (d: string, money: readonly MoneyRollup[]) => {
  const upserts = money.map(({ table, by }) => {
    const key = ['game', 'day', ...by, 'outcome'].join(', ');
    return `insert into ${table} as t (${key}, payments, amount)
    select ${key}, sum(n), sum(a) from ${d}
    group by ${key} having sum(n) <> 0 or sum(a) <> 0 order by ${key}
    on conflict (${key}) do update
    set payments = t.payments + excluded.payments, amount = t.amount + excluded.amount`;
  });
  // The callers write `with d as (...), ` before: there are always two rollups or more.
  const last = upserts.pop() ?? '';
  return `${upserts.map((u, i) => `m${i} as (${u})`).join(',\n  ')}\n  ${last}`;
};

const addCharges = (d: string) => `
  insert into report_charges as t (game, day, pack, currency, charges, amount, refunded)
  select game, day, pack, currency, sum(n), sum(a), sum(r) from ${d}
  group by game, day, pack, currency having sum(n) <> 0 or sum(a) <> 0 or sum(r) <> 0
  order by game, day, pack, currency
  on conflict (game, day, pack, currency) do update
  set charges = t.charges + excluded.charges, amount = t.amount + excluded.amount,
    refunded = t.refunded + excluded.refunded`;

/** The advisory lock space (the first key) of payers, and how many buckets of players it has. */
const PAYER_LOCKS = 200_001;
const PAYER_BUCKETS = 64;

/** Payments of `rel` per player and day, signed. */
const payDays = (rel: string, sign: string) => `
  select o.game, o.player_id, ${day('o.paid_at')} as day, ${sign} * count(*) as n
  from ${rel} as o where ${PAYMENT} group by 1, 2, 3`;

/**
 * Paying players and first-time payers, kept exact whatever the statement did to payments (new,
 * undone by a deletion or a hand edit): each player's payments per day (`player_pay_days`) move by
 * the statement's delta (kept on the row as `last_delta`, so the upsert itself says which rows
 * crossed zero, with no join of two unindexed results), and a day's payers by those; then each player
 * touched gets their first pay day recounted from those rows, and the days it left and reached
 * move by one. The players touched are locked first, by bucket of their key in bucket order (a
 * bulk insert of a million orders takes at most PAYER_BUCKETS locks, not a million): two
 * statements about one player's payments run one after the other.
 */
const addPayers = (src: string) => {
  // The players whose payments of some day changed (an update that moved no payment touches none).
  const touched = `select distinct game, player_id from (
    select game, player_id from (${src}) as s group by game, player_id, day having sum(n) <> 0) as c`;
  return [
    `perform pg_advisory_xact_lock(${PAYER_LOCKS}, b)
  from (select distinct hashtext(game || '/' || player_id) & ${PAYER_BUCKETS - 1} as b from (${touched}) as t order by 1) as x`,
    `with d as (select game, player_id, day, sum(n)::int as n from (${src}) as s group by 1, 2, 3 having sum(n) <> 0),
  u as (
    insert into player_pay_days as t (game, day, player_id, payments, last_delta)
    select game, day, player_id, n, n from d order by game, day, player_id
    on conflict (game, day, player_id) do update
    set payments = t.payments + excluded.payments, last_delta = excluded.payments
    returning t.game, t.day, (t.payments > 0)::int - (t.payments - t.last_delta > 0)::int as moved)
  insert into report_days as t (game, day, payers)
  select game, day, sum(moved) from u group by 1, 2 having sum(moved) <> 0 order by 1, 2
  on conflict (game, day) do update set payers = t.payers + excluded.payers`,
    `with a as (${touched}),
  f as (
    select a.game, a.player_id, t.first_day as was,
      (select min(p.day) from player_pay_days as p
        where p.game = a.game and p.player_id = a.player_id and p.payments > 0) as now
    from a left join payer_first as t on t.game = a.game and t.player_id = a.player_id),
  ch as (select * from f where now is distinct from was),
  gone as (
    delete from payer_first as t using ch
    where ch.now is null and t.game = ch.game and t.player_id = ch.player_id),
  moved as (
    insert into payer_first as t (game, player_id, first_day)
    select game, player_id, now from ch where now is not null order by game, player_id
    on conflict (game, player_id) do update set first_day = excluded.first_day)
  insert into report_days as t (game, day, first_payers)
  select game, day, sum(n) from (
    select game, now as day, 1 as n from ch where now is not null
    union all select game, was, -1 from ch where was is not null) as x
  group by 1, 2 order by 1, 2
  on conflict (game, day) do update set first_payers = t.first_payers + excluded.first_payers`,
  ];
};

/** The body of the orders' trigger for one statement: old rows leave, new rows arrive. */
function ordersBody(newRel: string | null, oldRel: string | null, money: readonly MoneyRollup[]): string {
  const src = (f: (rel: string, sign: string) => string) =>
    [newRel ? f(newRel, '1') : null, oldRel ? f(oldRel, '-1') : null].filter(Boolean).join(' union all ');
  return [
    `with d as (${src(payments)}), ${addMoney('d', money)}`,
    `with d as (${src(charges)}) ${addCharges('d')}`,
    ...addPayers(src(payDays)),
  ].join(';\n');
}

/** A player's channel, once known, takes their payments counted under "unknown" until then. */
function channelsBody(rel: string, money: readonly MoneyRollup[]): string {
  const theirs = `(select o.* from orders as o join ${rel} as n on n.game = o.game and n.player_id = o.player_id)`;
  return `with d as (${payments(theirs, '-1', 'true', "'unknown'")} union all ${payments(theirs, '1')}),
    ${addMoney('d', money)}`;
}

/** New active days of the sign-ins in `rel`: DAU and the cohorts' retention move with them. */
const addSignIns = (rel: string) => `
  with s as (
    select game, player_id, ${day('at')} as day, count(*)::int as n, sum(seconds)::int as secs
    from ${rel} group by 1, 2, 3),
  a as (
    insert into player_active_days as t (game, day, player_id, sign_ins, seconds)
    select game, day, player_id, n, secs from s order by game, day, player_id
    on conflict (game, day, player_id) do update
    set sign_ins = t.sign_ins + excluded.sign_ins, seconds = t.seconds + excluded.seconds
    returning t.game, t.day, t.player_id, (t.xmax = 0) as fresh),
  f as (select game, day, player_id from a where fresh),
  c as (
    insert into report_cohorts as t (game, cohort_day, day_offset, players)
    select f.game, p.cd, f.day - p.cd, count(*) from f
      join lateral (select ${day('q.created_at')} as cd from players as q
        where q.game = f.game and q.id = f.player_id) as p on true
    where f.day >= p.cd
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (game, cohort_day, day_offset) do update set players = t.players + excluded.players)
  insert into report_days as t (game, day, dau)
  select game, day, count(*) from f group by game, day order by game, day
  on conflict (game, day) do update set dau = t.dau + excluded.dau`;

/** Registrations of the players in `rel` (sign 1 inserted, -1 deleted). */
const addPlayers = (rel: string, sign: string) => `
  insert into report_days as t (game, day, new_players)
  select game, ${day('created_at')}, ${sign} * count(*) from ${rel} group by 1, 2 order by 1, 2
  on conflict (game, day) do update set new_players = t.new_players + excluded.new_players`;

/** Shop purchases of `rel`: figures per day and item, and buyers as new buyer days. */
const addShop = (rel: string) => `
  with s as (
    select game, ${day('at')} as day, item_id, player_id, count(*) as n, sum(units) as u, sum(amount) as a
    from ${rel} group by 1, 2, 3, 4),
  b as (
    insert into shop_buyer_days (game, day, item_id, player_id)
    select game, day, item_id, player_id from s order by game, day, item_id, player_id
    on conflict do nothing returning game, day, item_id)
  insert into report_shop as t (game, day, item_id, purchases, units, revenue, buyers)
  select game, day, item_id, sum(n), sum(u), sum(a), sum(b) from (
    select game, day, item_id, n, u, a, 0 as b from s
    union all select game, day, item_id, 0, 0, 0, 1 from b) as x
  group by game, day, item_id order by game, day, item_id
  on conflict (game, day, item_id) do update
  set purchases = t.purchases + excluded.purchases, units = t.units + excluded.units,
    revenue = t.revenue + excluded.revenue, buyers = t.buyers + excluded.buyers`;

/** Every rollup of one game (`g`), recounted from the raw rows. */
const rebuildBody = (money: readonly MoneyRollup[]) => `
  delete from player_active_days where game = g;
  delete from player_pay_days where game = g;
  delete from payer_first where game = g;
  delete from report_days where game = g;
  delete from report_cohorts where game = g;
  ${money.map((m) => `delete from ${m.table} where game = g;`).join('\n  ')}
  delete from report_charges where game = g;
  delete from shop_buyer_days where game = g;
  delete from report_shop where game = g;
  insert into player_active_days (game, day, player_id, sign_ins, seconds)
  select game, ${day('at')}, player_id, count(*), sum(seconds) from sign_ins where game = g group by 1, 2, 3;
  insert into report_cohorts (game, cohort_day, day_offset, players)
  select a.game, p.cd, a.day - p.cd, count(*) from player_active_days as a
    join lateral (select ${day('q.created_at')} as cd from players as q
      where q.game = a.game and q.id = a.player_id) as p on true
  where a.game = g and a.day >= p.cd group by 1, 2, 3;
  insert into player_pay_days (game, day, player_id, payments)
  select o.game, ${day('o.paid_at')}, o.player_id, count(*) from orders as o where o.game = g and ${PAYMENT}
  group by 1, 2, 3;
  insert into payer_first (game, player_id, first_day)
  select game, player_id, min(day) from player_pay_days where game = g and payments > 0 group by game, player_id;
  insert into report_days (game, day, dau, new_players, payers, first_payers)
  select g, x.day, sum(x.a), sum(x.b), sum(x.c), sum(x.d) from (
    select day, count(*) as a, 0 as b, 0 as c, 0 as d from player_active_days where game = g group by day
    union all select ${day('created_at')}, 0, count(*), 0, 0 from players where game = g group by 1
    union all select day, 0, 0, count(*), 0 from player_pay_days where game = g and payments > 0 group by day
    union all select first_day, 0, 0, 0, count(*) from payer_first where game = g group by first_day
  ) as x group by x.day;
  with d as (${payments('orders', '1', 'o.game = g')}), ${addMoney('d', money)};
  with d as (${charges('orders', '1', 'o.game = g')}) ${addCharges('d')};
  insert into shop_buyer_days (game, day, item_id, player_id)
  select distinct game, ${day('at')}, item_id, player_id from shop_purchases where game = g;
  insert into report_shop (game, day, item_id, purchases, units, revenue, buyers)
  select game, ${day('at')}, item_id, count(*), sum(units), sum(amount), count(distinct player_id)
  from shop_purchases where game = g group by 1, 2, 3`;

/** A trigger's plpgsql function reading the zone once (`or replace`: a later rule keeps the trigger). */
async function triggerFunction(db: AnyDb, name: string, body: string): Promise<void> {
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $fn$
      declare z text := reports_zone();
      begin
        ${body};
        return null;
      end $fn$`,
    )
    .execute(db);
}

/** The data repair `reports_rebuild(g)`, counting money into `money`. */
async function rebuildFunction(db: AnyDb, money: readonly MoneyRollup[]): Promise<void> {
  await sql
    .raw(
      `create or replace function reports_rebuild(g text) returns void language plpgsql as $fn$
      declare z text := reports_zone();
      begin
        ${rebuildBody(money)};
      end $fn$`,
    )
    .execute(db);
}

/** A trigger's function and the trigger running it. */
async function triggerOn(
  db: AnyDb,
  name: string,
  table: string,
  op: 'insert' | 'update' | 'delete',
  tables: string,
  body: string,
): Promise<void> {
  await triggerFunction(db, name, body);
  await sql
    .raw(
      `create trigger ${name} after ${op} on ${table}
      referencing ${tables} for each statement execute function ${name}()`,
    )
    .execute(db);
}

const COUNTER = (c: string) => `${c} integer not null default 0`;

async function createTables(db: AnyDb): Promise<void> {
  const statements = [
    `create table report_settings (
      id smallint primary key default 1 check (id = 1),
      time_zone text not null)`,
    `insert into report_settings (id, time_zone) values (1, 'Asia/Shanghai')`,
    `create table sign_ins (
      game text not null, player_id text not null, "at" timestamptz not null,
      ip text not null, seconds integer not null check (seconds >= 0),
      primary key (game, player_id, "at"))`,
    // IP statistics will read a game's sign-ins per address and time.
    `create index sign_ins_ip_idx on sign_ins (game, ip, "at")`,
    `create table shop_purchases (
      game text not null, player_id text not null, "at" timestamptz not null, item_id integer not null,
      units integer not null check (units > 0), amount bigint not null check (amount >= 0),
      primary key (game, player_id, "at", item_id))`,
    `create table player_channels (
      game text not null, player_id text not null, channel text not null,
      primary key (game, player_id))`,
    `create table player_active_days (
      game text not null, day date not null, player_id text not null,
      ${COUNTER('sign_ins')}, ${COUNTER('seconds')},
      primary key (game, day, player_id))`,
    `create table player_pay_days (
      game text not null, day date not null, player_id text not null, ${COUNTER('payments')},
      ${COUNTER('last_delta')}, primary key (game, day, player_id))`,
    // A player's first pay day: the first entry of their days with payments.
    `create index player_pay_days_player_idx on player_pay_days (game, player_id, day) where payments > 0`,
    `create table payer_first (
      game text not null, player_id text not null, first_day date not null,
      primary key (game, player_id))`,
    `create table report_days (
      game text not null, day date not null,
      ${COUNTER('dau')}, ${COUNTER('new_players')}, ${COUNTER('payers')}, ${COUNTER('first_payers')},
      primary key (game, day))`,
    `create table report_cohorts (
      game text not null, cohort_day date not null, day_offset integer not null, ${COUNTER('players')},
      primary key (game, cohort_day, day_offset))`,
    `create table report_money (
      game text not null, day date not null, provider text not null, currency text not null,
      pack text not null, channel text not null, outcome text not null,
      ${COUNTER('payments')}, amount bigint not null default 0,
      primary key (game, day, provider, currency, pack, channel, outcome))`,
    `create table report_day_money (
      game text not null, day date not null, currency text not null, outcome text not null,
      ${COUNTER('payments')}, amount bigint not null default 0,
      primary key (game, day, currency, outcome))`,
    `create table report_charges (
      game text not null, day date not null, pack text not null, currency text not null,
      ${COUNTER('charges')}, amount bigint not null default 0, ${COUNTER('refunded')},
      primary key (game, day, pack, currency))`,
    `create table shop_buyer_days (
      game text not null, day date not null, item_id integer not null, player_id text not null,
      primary key (game, day, item_id, player_id))`,
    `create table report_shop (
      game text not null, day date not null, item_id integer not null,
      ${COUNTER('purchases')}, ${COUNTER('units')}, revenue bigint not null default 0,
      ${COUNTER('buyers')}, primary key (game, day, item_id))`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export const reportsMigrations: Record<string, FeatureMigration> = {
  '0001_reports': {
    async up(db: AnyDb) {
      await createTables(db);
      await sql`
        create function reports_zone() returns text language sql stable as $fn$
          select time_zone from report_settings where id = 1
        $fn$`.execute(db);
      await rebuildFunction(db, MONEY_V1);
      const newOrders = 'new table as new_orders';
      const oldOrders = 'old table as old_orders';
      await triggerOn(
        db,
        'reports_orders_insert',
        'orders',
        'insert',
        newOrders,
        ordersBody('new_orders', null, MONEY_V1),
      );
      await triggerOn(
        db,
        'reports_orders_update',
        'orders',
        'update',
        `${oldOrders} ${newOrders}`,
        ordersBody('new_orders', 'old_orders', MONEY_V1),
      );
      await triggerOn(
        db,
        'reports_orders_delete',
        'orders',
        'delete',
        oldOrders,
        ordersBody(null, 'old_orders', MONEY_V1),
      );
      await triggerOn(
        db,
        'reports_players_insert',
        'players',
        'insert',
        'new table as new_registrations',
        addPlayers('new_registrations', '1'),
      );
      await triggerOn(
        db,
        'reports_players_delete',
        'players',
        'delete',
        'old table as old_registrations',
        addPlayers('old_registrations', '-1'),
      );
      await triggerOn(
        db,
        'reports_player_channels',
        'player_channels',
        'insert',
        'new table as new_channels',
        channelsBody('new_channels', MONEY_V1),
      );
      await triggerOn(
        db,
        'reports_sign_ins',
        'sign_ins',
        'insert',
        'new table as new_sign_ins',
        addSignIns('new_sign_ins'),
      );
      await triggerOn(
        db,
        'reports_shop_purchases',
        'shop_purchases',
        'insert',
        'new table as new_shop_purchases',
        addShop('new_shop_purchases'),
      );
      // Players and orders that exist already (a database migrated after its seed) are counted now.
      await sql`select reports_rebuild(game) from (select game from players union select game from orders) as g`.execute(
        db,
      );
    },
  },
  // Recharge statistics read a year of one breakdown from its own rollup (provider per day, pack,
  // channel; currency from report_day_money) instead of grouping every breakdown's rows five ways.
  // The new rollups are filled from report_money, which holds every breakdown, then it goes.
  '0002_money_breakdowns': {
    async up(db: AnyDb) {
      for (const { table, by } of MONEY.filter((m) => m.table !== 'report_day_money')) {
        const key = ['game', 'day', ...by, 'outcome'].join(', ');
        await sql
          .raw(
            `create table ${table} (
              game text not null, day date not null, ${by.map((c) => `${c} text not null`).join(', ')},
              outcome text not null, ${COUNTER('payments')}, amount bigint not null default 0,
              primary key (${key}))`,
          )
          .execute(db);
        await sql
          .raw(
            `insert into ${table} (${key}, payments, amount)
            select ${key}, sum(payments), sum(amount) from report_money
            group by ${key} having sum(payments) <> 0 or sum(amount) <> 0`,
          )
          .execute(db);
      }
      await rebuildFunction(db, MONEY);
      await triggerFunction(db, 'reports_orders_insert', ordersBody('new_orders', null, MONEY));
      await triggerFunction(db, 'reports_orders_update', ordersBody('new_orders', 'old_orders', MONEY));
      await triggerFunction(db, 'reports_orders_delete', ordersBody(null, 'old_orders', MONEY));
      await triggerFunction(db, 'reports_player_channels', channelsBody('new_channels', MONEY));
      await sql`drop table report_money`.execute(db);
    },
  },
};
