import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BRIEF_FIGURES, TREND_DAYS, type BriefInfo } from '../../shared/api/overview.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { insertTestOrder } from '../orders/test-kit.js';
import { THEMES } from '../players/themes/index.js';
import { addDays, dayIn } from '../reports/days.js';
import { recountDaily } from '../reports/test-kit.js';
import { playerIdOf } from '../seed/players.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit } from '../../tests/support/api-kit.js';

/**
 * Brief info on both databases: every figure of every game equals a recount of the raw rows (after
 * changes today), the operator's games only, the servers and open alerts as their tables hold
 * them, the caller's own critical to-do items.
 */

const ZONE = 'Asia/Shanghai';

describe.each(backendKinds())('brief info on %s', (kind) => {
  const kit = useKit(kind);
  const db = (): Kysely<Database> => kit.t.backend.database.db;
  const now = () => new Date(kit.t.clock.now);

  async function expectEqualsRecount(brief: BriefInfo): Promise<void> {
    const today = dayIn(ZONE, now());
    expect(brief).toMatchObject({
      timeZone: ZONE,
      today,
      yesterday: addDays(today, -1),
      lastWeek: addDays(today, -7),
    });
    expect(brief.days).toEqual(
      Array.from({ length: TREND_DAYS }, (_, i) => addDays(today, i - TREND_DAYS + 1)),
    );
    for (const g of brief.games) {
      const counted = await recountDaily({
        db: db(),
        game: g.game,
        zone: ZONE,
        start: brief.days[0] ?? '',
        end: today,
      });
      const values = counted.map((d) => ({
        active: d.dau,
        newPlayers: d.newPlayers,
        revenue: d.revenue,
        payingPlayers: d.payingPlayers,
        arppu: d.payingPlayers > 0 ? d.revenue / d.payingPlayers : null,
      }));
      const on = (day: string) => values[counted.findIndex((d) => d.day === day)];
      expect(g.currency).toBe(THEMES[g.game].currency);
      for (const f of BRIEF_FIGURES) {
        expect(g.trend[f], `${g.game} ${f}`).toEqual(values.map((v) => v[f]));
        expect(g.figures[f], `${g.game} ${f}`).toEqual({
          today: on(brief.today)?.[f],
          yesterday: on(brief.yesterday)?.[f],
          lastWeek: on(brief.lastWeek)?.[f],
        });
      }
    }
  }

  it("gives every game's figures of the seed, equal to a recount, to an operator of every game", async () => {
    const brief = await kit.ok<BriefInfo>('overview.brief', {});
    expect(brief.games.map((g) => g.game)).toEqual([...GAME_IDS]);
    // The seed's activity reaches into the trend: there is something to compare.
    expect(brief.games.filter((g) => g.trend.active.some((n) => (n ?? 0) > 0)).map((g) => g.game)).toEqual([
      ...GAME_IDS,
    ]);
    await expectEqualsRecount(brief);
  });

  it('follows what happens today: sign-ins, a new player, payments', async () => {
    const G: GameId = 'lw';
    const before = await kit.ok<BriefInfo>('overview.brief', {});
    const at = now();
    for (let n = 1; n <= 5; n++)
      await db()
        .insertInto('sign_ins')
        .values({ game: G, player_id: playerIdOf(G, n), at, ip: '10.1.0.1', seconds: 60 })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await sql`
      insert into players (game, id, num, name, level, state, created_at, last_login_at)
      values (${G}, ${playerIdOf(G, 990_001)}, 99990001, 'brief newcomer', 1, 'active', ${at}, null)`.execute(
      db(),
    );
    await insertTestOrder(db(), { game: G, state: 'delivered', at, g: 3 });
    await insertTestOrder(db(), { game: G, state: 'paid', at, g: 4 });
    await insertTestOrder(db(), { game: G, state: 'refunded', at, g: 5 });
    const after = await kit.ok<BriefInfo>('overview.brief', {});
    const lw = (b: BriefInfo) => b.games.find((g) => g.game === G)?.figures;
    expect(lw(after)?.newPlayers.today).toBe((lw(before)?.newPlayers.today ?? 0) + 1);
    expect(lw(after)?.revenue.today).toBe(
      (lw(before)?.revenue.today ?? 0) + 2 * (THEMES[G].recharge[0]?.price ?? 0),
    );
    await expectEqualsRecount(after);
  });

  it("shows an operator their games only, and none to one who may read no game's reports", async () => {
    const ymmj = await kit.ok<BriefInfo>('overview.brief', {}, 'ymmj');
    expect(ymmj.games.map((g) => g.game)).toEqual(['ymmj']);
    await expectEqualsRecount(ymmj);
    // Service holds every game's role but may not read reports; a guest holds none.
    expect((await kit.ok<BriefInfo>('overview.brief', {}, 'service')).games).toEqual([]);
    expect((await kit.ok<BriefInfo>('overview.brief', {}, 'guest')).games).toEqual([]);
    // Asking for another game by name changes nothing: the call takes no input, and says so.
    const msg = await kit.fails('overview.brief', { game: 'atomicwar' }, Codes.VALIDATION, 'ymmj');
    expect(msg).toMatch(/game/);
  });

  it('counts the servers by state and the open alerts as their tables hold them', async () => {
    const G: GameId = 'party';
    const failed = await insertTestOrder(db(), { game: G, state: 'deliveryFailed', at: now(), g: 2 });
    await insertTestOrder(db(), { game: G, state: 'deliveryFailed', at: now(), g: 3 });
    // Only the first has failed often enough to raise its alert.
    await db()
      .updateTable('orders')
      .set({ delivery_alerted_at: now() })
      .where('order_id', '=', failed)
      .execute();
    const brief = await kit.ok<BriefInfo>('overview.brief', {});
    for (const g of brief.games) {
      const servers = await db()
        .selectFrom('watched_servers')
        .select(['state', 'open_incident_id'])
        .where('game', '=', g.game)
        .execute();
      expect(g.servers, g.game).toEqual({
        up: servers.filter((s) => s.state === 'up').length,
        down: servers.filter((s) => s.state === 'down').length,
        other: servers.filter((s) => s.state !== 'up' && s.state !== 'down').length,
      });
      const alerted = await db()
        .selectFrom('orders')
        .select('order_id')
        .where('game', '=', g.game)
        .where('state', '=', 'deliveryFailed')
        .where('delivery_alerted_at', 'is not', null)
        .execute();
      expect(g.alerts, g.game).toEqual({
        serversDown: servers.filter((s) => s.open_incident_id !== null).length,
        failedDeliveries: alerted.length,
      });
    }
    expect(brief.games.find((g) => g.game === G)?.alerts.failedDeliveries).toBeGreaterThanOrEqual(1);
  });

  it("counts the caller's own to-do items, critical within three days", async () => {
    const before = (await kit.ok<BriefInfo>('overview.brief', {}, 'ymmj')).todo;
    const inHours = (h: number) => new Date(kit.t.clock.now + h * 3_600_000).toISOString();
    await kit.ok('todo.create', { name: 'brief soon', desc: '', expireAt: inHours(30) }, 'ymmj');
    await kit.ok('todo.create', { name: 'brief later', desc: '', expireAt: inHours(24 * 10) }, 'ymmj');
    const after = (await kit.ok<BriefInfo>('overview.brief', {}, 'ymmj')).todo;
    expect(after).toEqual({ total: before.total + 2, critical: before.critical + 1 });
    // Another operator's list is not counted.
    const guest = (await kit.ok<BriefInfo>('overview.brief', {}, 'guest')).todo;
    expect(guest).toEqual({ total: 0, critical: 0 });
  });
});
