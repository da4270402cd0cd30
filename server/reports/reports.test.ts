import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.js';
import type {
  ChargeStats,
  CohortGrid,
  DailyReport,
  RechargeStats,
  ShopDailyReport,
} from '../../shared/api/reports.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { planRequest } from '../../shared/api/endpoint.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import { startBackend } from '../backend.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { Rng } from '../players/prng.js';
import { playerIdOf } from '../seed/players.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit } from '../../tests/support/api-kit.js';
import { insertTestOrder } from '../orders/test-kit.js';
import { addDays, dayIn } from './days.js';
import { zoneDayStart } from '../../shared/days.js';
import { rebuildReports } from './rollups.js';
import { useTimeZone } from './zone.js';
import {
  rollups,
  recountCharges,
  recountCohorts,
  recountDaily,
  recountRecharge,
  rechargeGroups,
  recountRetained,
  recountShop,
  type Recount,
} from './test-kit.js';

/**
 * Reports on both databases: after random changes of what they count (sign-ins, new players,
 * shop purchases, orders paid, delivered, refunded, failed, through the order ledger and straight
 * in the table), every report equals a recount of the raw rows; the data repair's rebuild equals
 * the rollups the triggers kept; the studio's time zone decides the days; bad input is refused.
 */

const G: GameId = 'ymmj';

describe.each(backendKinds())('reports on %s', (kind) => {
  const kit = useKit(kind);
  const db = (): Kysely<Database> => kit.t.backend.database.db;
  const now = () => new Date(kit.t.clock.now);
  const today = (zone = 'Asia/Shanghai') => dayIn(zone, now());
  const range = (days: number, zone = 'Asia/Shanghai') => ({
    game: G,
    start: addDays(today(zone), -(days - 1)),
    end: today(zone),
  });

  /** Random changes of everything the reports count, through the ledger and straight in the tables. */
  async function change(seed: string): Promise<void> {
    const r = new Rng(seed);
    const at = () => new Date(kit.t.clock.now - r.int(0, 100 * 86_400) * 1000);
    for (let i = 0; i < 40; i++) {
      await db()
        .insertInto('sign_ins')
        .values({
          game: G,
          player_id: playerIdOf(G, r.int(1, 20)),
          at: at(),
          ip: `10.0.0.${r.int(1, 9)}`,
          seconds: r.int(60, 900),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (let i = 0; i < 3; i++) {
      const n = 900_000 + r.int(1, 99_999);
      await sql`
        insert into players (game, id, num, name, level, state, created_at, last_login_at)
        values (${G}, ${playerIdOf(G, n)}, ${90_000_000 + n}, ${`new ${n}`}, 1, 'active', ${at()}, null)
        on conflict do nothing`.execute(db());
    }
    const shop = THEMES[G].shop;
    for (let i = 0; i < 15; i++) {
      const item = r.pick(shop);
      const units = r.int(1, 4);
      await db()
        .insertInto('shop_purchases')
        .values({
          game: G,
          player_id: playerIdOf(G, r.int(1, 20)),
          at: at(),
          item_id: item.id,
          units,
          amount: units * item.price,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const states = ['paid', 'delivered', 'deliveryFailed', 'refunded', 'created', 'cancelled'] as const;
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await insertTestOrder(db(), { game: G, state: r.pick(states), at: at(), g: r.int(1, 20) }));
    // Through the ledger (one-statement steps): refunds of delivered purchases, resends of paid ones.
    const ledger = await db()
      .selectFrom('orders')
      .select(['order_id', 'state'])
      .where('game', '=', G)
      .where('kind', '=', 'purchase')
      .where('state', 'in', ['delivered', 'paid', 'deliveryFailed'])
      .orderBy('order_id')
      .execute();
    for (const o of ledger.filter(() => r.chance(0.15)).slice(0, 6)) {
      const action = o.state === 'delivered' ? 'orders.refund' : 'orders.resend';
      await kit.ok(action, { game: G, orderId: o.order_id, reason: 'reports test' });
    }
    // Straight in the table: a late delivery, a failure and a deletion the ledger never makes.
    const [a, b, c] = made;
    if (a)
      await sql`update orders set state = 'delivered', paid_at = coalesce(paid_at, created_at), delivered_at = ${now()} where order_id = ${a}`.execute(
        db(),
      );
    if (b)
      await sql`update orders set state = 'deliveryFailed', paid_at = coalesce(paid_at, created_at), delivered_at = null where order_id = ${b}`.execute(
        db(),
      );
    if (c) await sql`delete from orders where order_id = ${c}`.execute(db());
  }

  async function expectReportsEqualRecount(zone: string): Promise<void> {
    const days = 120;
    const input = range(days, zone);
    const rc: Recount = { db: db(), game: G, zone, start: input.start, end: input.end };
    const daily = await kit.ok<DailyReport>('reports.daily', input);
    expect(daily).toMatchObject({ timeZone: zone, currency: THEMES[G].currency });
    // Without a read replica the figures are the primary's, current: nothing to say of their source.
    expect(daily).not.toHaveProperty('readFrom');
    const counted = await recountDaily(rc);
    expect(
      daily.days.map(({ d1: _1, d7: _7, d30: _30, arpu: _a, arppu: _p, payRate: _r, ...f }) => f),
    ).toEqual(counted);
    for (const row of daily.days) {
      for (const [n, got] of [
        [1, row.d1],
        [7, row.d7],
        [30, row.d30],
      ] as const) {
        if (addDays(row.day, n) > today(zone)) expect(got).toBeNull();
        else if (row.newPlayers === 0) expect(got).toBeNull();
        else expect(got).toBeCloseTo((await recountRetained(rc, row.day, n)) / row.newPlayers, 12);
      }
      expect(row.arppu).toBe(row.payingPlayers > 0 ? row.revenue / row.payingPlayers : null);
      expect(row.payRate).toBe(row.dau > 0 ? row.payingPlayers / row.dau : null);
    }
    const shop = await kit.ok<ShopDailyReport>('reports.shopDaily', input);
    expect(shop.rows.map(({ item: _i, ...r }) => r)).toEqual(await recountShop(rc));
    const charge = await kit.ok<ChargeStats>('reports.charge', input);
    expect(charge.rows).toEqual(await recountCharges(rc));
    const recharge = await kit.ok<RechargeStats>('reports.recharge', input);
    expect(rechargeGroups(recharge)).toEqual(await recountRecharge(rc));
    expect(recharge.days.map((d) => [d.day, d.revenue, d.payingPlayers, d.firstTimePayers])).toEqual(
      counted.map((d) => [d.day, d.revenue, d.payingPlayers, d.firstTimePayers]),
    );
    const grid = range(30, zone);
    const cohorts = await kit.ok<CohortGrid>('reports.cohorts', grid);
    expect(cohorts.cohorts).toEqual(await recountCohorts({ ...rc, ...grid }, today(zone)));
  }

  it('the seed gives every report figures over 90 days', async () => {
    const daily = await kit.ok<DailyReport>('reports.daily', range(90));
    expect(daily.days).toHaveLength(90);
    expect(daily.timeZone).toBe('Asia/Shanghai');
    const active = daily.days.filter((d) => d.dau > 0);
    expect(active.length).toBeGreaterThan(60);
    expect(daily.days.some((d) => d.revenue > 0 && d.payingPlayers > 0 && d.arppu !== null)).toBe(true);
    const shop = await kit.ok<ShopDailyReport>('reports.shopDaily', range(90));
    expect(shop.rows.length).toBeGreaterThan(10);
    expect(shop.rows[0]?.item).toBe(THEMES[G].shop.find((i) => i.id === shop.rows[0]?.itemId)?.name);
    const recharge = await kit.ok<RechargeStats>('reports.recharge', range(90));
    expect(recharge.byProvider.length).toBeGreaterThan(1);
    // The stacked bars by day add up to the providers' totals.
    for (const p of recharge.byProvider) {
      const days = recharge.byDayProvider.filter(
        (d) => d.provider === p.provider && d.currency === p.currency,
      );
      expect(days.length).toBeGreaterThan(0);
      expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(p.revenue);
      expect(days.reduce((sum, d) => sum + d.refunds, 0)).toBe(p.refunds);
    }
    expect(recharge.byChannel.every((c) => THEMES[G].channels.includes(c.channel))).toBe(true);
    // Some players share one address (the seed's internet café), as IP statistics will show.
    const { rows } = await sql<{ n: number }>`
      select max(n)::int as n from (select count(distinct player_id) as n from sign_ins group by game, ip) as x`.execute(
      db(),
    );
    expect(rows[0]?.n ?? 0).toBeGreaterThan(1);
  });

  it('every report equals a recount of the raw rows after random changes', async () => {
    await expectReportsEqualRecount('Asia/Shanghai');
    await change(`reports:${kind}:1`);
    await expectReportsEqualRecount('Asia/Shanghai');
    await change(`reports:${kind}:2`);
    await expectReportsEqualRecount('Asia/Shanghai');
  });

  it('the data repair rebuilds exactly the rollups the triggers kept', async () => {
    await change(`reports:${kind}:3`);
    const kept = await rollups(db(), G);
    await rebuildReports(db(), G);
    expect(await rollups(db(), G)).toEqual(kept);
    // A rollup gone wrong (a lost write, a hand edit) is put right by the rebuild.
    await sql`update report_days set dau = dau + 5 where game = ${G}`.execute(db());
    await sql`delete from report_money_pack where game = ${G}`.execute(db());
    await rebuildReports(db(), G);
    expect(await rollups(db(), G)).toEqual(kept);
  });

  it("the studio's time zone decides the days; changing it counts them again", async () => {
    const late = new Date(Date.parse(`${addDays(today('UTC'), -3)}T20:00:00Z`));
    const player = playerIdOf(G, 5);
    await db()
      .insertInto('sign_ins')
      .values({ game: G, player_id: player, at: late, ip: '10.9.9.9', seconds: 60 })
      .execute();
    const dayUtc = late.toISOString().slice(0, 10);
    const dayShanghai = addDays(dayUtc, 1);
    await useTimeZone(db(), 'UTC');
    try {
      await expectReportsEqualRecount('UTC');
      const utc = await kit.ok<DailyReport>('reports.daily', { game: G, start: dayUtc, end: dayUtc });
      expect(utc.timeZone).toBe('UTC');
      expect(utc.days[0]?.dau).toBe(
        (await recountDaily({ db: db(), game: G, zone: 'UTC', start: dayUtc, end: dayUtc }))[0]?.dau,
      );
    } finally {
      await useTimeZone(db(), 'Asia/Shanghai');
    }
    const sh = await recountDaily({
      db: db(),
      game: G,
      zone: 'Asia/Shanghai',
      start: dayShanghai,
      end: dayShanghai,
    });
    const back = await kit.ok<DailyReport>('reports.daily', {
      game: G,
      start: dayShanghai,
      end: dayShanghai,
    });
    expect(back.days[0]?.dau).toBe(sh[0]?.dau);
    await expectReportsEqualRecount('Asia/Shanghai');
    await expect(useTimeZone(db(), 'Mars/Olympus_Mons')).rejects.toThrow(/does not exist.*Asia\/Shanghai/);
  });

  it("a day's revenue opens exactly its orders: those paid that studio day, not those created on it", async () => {
    const zone = 'Asia/Shanghai';
    const day = addDays(today(zone), -5);
    const midnight = zoneDayStart(day, zone)?.getTime() ?? 0;
    const next = zoneDayStart(addDays(day, 1), zone)?.getTime() ?? 0;
    const minutes = (t: number, m: number) => new Date(t + m * 60_000);
    /** A paypal purchase created at `made` and paid at `paid`, delivered at once. */
    const purchase = async (made: Date, paid: Date) => {
      const id = await insertTestOrder(db(), { game: G, state: 'delivered', at: made, g: 7 });
      await sql`update orders set paid_at = ${paid}, delivered_at = ${paid} where order_id = ${id}`.execute(
        db(),
      );
      return id;
    };
    const lateNight = await purchase(minutes(midnight, -10), minutes(midnight, 10));
    const paidNextDay = await purchase(minutes(next, -5), minutes(next, 5));

    type Found = { items: Order[]; total: number; totalCapped: boolean };
    const every = async (filters: Record<string, unknown>): Promise<Order[]> => {
      const out: Order[] = [];
      for (let page = 1; ; page++) {
        const got = await kit.ok<Found>('orders.search', { game: G, pageSize: 200, page, ...filters });
        expect(got.totalCapped).toBe(false);
        out.push(...got.items);
        if (out.length >= got.total || got.items.length === 0) return out;
      }
    };
    const revenueOf = { kind: 'purchase', state: ['paid', 'delivered'] };
    const paidOn = await every({
      ...revenueOf,
      paidFrom: new Date(midnight).toISOString(),
      paidTo: new Date(next).toISOString(),
    });
    const madeOn = await every({
      ...revenueOf,
      from: new Date(midnight).toISOString(),
      to: new Date(next).toISOString(),
    });
    expect(paidOn.map((o) => o.orderId)).toContain(lateNight);
    expect(paidOn.map((o) => o.orderId)).not.toContain(paidNextDay);
    expect(madeOn.map((o) => o.orderId)).toContain(paidNextDay);
    expect(madeOn.map((o) => o.orderId)).not.toContain(lateNight);
    for (const o of paidOn) {
      expect(Date.parse(o.paidAt ?? '')).toBeGreaterThanOrEqual(midnight);
      expect(Date.parse(o.paidAt ?? '')).toBeLessThan(next);
    }
    // The list's sum is the figure clicked: the daily report's revenue, the recharge bar of a provider.
    const sum = (os: Order[]) => os.reduce((n, o) => n + o.amount, 0);
    const daily = await kit.ok<DailyReport>('reports.daily', { game: G, start: day, end: day });
    expect(sum(paidOn)).toBe(daily.days[0]?.revenue);
    expect(daily.days[0]?.revenue).toBeGreaterThan(0);
    const recharge = await kit.ok<RechargeStats>('reports.recharge', { game: G, start: day, end: day });
    for (const bar of recharge.byDayProvider) {
      const listed = paidOn.filter((o) => o.provider === bar.provider && o.currency === bar.currency);
      expect(sum(listed)).toBe(bar.revenue);
    }
    expect(recharge.byDayProvider.some((b) => b.provider === 'paypal')).toBe(true);
    // A paid day of a time zone is asked as instants; a bad one is refused, nothing listed.
    await kit.fails('orders.search', { game: G, paidFrom: day }, Codes.VALIDATION);
  });

  it("a cohort's cell opens exactly the players it counts: registered that day, signed in on day k", async () => {
    const zone = 'Asia/Shanghai';
    const instants = (day: string) => ({
      from: zoneDayStart(day, zone)?.toISOString() ?? '',
      to: zoneDayStart(addDays(day, 1), zone)?.toISOString() ?? '',
    });
    type Found = { items: { id: string }[]; total: number; totalCapped: boolean };
    const grid = await kit.ok<CohortGrid>('reports.cohorts', range(30, zone));
    let cells = 0;
    for (const cohort of grid.cohorts.filter((c) => c.size > 0)) {
      const registered = instants(cohort.day);
      for (const [k, players] of cohort.retained.entries()) {
        // The first days, and a later one, of each cohort: each a search of its own.
        if (players === null || (k > 2 && k !== 7)) continue;
        const active = instants(addDays(cohort.day, k));
        const found = await kit.ok<Found>('players.search', {
          game: G,
          registeredFrom: registered.from,
          registeredTo: registered.to,
          activeFrom: active.from,
          activeTo: active.to,
          pageSize: 200,
        });
        expect(found, `${cohort.day} day ${k}`).toMatchObject({ total: players, totalCapped: false });
        if (k === 0) expect(players).toBeLessThanOrEqual(cohort.size);
        cells++;
      }
    }
    expect(cells).toBeGreaterThan(10);
    // One of them, checked row by row against the sign-ins.
    const some = grid.cohorts.find((c) => (c.retained[1] ?? 0) > 0);
    if (!some) throw new Error('the seed has no cohort active on its day 1');
    const day1 = instants(addDays(some.day, 1));
    const listed = await kit.ok<Found>('players.search', {
      game: G,
      registeredFrom: instants(some.day).from,
      registeredTo: instants(some.day).to,
      activeFrom: day1.from,
      activeTo: day1.to,
      pageSize: 200,
    });
    const { rows } = await sql<{ id: string }>`
      select p.id from players as p
      where p.game = ${G} and p.created_at >= ${new Date(instants(some.day).from)}
        and p.created_at < ${new Date(instants(some.day).to)}
        and exists (select 1 from sign_ins as s where s.game = p.game and s.player_id = p.id
          and s."at" >= ${new Date(day1.from)} and s."at" < ${new Date(day1.to)})`.execute(db());
    expect(listed.items.map((p) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // An active day alone would probe every account's sign-ins: it comes with a registration range.
    const alone = await kit.fails(
      'players.search',
      { game: G, activeFrom: day1.from, activeTo: day1.to },
      Codes.VALIDATION,
    );
    expect(alone).toMatch(/come with registeredFrom and registeredTo/);
  });

  it('bad ranges are refused with 40000 in both languages, naming the limit', async () => {
    const t = today();
    const after = await kit.fails(
      'reports.daily',
      { game: G, start: t, end: addDays(t, -1) },
      Codes.VALIDATION,
    );
    expect(after).toMatch(/after its end/);
    const long = await kit.fails(
      'reports.recharge',
      { game: G, start: addDays(t, -366), end: t },
      Codes.VALIDATION,
    );
    expect(long).toMatch(/at most 366 days/);
    expect(
      await kit.fails('reports.cohorts', { game: G, start: addDays(t, -60), end: t }, Codes.VALIDATION),
    ).toMatch(/at most 60 days/);
    await kit.fails('reports.shopDaily', { game: G, start: '2026-02-30', end: t }, Codes.VALIDATION);
    await kit.fails('reports.charge', { game: G, start: '2026/01/01', end: t }, Codes.VALIDATION);
    const plan = planRequest(ENDPOINTS['reports.daily'], { game: G, start: t, end: addDays(t, -1) });
    const zh = await kit.t.api.request('GET', `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: kit.tokens.admin,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status).toMatchObject({
      Code: Codes.VALIDATION,
      Message: expect.stringMatching(/晚于结束日期/),
    });
    // A game that does not exist has no such report.
    const unknown = await kit.t.api.request(
      'GET',
      `/api/v1/dr/nogame/statis/dailyreport?start=${t}&end=${t}`,
      {
        token: kit.tokens.admin,
      },
    );
    expect(unknown.body.Status.Code).toBe(Codes.ROUTE_NOT_FOUND);
    // ADMIN only: Service may not read reports.
    await kit.fails('reports.daily', range(7), Codes.FORBIDDEN, 'service');
  });
});

describe('a time zone that does not exist', () => {
  it('is refused at start with what to give instead, before the database is opened', async () => {
    await expect(startBackend({ timeZone: 'Asia/Atlantis', port: 0 })).rejects.toThrow(
      /"Asia\/Atlantis" does not exist: give an IANA time zone name such as Asia\/Shanghai/,
    );
  });
});
