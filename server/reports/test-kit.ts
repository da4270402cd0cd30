import { sql, type Kysely } from 'kysely';
import type {
  ChargeStats,
  CohortGrid,
  DailyRow,
  MoneyFigures,
  RechargeStats,
  ShopRow,
} from '../../shared/api/reports.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';

/**
 * The reports counted again straight from the raw rows (sign-ins, players, orders, shop purchases)
 * with plain SQL written apart from the rollups' (tests compare the two). Slow by design: every
 * figure is a scan.
 */

export interface Recount {
  db: Kysely<Database>;
  game: GameId;
  zone: string;
  start: string;
  end: string;
}

const dayText = (zone: string, col: string) => `(${col} at time zone '${zone.replaceAll("'", '')}')::date`;
const dayOf = (zone: string, col: string) => sql.raw(dayText(zone, col));
const days = (r: Recount) =>
  sql`(select generate_series(${r.start}::date, ${r.end}::date, interval '1 day')::date as day)`;

/** Per day: DAU, new players, payers, first payers, revenue, and who came back n days later. */
export async function recountDaily(
  r: Recount,
): Promise<Omit<DailyRow, 'd1' | 'd7' | 'd30' | 'arpu' | 'arppu' | 'payRate'>[]> {
  const z = r.zone;
  const paid = sql`o.game = ${r.game} and o.kind = 'purchase' and o.paid_at is not null`;
  const { rows } = await sql<Omit<DailyRow, 'd1' | 'd7' | 'd30' | 'arpu' | 'arppu' | 'payRate'>>`
    select d.day::text as "day",
      (select count(distinct s.player_id) from sign_ins as s
        where s.game = ${r.game} and ${dayOf(z, 's.at')} = d.day)::int as "dau",
      (select count(*) from players as p where p.game = ${r.game} and ${dayOf(z, 'p.created_at')} = d.day)::int as "newPlayers",
      (select coalesce(sum(o.amount), 0) from orders as o where ${paid} and ${dayOf(z, 'o.paid_at')} = d.day
        and o.state in ('paid', 'delivered') and o.currency = ${THEMES[r.game].currency})::float8 as "revenue",
      (select count(distinct o.player_id) from orders as o where ${paid} and ${dayOf(z, 'o.paid_at')} = d.day)::int as "payingPlayers",
      (select count(*) from (select min(${dayOf(z, 'o.paid_at')}) as f from orders as o where ${paid} group by o.player_id) as x
        where x.f = d.day)::int as "firstTimePayers"
    from ${days(r)} as d order by 1`.execute(r.db);
  return rows;
}

/** Players registered on `day` who signed in `n` days later. */
export async function recountRetained(r: Recount, day: string, n: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from players as p
    where p.game = ${r.game} and ${dayOf(r.zone, 'p.created_at')} = ${day}::date
      and exists (select 1 from sign_ins as s where s.game = p.game and s.player_id = p.id
        and ${dayOf(r.zone, 's.at')} = ${day}::date + ${n}::int)`.execute(r.db);
  return rows[0]?.n ?? 0;
}

export async function recountShop(r: Recount): Promise<Omit<ShopRow, 'item'>[]> {
  const { rows } = await sql<Omit<ShopRow, 'item'>>`
    select ${dayOf(r.zone, 'at')}::text as "day", item_id as "itemId", count(*)::int as "purchases",
      sum(units)::int as "units", sum(amount)::float8 as "revenue", count(distinct player_id)::int as "buyers"
    from shop_purchases
    where game = ${r.game} and ${dayOf(r.zone, 'at')} between ${r.start}::date and ${r.end}::date
    group by 1, 2 order by 1, 2`.execute(r.db);
  return rows;
}

export async function recountCharges(r: Recount): Promise<ChargeStats['rows']> {
  const { rows } = await sql<ChargeStats['rows'][number]>`
    select ${dayOf(r.zone, 'delivered_at')}::text as "day", grant_label as "pack", currency as "currency",
      count(*)::int as "charges", sum(amount)::float8 as "amount",
      count(*) filter (where state = 'refunded')::int as "refunded"
    from orders
    where game = ${r.game} and kind = 'purchase' and delivered_at is not null
      and ${dayOf(r.zone, 'delivered_at')} between ${r.start}::date and ${r.end}::date
    group by 1, 2, 3 order by 1, 2, 3`.execute(r.db);
  return rows;
}

type Grouped = MoneyFigures & { key: string; currency: string };

/** Payments grouped by one SQL expression (of orders `o` and channels `c`), each outcome apart. */
export async function recountMoney(r: Recount, by: string): Promise<Grouped[]> {
  const { rows } = await sql<Grouped>`
    select ${sql.raw(by)} as "key", o.currency as "currency",
      count(*) filter (where o.state in ('paid', 'delivered'))::int as "payments",
      coalesce(sum(o.amount) filter (where o.state in ('paid', 'delivered')), 0)::float8 as "revenue",
      count(*) filter (where o.state = 'refunded')::int as "refunds",
      coalesce(sum(o.amount) filter (where o.state = 'refunded'), 0)::float8 as "refunded",
      count(*) filter (where o.state = 'deliveryFailed')::int as "failedDeliveries",
      coalesce(sum(o.amount) filter (where o.state = 'deliveryFailed'), 0)::float8 as "failedAmount"
    from orders as o left join player_channels as c on c.game = o.game and c.player_id = o.player_id
    where o.game = ${r.game} and o.kind = 'purchase' and o.paid_at is not null
      and ${dayOf(r.zone, 'o.paid_at')} between ${r.start}::date and ${r.end}::date
    group by 1, 2 order by 1, 2`.execute(r.db);
  return rows;
}

/** The recharge statistics' groups, in the shape the endpoint answers, sorted for comparison. */
export async function recountRecharge(
  r: Recount,
): Promise<Omit<RechargeStats, 'game' | 'start' | 'end' | 'timeZone' | 'days'>> {
  const sort = <T extends { currency: string }>(rows: T[], key: (t: T) => string) =>
    rows.sort((a, b) => `${key(a)}/${a.currency}`.localeCompare(`${key(b)}/${b.currency}`));
  const strip = ({ key: _k, ...f }: Grouped) => f;
  return {
    byProvider: sort(
      (await recountMoney(r, "coalesce(o.provider, 'none')")).map((g) => ({ provider: g.key, ...strip(g) })),
      (g) => g.provider,
    ),
    byDayProvider: sort(
      (await recountMoney(r, `${dayText(r.zone, 'o.paid_at')} || '/' || coalesce(o.provider, 'none')`)).map(
        (g) => {
          const [day = '', provider = ''] = g.key.split('/');
          return { day, provider, ...strip(g) };
        },
      ),
      (g) => `${g.day}/${g.provider}`,
    ),
    byCurrency: sort((await recountMoney(r, 'o.currency')).map(strip), () => ''),
    byPack: sort(
      (await recountMoney(r, 'o.grant_label')).map((g) => ({ pack: g.key, ...strip(g) })),
      (g) => g.pack,
    ),
    byChannel: sort(
      (await recountMoney(r, "coalesce(c.channel, 'unknown')")).map((g) => ({ channel: g.key, ...strip(g) })),
      (g) => g.channel,
    ),
  };
}

/** The recharge statistics' groups, sorted as `recountRecharge` sorts them. */
export function rechargeGroups(
  s: RechargeStats,
): Omit<RechargeStats, 'game' | 'start' | 'end' | 'timeZone' | 'days'> {
  const sorted = <T extends { currency: string }>(rows: T[], key: (t: T) => string) =>
    [...rows].sort((x, y) => `${key(x)}/${x.currency}`.localeCompare(`${key(y)}/${y.currency}`));
  return {
    byProvider: sorted(s.byProvider, (g) => g.provider),
    byDayProvider: sorted(s.byDayProvider, (g) => `${g.day}/${g.provider}`),
    byCurrency: sorted(s.byCurrency, () => ''),
    byPack: sorted(s.byPack, (g) => g.pack),
    byChannel: sorted(s.byChannel, (g) => g.channel),
  };
}

/** Cohort sizes and the players of each back k days later (k < the number of days). */
export async function recountCohorts(r: Recount, today: string): Promise<CohortGrid['cohorts']> {
  const { rows } = await sql<{ day: string; size: number }>`
    select d.day::text as day,
      (select count(*) from players as p where p.game = ${r.game} and ${dayOf(r.zone, 'p.created_at')} = d.day)::int as size
    from ${days(r)} as d order by 1`.execute(r.db);
  const out: CohortGrid['cohorts'] = [];
  for (const row of rows) {
    const retained: (number | null)[] = [];
    for (let k = 0; k < rows.length; k++) {
      const later = new Date(Date.parse(`${row.day}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
      retained.push(later > today ? null : await recountRetained(r, row.day, k));
    }
    out.push({ day: row.day, size: row.size, retained });
  }
  return out;
}

/**
 * Every rollup row of a game, as text, for comparing two states. Rows whose figures are all zero
 * (what a change and its undoing leave behind) are left out: a recount makes none. A pay day's
 * `last_delta` is the last statement's, which a recount has not.
 */
export async function rollups(db: Kysely<Database>, game: string): Promise<Record<string, string[]>> {
  const kept: Record<string, string> = {
    player_active_days: 'true',
    player_pay_days: 'payments <> 0',
    report_days: 'dau <> 0 or new_players <> 0 or payers <> 0 or first_payers <> 0',
    report_cohorts: 'players <> 0',
    report_money_provider: 'payments <> 0 or amount <> 0',
    report_money_pack: 'payments <> 0 or amount <> 0',
    report_money_channel: 'payments <> 0 or amount <> 0',
    report_day_money: 'payments <> 0 or amount <> 0',
    report_charges: 'charges <> 0 or amount <> 0 or refunded <> 0',
    shop_buyer_days: 'true',
    report_shop: 'true',
  };
  const out: Record<string, string[]> = {};
  for (const [t, where] of Object.entries(kept)) {
    const { rows } = await sql<{ r: string }>`
      select ${sql.raw(t === 'player_pay_days' ? '(day, player_id, payments)' : 't')}::text as r
      from ${sql.table(t)} as t where game = ${game} and (${sql.raw(where)})`.execute(db);
    out[t] = rows.map((x) => x.r).sort();
  }
  const { rows: first } = await sql<{ r: string }>`
    select player_id || ' ' || first_day::text as r from payer_first where game = ${game}`.execute(db);
  out['payer_first'] = first.map((x) => x.r).sort();
  return out;
}
