import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  ChargeStats,
  CohortGrid,
  DailyReport,
  MoneyFigures,
  RechargeStats,
  ShopDailyReport,
} from '../../shared/api/reports.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { addDays, dayIn, dayList } from './days.js';
import { jsonRows } from './json-rows.js';
import { reportTimeZone } from './zone.js';

/**
 * The reports, each read from its rollups by key range (game, day): a year is a few hundred to a
 * few thousand rollup rows whatever the number of players and orders. `start` and `end` are
 * checked by the handlers.
 */

export interface ReportArgs {
  game: GameId;
  start: string;
  end: string;
  /** The request's time: which later days have not come yet. */
  now: Date;
}

interface Head {
  game: GameId;
  start: string;
  end: string;
  timeZone: string;
}

async function headOf(db: Kysely<Database>, a: ReportArgs): Promise<{ head: Head; today: string }> {
  const timeZone = await reportTimeZone(db);
  return { head: { game: a.game, start: a.start, end: a.end, timeZone }, today: dayIn(timeZone, a.now) };
}

const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export async function dailyReport(db: Kysely<Database>, a: ReportArgs): Promise<DailyReport> {
  const { head, today } = await headOf(db, a);
  const currency = THEMES[a.game].currency;
  const { rows } = await sql<{
    day: string;
    dau: number;
    new_players: number;
    payers: number;
    first_payers: number;
    revenue: number | null;
    d1: number | null;
    d7: number | null;
    d30: number | null;
  }>`
    select d.day::text as day, d.dau, d.new_players, d.payers, d.first_payers, m.amount::float8 as revenue,
      (select players from report_cohorts where game = d.game and cohort_day = d.day and day_offset = 1) as d1,
      (select players from report_cohorts where game = d.game and cohort_day = d.day and day_offset = 7) as d7,
      (select players from report_cohorts where game = d.game and cohort_day = d.day and day_offset = 30) as d30
    from report_days as d
      left join report_day_money as m
        on m.game = d.game and m.day = d.day and m.currency = ${currency} and m.outcome = 'settled'
    where d.game = ${a.game} and d.day between ${a.start}::date and ${a.end}::date`.execute(db);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const retention = (day: string, n: number, back: number | null | undefined, size: number) =>
    addDays(day, n) > today ? null : share(back ?? 0, size);
  return {
    ...head,
    currency,
    days: dayList(a.start, a.end).map((day) => {
      const r = byDay.get(day);
      const dau = r?.dau ?? 0;
      const newPlayers = r?.new_players ?? 0;
      const revenue = r?.revenue ?? 0;
      const paying = r?.payers ?? 0;
      return {
        day,
        dau,
        newPlayers,
        d1: retention(day, 1, r?.d1, newPlayers),
        d7: retention(day, 7, r?.d7, newPlayers),
        d30: retention(day, 30, r?.d30, newPlayers),
        revenue,
        payingPlayers: paying,
        firstTimePayers: r?.first_payers ?? 0,
        arpu: share(revenue, dau),
        arppu: share(revenue, paying),
        payRate: share(paying, dau),
      };
    }),
  };
}

export async function shopDailyReport(db: Kysely<Database>, a: ReportArgs): Promise<ShopDailyReport> {
  const { head } = await headOf(db, a);
  const names = new Map(THEMES[a.game].shop.map((i) => [i.id, i.name]));
  const { rows } = await sql<{
    day: string;
    item_id: number;
    purchases: number;
    units: number;
    revenue: number;
    buyers: number;
  }>`
    select day::text as day, item_id, purchases, units, revenue::float8 as revenue, buyers
    from report_shop
    where game = ${a.game} and day between ${a.start}::date and ${a.end}::date
    order by day, item_id`.execute(db);
  return {
    ...head,
    rows: rows.map((r) => ({
      day: r.day,
      itemId: r.item_id,
      item: names.get(r.item_id) ?? `#${r.item_id}`,
      purchases: r.purchases,
      units: r.units,
      revenue: r.revenue,
      buyers: r.buyers,
    })),
  };
}

interface MoneyRow {
  outcome: string;
  payments: number;
  amount: number;
}

const NO_MONEY: MoneyFigures = {
  payments: 0,
  revenue: 0,
  refunds: 0,
  refunded: 0,
  failedDeliveries: 0,
  failedAmount: 0,
};

/** Adds a rollup row (one outcome) to a group's figures. */
function addOutcome(f: MoneyFigures, r: MoneyRow): MoneyFigures {
  if (r.outcome === 'refunded')
    return { ...f, refunds: f.refunds + r.payments, refunded: f.refunded + r.amount };
  if (r.outcome === 'failed')
    return {
      ...f,
      failedDeliveries: f.failedDeliveries + r.payments,
      failedAmount: f.failedAmount + r.amount,
    };
  return { ...f, payments: f.payments + r.payments, revenue: f.revenue + r.amount };
}

/** Figures per key, in the order keys first appear. */
function groupFigures<R extends MoneyRow>(
  rows: readonly R[],
  key: (r: R) => string,
): Map<string, MoneyFigures> {
  const out = new Map<string, MoneyFigures>();
  for (const r of rows) out.set(key(r), addOutcome(out.get(key(r)) ?? NO_MONEY, r));
  return out;
}

type Dimension = 'dayProvider' | 'pack' | 'channel';

/**
 * The range's figures of one breakdown, from its own rollup: per day and provider as kept, the
 * others summed over the range. Groups whose payments all moved elsewhere (a refund, a channel
 * learnt late) leave zero rows behind, which say nothing.
 */
function breakdown(dim: Dimension, table: string, value: string, range: RawBuilder<unknown>, perDay = false) {
  const v = sql.ref(value);
  // Per day the rollup's rows are the groups already (its key is day, value, currency, outcome).
  if (perDay)
    return sql`
    select ${dim}::text as dim, day::text as day, ${v} as value, currency, outcome,
      payments, amount::float8 as amount
    from ${sql.table(table)} where ${range} and (payments <> 0 or amount <> 0)`;
  // Summed as float8: exact for sums below 2^53 minor units, and far cheaper than numeric.
  return sql`
    select ${dim}::text as dim, null::text as day, ${v} as value, currency, outcome,
      sum(payments)::int as payments, sum(amount::float8) as amount
    from ${sql.table(table)} where ${range}
    group by ${v}, currency, outcome having sum(payments) <> 0 or sum(amount::float8) <> 0`;
}

export async function rechargeStats(db: Kysely<Database>, a: ReportArgs): Promise<RechargeStats> {
  const currency = THEMES[a.game].currency;
  const range = sql`game = ${a.game} and day between ${a.start}::date and ${a.end}::date`;
  // Three rollups in one statement, the zone and the payers beside it. The rows per day and
  // provider hold every payment, so the providers', currencies' and days' figures are their sums
  // here: half the rows to send and decode (PGlite decodes in JavaScript) and three scans fewer.
  const [{ head }, groups, payers] = await Promise.all([
    headOf(db, a),
    jsonRows<MoneyRow & { dim: Dimension; day: string | null; value: string; currency: string }>(
      db,
      sql`
      ${breakdown('dayProvider', 'report_money_provider', 'provider', range, true)}
      union all ${breakdown('pack', 'report_money_pack', 'pack', range)}
      union all ${breakdown('channel', 'report_money_channel', 'channel', range)}`,
      sql`q.dim, q.day, q.value, q.currency`,
    ),
    jsonRows<{ day: string; payers: number; first_payers: number }>(
      db,
      sql`select day::text as day, payers, first_payers from report_days where ${range}`,
      sql`q.day`,
    ),
  ]);
  const perDay = groups.filter((g) => g.dim === 'dayProvider');
  const money = groupFigures(
    perDay.filter((g) => g.currency === currency),
    (r) => r.day ?? '',
  );
  const people = new Map(payers.map((p) => [p.day, p]));
  /**
   * Figures per key of `rows`, in the order the rows come (the statement's), or sorted by key for
   * the sums over days (the order their own groups had when the statement made them).
   */
  const grouped = (
    rows: typeof groups,
    key: (r: (typeof groups)[number]) => [string, string, string],
    sorted = false,
  ) => {
    const out = [...groupFigures(rows, (r) => key(r).join('\u0000'))];
    if (sorted) out.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return out.map(([k, f]) => {
      const [day = '', value = '', cur = ''] = k.split('\u0000');
      return { day, value, currency: cur, figures: f };
    });
  };
  const dim = (d: Dimension) =>
    grouped(
      groups.filter((g) => g.dim === d),
      (r) => [r.day ?? '', r.value, r.currency],
    );
  return {
    ...head,
    days: dayList(a.start, a.end).map((day) => ({
      day,
      currency,
      ...(money.get(day) ?? NO_MONEY),
      payingPlayers: people.get(day)?.payers ?? 0,
      firstTimePayers: people.get(day)?.first_payers ?? 0,
    })),
    byProvider: grouped(perDay, (r) => ['', r.value, r.currency], true).map((g) => ({
      provider: g.value,
      currency: g.currency,
      ...g.figures,
    })),
    byDayProvider: dim('dayProvider').map((g) => ({
      day: g.day,
      provider: g.value,
      currency: g.currency,
      ...g.figures,
    })),
    byCurrency: grouped(perDay, (r) => ['', r.currency, r.currency], true).map((g) => ({
      currency: g.currency,
      ...g.figures,
    })),
    byPack: dim('pack').map((g) => ({ pack: g.value, currency: g.currency, ...g.figures })),
    byChannel: dim('channel').map((g) => ({ channel: g.value, currency: g.currency, ...g.figures })),
  };
}

export async function chargeStats(db: Kysely<Database>, a: ReportArgs): Promise<ChargeStats> {
  const [{ head }, rows] = await Promise.all([
    headOf(db, a),
    jsonRows<ChargeStats['rows'][number]>(
      db,
      sql`
      select day::text as day, pack, currency, charges, amount::float8 as amount, refunded
      from report_charges
      where game = ${a.game} and day between ${a.start}::date and ${a.end}::date and charges <> 0`,
      sql`q.day, q.pack, q.currency`,
    ),
  ]);
  return { ...head, rows };
}

export async function cohortGrid(db: Kysely<Database>, a: ReportArgs): Promise<CohortGrid> {
  const { head, today } = await headOf(db, a);
  const days = dayList(a.start, a.end);
  const { rows } = await sql<{ day: string; k: number; players: number }>`
    select cohort_day::text as day, day_offset as k, players from report_cohorts
    where game = ${a.game} and cohort_day between ${a.start}::date and ${a.end}::date
      and day_offset < ${days.length}`.execute(db);
  const { rows: sizes } = await sql<{ day: string; n: number }>`
    select day::text as day, new_players as n from report_days
    where game = ${a.game} and day between ${a.start}::date and ${a.end}::date`.execute(db);
  const back = new Map(rows.map((r) => [`${r.day}/${r.k}`, r.players]));
  const size = new Map(sizes.map((s) => [s.day, s.n]));
  return {
    ...head,
    cohorts: days.map((day) => ({
      day,
      size: size.get(day) ?? 0,
      retained: days.map((_, k) => (addDays(day, k) > today ? null : (back.get(`${day}/${k}`) ?? 0))),
    })),
  };
}
