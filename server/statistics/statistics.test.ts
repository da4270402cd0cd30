import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type {
  AddressAccounts,
  AddressFigures,
  ApiStats,
  MatchDetail,
  MatchStats,
  MatchSummary,
  SignIn,
} from '../../shared/api/statistics.js';
import { SHARED_ADDRESS_ACCOUNTS } from '../../shared/api/statistics.js';
import { planRequest } from '../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { Rng } from '../players/prng.js';
import { playerIdOf } from '../seed/players.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit, type Page } from '../../tests/support/api-kit.js';
import { addDays, dayIn } from '../reports/days.js';
import { ApiMeter } from './meter.js';
import { rebuildStatistics } from './rollups.js';

/**
 * Statistics on both databases: match statistics and the addresses' figures equal a recount of the
 * raw rows after random inserts, and the data repair rebuilds exactly what the triggers kept; the
 * API's measurements count the calls a test makes, and their percentiles come from the histogram;
 * bad input is refused with what to do.
 */

const G: GameId = 'ymmj';
const ZONE = 'Asia/Shanghai';

/** Match figures per studio day and mode, counted straight from matches and lineups. */
async function recountMatches(db: Kysely<Database>, start: string, end: string) {
  const { rows } = await sql<{ day: string; mode: string; matches: number; players: number; secs: number }>`
    select ((m.started_at at time zone ${ZONE})::date)::text as day, m.mode, count(*)::int as matches,
      sum((select count(*) from match_players as p where p.game = m.game and p.match_id = m.id))::int as players,
      sum(m.seconds)::float8 as secs
    from matches as m
    where m.game = ${G} and (m.started_at at time zone ${ZONE})::date between ${start}::date and ${end}::date
    group by 1, 2 order by 1, 2`.execute(db);
  return rows.map((r) => ({
    day: r.day,
    mode: r.mode,
    matches: r.matches,
    players: r.players,
    avgSeconds: Math.round(r.secs / r.matches),
  }));
}

/** Each address's accounts, sign-ins, first and last sign-in, counted from sign_ins. */
async function recountAddresses(db: Kysely<Database>) {
  const { rows } = await sql<{ ip: string; accounts: number; signIns: number; firstAt: Date; lastAt: Date }>`
    select ip, count(distinct player_id)::int as accounts, count(*)::int as "signIns",
      min("at") as "firstAt", max("at") as "lastAt"
    from sign_ins where game = ${G} group by ip order by ip`.execute(db);
  return rows.map((r) => ({
    ...r,
    firstAt: new Date(r.firstAt).toISOString(),
    lastAt: new Date(r.lastAt).toISOString(),
  }));
}

async function rollupRows(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ r: string }>`
    select 'h' || t::text as r from match_hours as t where game = ${G}
    union all select 'a' || t::text from ip_addresses as t where game = ${G}
    union all select 'c' || t::text from ip_accounts as t where game = ${G}`.execute(db);
  return rows.map((x) => x.r).sort();
}

describe.each(backendKinds())('statistics on %s', (kind) => {
  const kit = useKit(kind);
  const db = (): Kysely<Database> => kit.t.backend.database.db;
  const now = () => new Date(kit.t.clock.now);
  const today = () => dayIn(ZONE, now());

  /** Random matches with lineups and random sign-ins (some from one shared address). */
  async function change(seed: string): Promise<void> {
    const r = new Rng(seed);
    const at = () => new Date(kit.t.clock.now - r.int(0, 100 * 86_400) * 1000);
    for (let i = 0; i < 10; i++) {
      const id = 50_000_000 + r.int(1, 9_999_999);
      const inserted = await sql`
        insert into matches (game, id, mode, map, started_at, seconds, winner)
        values (${G}, ${id}, ${r.pick(['dungeon', 'arena', 'boss'])}, 'Jade Cave', ${at()}, ${r.int(60, 2000)},
          ${r.pick(['red', 'blue', null])})
        on conflict do nothing`.execute(db());
      if (Number(inserted.numAffectedRows ?? 0) === 0) continue;
      const size = r.int(1, 6);
      const first = r.int(1, 14);
      await db()
        .insertInto('match_players')
        .values(
          Array.from({ length: size }, (_, k) => ({
            game: G,
            match_id: id,
            player_id: playerIdOf(G, first + k),
            side: k % 2 === 0 ? 'red' : 'blue',
            result: 'draw',
            kills: k,
            deaths: 1,
            score: 10 * k,
          })),
        )
        .execute();
    }
    for (let i = 0; i < 30; i++) {
      await db()
        .insertInto('sign_ins')
        .values({
          game: G,
          player_id: playerIdOf(G, r.int(1, 20)),
          at: at(),
          ip: r.chance(0.5) ? '203.0.113.7' : `10.1.${r.int(0, 3)}.${r.int(1, 5)}`,
          seconds: r.int(60, 900),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  async function expectEqualRecount(): Promise<void> {
    const input = { game: G, start: addDays(today(), -119), end: today() };
    const stats = await kit.ok<MatchStats>('matchStats.days', input);
    expect(stats.timeZone).toBe(ZONE);
    const byKey = (x: { day: string; mode: string }, y: { day: string; mode: string }) =>
      `${x.day} ${x.mode}`.localeCompare(`${y.day} ${y.mode}`);
    expect(stats.rows.filter((r) => r.matches > 0).sort(byKey)).toEqual(
      (await recountMatches(db(), input.start, input.end)).sort(byKey),
    );
    const all = await kit.ok<Page<AddressFigures>>('ipStats.list', {
      game: G,
      sort: 'lastAt',
      pageSize: 200,
    });
    const counted = await recountAddresses(db());
    expect(counted.length).toBeLessThanOrEqual(200);
    expect(all.total).toBe(counted.length);
    expect(all.items.map(({ shared: _s, ...a }) => a).sort((x, y) => x.ip.localeCompare(y.ip))).toEqual(
      counted,
    );
    for (const a of all.items) expect(a.shared).toBe(a.accounts >= SHARED_ADDRESS_ACCOUNTS);
  }

  it('the seed gives matches every day of 90, with lineups, and addresses shared by many accounts', async () => {
    const stats = await kit.ok<MatchStats>('matchStats.days', {
      game: G,
      start: addDays(today(), -89),
      end: today(),
    });
    expect(stats.modes).toEqual(['dungeon', 'arena', 'boss']);
    const days = new Set(stats.rows.filter((r) => r.matches > 0).map((r) => r.day));
    expect(days.size).toBeGreaterThanOrEqual(89);
    expect(
      stats.rows.every((r) => r.matches === 0 || (r.players >= 2 * r.matches && r.avgSeconds !== null)),
    ).toBe(true);
    const shared = await kit.ok<Page<AddressFigures>>('ipStats.list', { game: G, show: 'shared' });
    expect(shared.items.every((a) => a.accounts >= SHARED_ADDRESS_ACCOUNTS)).toBe(true);
    // Atomic War, the game with IP statistics, has an account farm even at the tests' 20 players.
    const farms = await kit.ok<Page<AddressFigures>>('ipStats.list', { game: 'atomicwar', show: 'shared' });
    expect(farms.items.length).toBeGreaterThan(0);
    expect(farms.items.every((a) => a.shared && a.accounts >= SHARED_ADDRESS_ACCOUNTS)).toBe(true);
  });

  it('match statistics and address figures equal a recount after random inserts', async () => {
    await expectEqualRecount();
    await change(`statistics:${kind}:1`);
    await expectEqualRecount();
    await change(`statistics:${kind}:2`);
    await expectEqualRecount();
  });

  it('the data repair rebuilds exactly the rollups the triggers kept', async () => {
    await change(`statistics:${kind}:3`);
    const kept = await rollupRows(db());
    await rebuildStatistics(db(), G);
    expect(await rollupRows(db())).toEqual(kept);
    await sql`update ip_addresses set accounts = accounts + 3 where game = ${G}`.execute(db());
    await sql`delete from match_hours where game = ${G}`.execute(db());
    await rebuildStatistics(db(), G);
    expect(await rollupRows(db())).toEqual(kept);
  });

  it("a day's matches lead to a match's detail; an unknown match is a clear 40400", async () => {
    const day = addDays(today(), -3);
    const list = await kit.ok<Page<MatchSummary> & { timeZone: string }>('matchStats.matches', {
      game: G,
      day,
    });
    expect(list.total).toBeGreaterThan(0);
    const stats = await kit.ok<MatchStats>('matchStats.days', { game: G, start: day, end: day });
    expect(list.total).toBe(stats.rows.reduce((n, r) => n + r.matches, 0));
    const first = list.items[0];
    if (!first) throw new Error('no match that day');
    const detail = await kit.ok<MatchDetail>('matchStats.detail', { game: G, matchId: first.id });
    expect(detail).toMatchObject({ id: first.id, mode: first.mode, players: detail.lineup.length });
    expect(new Set(detail.lineup.map((p) => p.side))).toEqual(new Set(['red', 'blue']));
    for (const p of detail.lineup)
      expect(p.result).toBe(detail.winner === null ? 'draw' : p.side === detail.winner ? 'win' : 'loss');
    const arena = await kit.ok<Page<MatchSummary>>('matchStats.matches', { game: G, day, mode: 'arena' });
    expect(arena.items.every((m) => m.mode === 'arena')).toBe(true);
    const message = await kit.fails(
      'matchStats.detail',
      { game: G, matchId: '999999999999' },
      Codes.NOT_FOUND,
    );
    expect(message).toContain('No match 999999999999');
    // In Chinese for an operator who reads it.
    const plan = planRequest(ENDPOINTS['matchStats.detail'], { game: G, matchId: '999999999999' });
    const zh = await kit.t.api.request('GET', `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: kit.tokens.admin,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status).toMatchObject({ Code: Codes.NOT_FOUND });
    expect(zh.body.Status.Message).toContain('没有对局 999999999999');
  });

  it('bad ranges, modes and lookups are refused with what to do', async () => {
    const start = today();
    const end = addDays(today(), -1);
    expect(await kit.fails('matchStats.days', { game: G, start, end }, Codes.VALIDATION)).toContain(
      'after its end',
    );
    expect(
      await kit.fails('apiStats.hours', { game: G, start: addDays(end, -40), end }, Codes.VALIDATION),
    ).toContain('at most 31 days');
    expect(
      await kit.fails('matchStats.matches', { game: G, day: end, mode: 'chess' }, Codes.VALIDATION),
    ).toContain('dungeon');
    await kit.fails('clientIps.list', { game: G, start: end, end: start }, Codes.VALIDATION);
    await kit.fails('clientIps.list', { game: G, start: end, end: start, ip: 'not-an-ip' }, Codes.VALIDATION);
    await kit.fails('ipStats.list', { game: G, sort: 'name' }, Codes.VALIDATION);
    await kit.fails('matchStats.detail', { game: G, matchId: 'x1' }, Codes.VALIDATION);
  });

  it('Service may read match statistics, not the API or the addresses', async () => {
    await kit.ok('matchStats.days', { game: G, start: today(), end: today() }, 'service');
    await kit.fails('apiStats.hours', { game: G, start: today(), end: today() }, Codes.FORBIDDEN, 'service');
    await kit.fails('ipStats.list', { game: G }, Codes.FORBIDDEN, 'service');
  });

  it("an address's accounts and sign-ins, and a player's, equal the raw rows", async () => {
    await change(`statistics:${kind}:4`);
    const accounts = await kit.ok<AddressAccounts>('ipStats.accounts', { game: G, ip: '203.0.113.7' });
    const { rows } = await sql<{ p: string; n: number }>`
      select player_id as p, count(*)::int as n from sign_ins where game = ${G} and ip = '203.0.113.7'
      group by 1 order by 2 desc, 1`.execute(db());
    expect(accounts.total).toBe(rows.length);
    expect(accounts.accounts.map((a) => [a.playerId, a.signIns])).toEqual(rows.map((r) => [r.p, r.n]));
    const range = { game: G, start: addDays(today(), -100), end: today() };
    const byIp = await kit.ok<Page<SignIn>>('clientIps.list', { ...range, ip: '203.0.113.7', pageSize: 200 });
    expect(byIp.total).toBe(rows.reduce((n, r) => n + r.n, 0));
    expect(byIp.items.every((s) => s.ip === '203.0.113.7')).toBe(true);
    const player = playerIdOf(G, 3);
    const mine = await kit.ok<Page<SignIn>>('clientIps.list', { ...range, playerId: player, pageSize: 200 });
    const { rows: raw } = await sql<{ n: number }>`
      select count(*)::int as n from sign_ins where game = ${G} and player_id = ${player}
        and "at" >= ${`${range.start}T00:00:00+08:00`}::timestamptz`.execute(db());
    expect(mine.total).toBe(raw[0]?.n);
    expect(mine.items.map((s) => s.at)).toEqual([...mine.items.map((s) => s.at)].sort().reverse());
  });

  it('API statistics count exactly the calls made, with their errors by code', async () => {
    const range = { game: G, start: today(), end: today() };
    const calls = (s: ApiStats) => s.endpoints.find((e) => e.endpoint === 'matchStats.matches');
    const before = calls(await kit.ok<ApiStats>('apiStats.hours', range)) ?? { calls: 0, errors: 0 };
    for (let i = 0; i < 3; i++) await kit.ok('matchStats.matches', { game: G, day: today() });
    for (let i = 0; i < 2; i++)
      await kit.fails('matchStats.matches', { game: G, day: today(), mode: 'chess' }, Codes.VALIDATION);
    await kit.fails('matchStats.matches', { game: G, day: today() }, Codes.FORBIDDEN, 'guest');
    const after = await kit.ok<ApiStats>('apiStats.hours', range);
    const now = calls(after);
    expect(now?.calls).toBe(before.calls + 6);
    expect(now?.errors).toBe(before.errors + 3);
    expect(now?.errorCodes).toEqual(
      expect.arrayContaining([
        { code: Codes.VALIDATION, calls: expect.any(Number) },
        { code: Codes.FORBIDDEN, calls: expect.any(Number) },
      ]),
    );
    const hour = new Date(Math.floor(kit.t.clock.now / 3_600_000) * 3_600_000).toISOString();
    expect(after.hours.some((h) => h.endpoint === 'matchStats.matches' && h.hour === hour)).toBe(true);
    // Another game's calls are its own; scope all has them all.
    const other = await kit.ok<ApiStats>('apiStats.hours', { ...range, game: 'lw' });
    expect(other.endpoints.find((e) => e.endpoint === 'matchStats.matches')).toBeUndefined();
    const all = await kit.ok<ApiStats>('apiStats.hours', { ...range, scope: 'all' });
    expect(calls(all)?.calls).toBeGreaterThanOrEqual(now?.calls ?? 0);
  });

  it('p50 and p95 come from the latency histogram of known latencies', async () => {
    const meter = new ApiMeter();
    const at = kit.t.clock.now;
    // 100 calls: 60 of 3 ms (bucket <= 5), 35 of 40 ms (<= 50), 5 of 700 ms (<= 1000).
    for (let i = 0; i < 60; i++) meter.record('test.known', G, Codes.OK, 3, at);
    for (let i = 0; i < 35; i++) meter.record('test.known', G, Codes.OK, 40, at);
    for (let i = 0; i < 5; i++) meter.record('test.known', G, Codes.INTERNAL, 700, at);
    await meter.flush(db());
    const stats = await kit.ok<ApiStats>('apiStats.hours', { game: G, start: today(), end: today() });
    expect(stats.endpoints.find((e) => e.endpoint === 'test.known')).toEqual({
      endpoint: 'test.known',
      calls: 100,
      errors: 5,
      p50: 5,
      p95: 50,
      errorCodes: [{ code: Codes.INTERNAL, calls: 5 }],
    });
    // One more slow call moves p95 into the next bucket up: rank 97 of 101 is now past the 95 fast ones.
    meter.record('test.known', G, Codes.OK, 900, at);
    await meter.flush(db());
    const again = await kit.ok<ApiStats>('apiStats.hours', { game: G, start: today(), end: today() });
    expect(again.endpoints.find((e) => e.endpoint === 'test.known')).toMatchObject({ calls: 101, p95: 1000 });
  });
});
