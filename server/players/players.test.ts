import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type {
  Equipment,
  PlayerDetail,
  PlayerLog,
  PlayerRow,
  PlayerTabData,
} from '../../shared/api/players.js';
import { RECENT_LOG_DAYS } from '../../shared/api/players.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, GAMES, SERVICE_BASE_PATHS } from '../../shared/games.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { playerNameOf, playerNumOf } from '../seed/players.js';
import { backendKinds } from '../../tests/support/backends.js';
import { HEAVY_EQUIPMENT } from './generate-equipment.js';
import { playersMigrations } from './migrations.js';
import { type Page, pid, useKit } from '../../tests/support/api-kit.js';

/**
 * Player reads over HTTP: search, detail, tabs with their cache, equipment, logs; their role
 * checks and bad inputs. The test backend seeds 20 players per game (see server/seed/players.ts
 * and server/moderation/seed.ts for which rows carry which flags).
 */

type Search = Page<PlayerRow> & { totalCapped: boolean };
type Eqs = { items: Equipment[]; total: number; topPower: number; source: string; cachedAt: string | null };

const SEEDED = 20;
const rowsWhere = (test: (name: string) => boolean) =>
  Array.from({ length: SEEDED }, (_, i) => SEEDED - i).filter((g) => test(playerNameOf(g)));

describe.each(backendKinds())('players on %s', (kind) => {
  const k = useKit(kind);

  describe('search', () => {
    const nums = (r: Search) => r.items.map((p) => p.num - playerNumOf('ymmj', 0));

    it('with no key lists the newest accounts first, paged', async () => {
      const first = await k.ok<Search>('players.search', { game: 'ymmj', pageSize: 8 });
      expect(first).toMatchObject({ total: SEEDED, totalCapped: false, page: 1, pageSize: 8 });
      expect(nums(first)).toEqual([20, 19, 18, 17, 16, 15, 14, 13]);
      const last = await k.ok<Search>('players.search', { game: 'ymmj', page: 3, pageSize: 8 });
      expect(nums(last)).toEqual([4, 3, 2, 1]);
      const past = await k.ok<Search>('players.search', { game: 'ymmj', page: 4, pageSize: 8 });
      expect(past).toMatchObject({ items: [], total: SEEDED });
    });

    it('by name matches any part in any case, ASCII or not', async () => {
      // Mostly Chinese names (a surname and a given name), every fourth a gamer name.
      for (const text of ['李', '伟', '张伟', '赵露芳', '芳', 'a', 'SABLE', '猎人7', '剑客1', 'e1', 'zq']) {
        const r = await k.ok<Search>('players.search', { game: 'ymmj', name: text, pageSize: 50 });
        const want = rowsWhere((n) => n.toLowerCase().includes(text.toLowerCase()));
        expect(nums(r), text).toEqual(want);
        expect(r.total).toBe(want.length);
      }
    });

    it('by registration time: from (included) to (excluded), alone or with a name, newest first', async () => {
      const all = (await k.ok<Search>('players.search', { game: 'ymmj', pageSize: 50 })).items;
      const times = [...new Set(all.map((p) => Date.parse(p.createdAt)))].sort((a, b) => a - b);
      // A window whose edges are registrations: the first is in, the last is out.
      const [from, to] = [times[2] ?? 0, times[times.length - 3] ?? 0];
      const inside = all.filter((p) => Date.parse(p.createdAt) >= from && Date.parse(p.createdAt) < to);
      expect(inside.length).toBeGreaterThan(0);
      const range = {
        registeredFrom: new Date(from).toISOString(),
        registeredTo: new Date(to).toISOString(),
      };
      const r = await k.ok<Search>('players.search', { game: 'ymmj', pageSize: 50, ...range });
      expect(r.items.map((p) => p.id)).toEqual(inside.map((p) => p.id));
      expect(r.total).toBe(inside.length);
      const named = inside[0]?.name ?? '';
      const withName = await k.ok<Search>('players.search', { game: 'ymmj', name: named, ...range });
      expect(withName.items.map((p) => p.id)).toEqual(
        inside.filter((p) => p.name.includes(named)).map((p) => p.id),
      );
      const none = await k.ok<Search>('players.search', {
        game: 'ymmj',
        ...range,
        registeredTo: range.registeredFrom,
      });
      expect(none).toMatchObject({ items: [], total: 0 });
      await k.fails('players.search', { game: 'ymmj', registeredFrom: '2026-11-20' }, Codes.VALIDATION);
    });

    it('by id and by num exactly, keys combined with AND, and no match is an empty page', async () => {
      const byId = await k.ok<Search>('players.search', { game: 'lw', id: pid('lw', 12) });
      expect(byId.items).toHaveLength(1);
      expect(byId.items[0]).toMatchObject({
        id: pid('lw', 12),
        num: playerNumOf('lw', 12),
        name: playerNameOf(12),
      });
      const byNum = await k.ok<Search>('players.search', { game: 'lw', num: playerNumOf('lw', 12) });
      expect(byNum.items.map((p) => p.id)).toEqual([pid('lw', 12)]);
      const both = await k.ok<Search>('players.search', {
        game: 'lw',
        name: playerNameOf(12).slice(1, 5).toUpperCase(),
        num: playerNumOf('lw', 12),
      });
      expect(both.total).toBe(1);
      const clash = await k.ok<Search>('players.search', { game: 'lw', name: 'zzz', id: pid('lw', 12) });
      expect(clash).toMatchObject({ items: [], total: 0, totalCapped: false });
      // Another game's id is not a player of this one.
      expect((await k.ok<Search>('players.search', { game: 'lw', id: pid('ymmj', 12) })).total).toBe(0);
      // LIKE and regular-expression characters are plain text.
      for (const text of ['%', '_', '.*', 'wolf|fox', '(', '\\']) {
        expect((await k.ok<Search>('players.search', { game: 'lw', name: text })).total, text).toBe(0);
      }
    });

    it('shows the flags of each row', async () => {
      const r = await k.ok<Search>('players.search', { game: 'ymmj', pageSize: 20 });
      const flags = (g: number) => r.items.find((p) => p.id === pid('ymmj', g))?.flags;
      expect(flags(3)).toEqual({ banned: true, testing: false, special: false });
      // Row 17's blacklist entry has expired: it no longer bans.
      expect(flags(17)).toEqual({ banned: false, testing: false, special: false });
      expect(flags(5)).toMatchObject({ special: true });
      expect(flags(9)).toMatchObject({ testing: true });
      expect(r.items.find((p) => p.id === pid('ymmj', 11))?.state).toBe('inactive');
      expect(r.items.find((p) => p.id === pid('ymmj', 13))?.lastLoginAt).toBeNull();
    });

    it('refuses bad input', async () => {
      await k.fails('players.search', { game: 'ymmj', id: 'abc' }, Codes.VALIDATION);
      await k.fails('players.search', { game: 'ymmj', num: 0 }, Codes.VALIDATION);
      await k.fails('players.search', { game: 'ymmj', name: 'x'.repeat(65) }, Codes.VALIDATION);
      await k.fails('players.search', { game: 'ymmj', pageSize: 500 }, Codes.VALIDATION);
      const path = `${SERVICE_BASE_PATHS.pve}/steamplayers?nickname=bob`;
      const r = await k.t.api.request('GET', path, { token: k.tokens.admin });
      expect(r.body.Status.Code).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/nickname/);
    });
  });

  describe('detail', () => {
    it('names why each flag is set', async () => {
      const banned = await k.ok<PlayerDetail>('players.get', { game: 'ymmj', id: pid('ymmj', 3) });
      expect(banned.flags.banned).toBe(true);
      expect(banned.ban).toMatchObject({ expiresAt: null });
      expect(banned.ban?.reason.length).toBeGreaterThan(0);
      const special = await k.ok<PlayerDetail>('players.get', { game: 'lw', id: pid('lw', 5) });
      expect(special.special?.category).toBeTruthy();
      const testing = await k.ok<PlayerDetail>('players.get', { game: 'party', id: pid('party', 9) });
      expect(testing.flags.testing).toBe(true);
      const plain = await k.ok<PlayerDetail>('players.get', { game: 'atomicwar', id: pid('atomicwar', 17) });
      expect(plain).toMatchObject({
        ban: null,
        special: null,
        deletedAt: null,
        state: 'active',
        flags: { banned: false, testing: false, special: false },
      });
    });

    it('an unknown player or a foreign tab is NOT_FOUND, saying what exists', async () => {
      const msg = await k.fails('players.get', { game: 'lw', id: '12345' }, Codes.NOT_FOUND);
      expect(msg).toMatch(/No player 12345 in Lord War \(lw\)/);
      await k.fails('players.tab', { game: 'lw', id: '12345', tab: 'items' }, Codes.NOT_FOUND);
      const tab = await k.fails(
        'players.tab',
        { game: 'atomicwar', id: pid('atomicwar', 1), tab: 'heroes' },
        Codes.NOT_FOUND,
      );
      expect(tab).toMatch(/no player tab "heroes".*info, item, purchases/);
      await k.fails('players.tab', { game: 'ymmj', id: pid('ymmj', 1), tab: 'item' }, Codes.NOT_FOUND);
      await k.fails('players.tab', { game: 'ymmj', id: pid('ymmj', 1), tab: 'nope' }, Codes.VALIDATION);
      await k.fails('players.get', { game: 'ymmj', id: '12a' }, Codes.VALIDATION);
      await k.fails('players.logs', { game: 'ymmj', id: '99' }, Codes.NOT_FOUND);
      await k.fails('players.equipment', { game: 'ymmj', id: '99' }, Codes.NOT_FOUND);
    });
  });

  describe('tabs', () => {
    it.each(GAME_IDS)('%s: every tab of the registry has rows with exactly its columns', async (game) => {
      const id = pid(game, 20);
      for (const tab of GAMES[game].playerTabs) {
        const data = await k.ok<PlayerTabData>('players.tab', { game, id, tab, read: 'fresh' });
        expect(data.tab).toBe(tab);
        expect(data.rows.length, `${game}/${tab}`).toBeGreaterThan(0);
        const keys = TAB_DEFS[tab].columns.map((c) => c.key).sort();
        for (const row of data.rows) expect(Object.keys(row).sort(), `${game}/${tab}`).toEqual(keys);
      }
      const info = await k.ok<PlayerTabData>('players.tab', { game, id, tab: 'info' });
      expect(info.rows).toHaveLength(1);
      expect(info.rows[0]).toMatchObject({ id, num: playerNumOf(game, 20), name: playerNameOf(20) });
    });

    it('reads the cache when it holds a copy, the database when asked fresh, and clears it', async () => {
      const q = { game: 'lw', id: pid('lw', 15) };
      const first = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'heroes' });
      expect(first).toMatchObject({
        source: 'db',
        cachedAt: null,
        readAt: new Date(k.t.clock.now).toISOString(),
      });
      const cached = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'heroes' });
      expect(cached).toMatchObject({ source: 'cache', cachedAt: first.readAt, rows: first.rows });

      await k.advance(120);
      const fresh = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'heroes', read: 'fresh' });
      expect(fresh).toMatchObject({ source: 'db', cachedAt: null, rows: first.rows });
      const again = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'heroes' });
      expect(again).toMatchObject({ source: 'cache', cachedAt: fresh.readAt });
      expect(Date.parse(fresh.readAt) - Date.parse(first.readAt)).toBe(120_000);

      // Orders have no cache variant: always the database, and never listed as cached.
      for (let i = 0; i < 2; i++) {
        const orders = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'orders' });
        expect(orders).toMatchObject({ source: 'db', cachedAt: null });
      }
      await k.ok('players.equipment', q);
      const detail = await k.ok<PlayerDetail>('players.get', q);
      expect(detail.cachedTabs).toEqual(['heroes', 'equipment']);

      const cleared = await k.ok<{ cleared: string[] }>('players.clearCache', {
        ...q,
        reason: 'support ticket 42',
      });
      expect(cleared.cleared).toEqual(['heroes', 'equipment']);
      expect((await k.ok<PlayerDetail>('players.get', q)).cachedTabs).toEqual([]);
      const after = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'heroes' });
      expect(after).toMatchObject({ source: 'db', rows: first.rows });
      expect(
        (await k.ok<{ cleared: string[] }>('players.clearCache', { ...q, reason: 'again' })).cleared,
      ).toEqual(['heroes']);
    });

    it('stores a player once even when the first reads come together', async () => {
      const q = { game: 'party', id: pid('party', 16) };
      const reads = await Promise.all(
        ['items', 'tasks', 'heroes', 'orders', 'buffs', 'equipment', 'lootcount'].map((tab) =>
          k.call<PlayerTabData>('players.tab', { ...q, tab, read: 'fresh' }),
        ),
      );
      for (const r of reads) expect(r.body.Status.Code).toBe(Codes.OK);
      const db = k.t.backend.database.db;
      const count = async (table: 'player_rows' | 'player_logs' | 'player_data_made') =>
        (
          await db
            .selectFrom(table)
            .select(db.fn.countAll<number>().as('n'))
            .where('game', '=', 'party')
            .where('player_id', '=', q.id)
            .executeTakeFirstOrThrow()
        ).n;
      expect(Number(await count('player_data_made'))).toBe(1);
      const items = await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'items', read: 'fresh' });
      const stored = await db
        .selectFrom('player_rows')
        .select('seq')
        .where('game', '=', 'party')
        .where('player_id', '=', q.id)
        .where('tab', '=', 'items')
        .execute();
      expect(stored).toHaveLength(items.rows.length);
      expect(Number(await count('player_logs'))).toBeGreaterThan(0);
    });
  });

  describe('equipment', () => {
    it("lists a heavy player's 10,000 pieces by power, whole (eqs) or paged (eqpage)", async () => {
      const q = { game: 'ymmj', id: pid('ymmj', 7) };
      const all = await k.ok<Eqs>('players.equipment', { ...q, read: 'fresh' });
      expect(all.total).toBe(HEAVY_EQUIPMENT);
      expect(all.items).toHaveLength(HEAVY_EQUIPMENT);
      expect(all.topPower).toBe(all.items[0]?.power);
      const powers = all.items.map((e) => e.power);
      expect(powers).toEqual([...powers].sort((a, b) => b - a));
      // The cached copy is answered as the stored text (server/http/json-text.ts): the same pieces,
      // count and top power as the fresh read that made it.
      const cached = await k.ok<Eqs>('players.equipment', { ...q, read: 'cache' });
      expect(cached.source).toBe('cache');
      expect(cached).toMatchObject({ total: all.total, topPower: all.topPower });
      expect(cached.items).toEqual(all.items);

      const first = await k.ok<Page<Equipment> & { topPower: number }>('players.equipmentPage', {
        ...q,
        pageSize: 100,
      });
      expect(first).toMatchObject({ total: HEAVY_EQUIPMENT, topPower: all.topPower, page: 1, pageSize: 100 });
      expect(first.items).toEqual(all.items.slice(0, 100));
      const last = await k.ok<Page<Equipment>>('players.equipmentPage', { ...q, page: 10, pageSize: 1000 });
      expect(last.items).toEqual(all.items.slice(9000));
      await k.fails('players.equipmentPage', { ...q, pageSize: 1001 }, Codes.VALIDATION);
    });

    it('answers the same count and top power whoever took the copy, and for a copy taken before they were kept', async () => {
      const q = { game: 'lw', id: pid('lw', 7) };
      const fresh = await k.ok<Eqs>('players.equipment', { ...q, read: 'fresh' });
      expect(fresh.total).toBe(HEAVY_EQUIPMENT);
      const want = { total: fresh.total, topPower: fresh.items[0]?.power, source: 'cache' };
      // The tab link shares the copy (cache key "equipment").
      await k.ok('players.tab', { ...q, tab: 'equipment', read: 'fresh' });
      expect(await k.ok<Eqs>('players.equipment', q)).toMatchObject(want);
      // A copy stored before the count and first piece were kept with it: the migration that
      // keeps them takes them from its text.
      const db = k.t.backend.database.db;
      await sql`alter table player_cache drop column row_count, drop column first_row`.execute(db);
      await playersMigrations['0005_cache_shape']?.up(db);
      const old = await k.ok<Eqs>('players.equipment', q);
      expect(old).toMatchObject(want);
      expect(old.items).toEqual(fresh.items);
    });

    it('answers a copy rewritten by another instance at once, not the one this backend holds in memory', async () => {
      const q = { game: 'party', id: pid('party', 7) };
      const fresh = await k.ok<Eqs>('players.equipment', { ...q, read: 'fresh' });
      // Twice from the copy: the second is answered from the bytes held (players/copy-memo.ts).
      for (let i = 0; i < 2; i++) {
        const cached = await k.ok<Eqs>('players.equipment', q);
        expect(cached).toMatchObject({ source: 'cache', total: fresh.total, topPower: fresh.topPower });
        expect(cached.items).toEqual(fresh.items);
      }
      // Another instance (or the data repair) writes the copy straight to the database.
      const changed = fresh.items.slice(1).map((e) => ({ ...e, name: `${e.name} 改` }));
      await sql`update player_cache set data = ${JSON.stringify(changed)}, row_count = ${changed.length},
        first_row = ${JSON.stringify(changed[0])}
        where game = ${q.game} and player_id = ${q.id} and tab = 'equipment'`.execute(
        k.t.backend.database.db,
      );
      const after = await k.ok<Eqs>('players.equipment', q);
      expect(after).toMatchObject({ source: 'cache', total: changed.length, topPower: changed[0]?.power });
      expect(after.items).toEqual(changed);
      // A fresh read replaces the copy again, and the next cached read gives that one.
      const refreshed = await k.ok<Eqs>('players.equipment', { ...q, read: 'fresh' });
      expect((await k.ok<Eqs>('players.equipment', q)).items).toEqual(refreshed.items);
      expect(refreshed.items).toEqual(fresh.items);
    });

    it('a normal player has a handful of pieces; atomicwar has no equipment calls', async () => {
      const r = await k.ok<Eqs>('players.equipment', { game: 'party', id: pid('party', 3) });
      expect(r.total).toBeGreaterThanOrEqual(5);
      expect(r.total).toBeLessThanOrEqual(60);
      expect(r.items[0]).toMatchObject({ power: r.topPower });
      const eqs = await k.t.api.request(
        'GET',
        `${SERVICE_BASE_PATHS.admin}/atomicwar/player/${pid('atomicwar', 3)}/eqs`,
        {
          token: k.tokens.admin,
        },
      );
      expect(eqs.body.Status.Code).toBe(Codes.ROUTE_NOT_FOUND);
    });
  });

  describe('logs', () => {
    it('splits recent logs from history at the recent window, newest first, by kind, paged', async () => {
      const q = { game: 'ymmj', id: pid('ymmj', 8) };
      const split = k.t.clock.now - RECENT_LOG_DAYS * 86_400_000;
      const recent = await k.ok<Page<PlayerLog>>('players.logs', { ...q, pageSize: 200 });
      const older = await k.ok<Page<PlayerLog>>('players.prelogs', { ...q, pageSize: 200 });
      expect(recent.total).toBeGreaterThan(0);
      expect(older.total).toBeGreaterThan(0);
      expect(recent.items.every((l) => Date.parse(l.at) >= split)).toBe(true);
      expect(older.items.every((l) => Date.parse(l.at) < split)).toBe(true);
      const times = recent.items.map((l) => Date.parse(l.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(recent.items[0]).toMatchObject({ kind: 'login', at: '2026-01-04T17:37:27.000Z' });
      const oldest = await k.ok<Page<PlayerLog>>('players.prelogs', {
        ...q,
        pageSize: 1,
        page: older.total,
      });
      expect(oldest.items[0]?.kind).toBe('register');

      const logins = await k.ok<Page<PlayerLog>>('players.logs', { ...q, kind: 'login', pageSize: 3 });
      expect(logins.items.every((l) => l.kind === 'login' && l.ip)).toBe(true);
      expect(logins.items).toHaveLength(Math.min(3, logins.total));
      const page2 = await k.ok<Page<PlayerLog>>('players.logs', {
        ...q,
        kind: 'login',
        pageSize: 3,
        page: 2,
      });
      expect(page2.items[0]?.id).not.toBe(logins.items[0]?.id);
      expect((await k.ok<Page<PlayerLog>>('players.logs', { ...q, kind: 'nothing' })).total).toBe(0);
    });
  });

  describe('roles', () => {
    it('Service reads players but cannot act; guests and other games are refused', async () => {
      const q = { game: 'lw', id: pid('lw', 2) };
      await k.ok('players.search', { game: 'lw' }, 'service');
      await k.ok('players.get', q, 'service');
      await k.ok('players.tab', { ...q, tab: 'items' }, 'service');
      await k.ok('players.logs', q, 'service');
      await k.ok('players.audit', q, 'service');
      for (const id of ['players.delete', 'players.activate', 'players.clearCache'] as const) {
        await k.fails(id, { ...q, reason: 'trying' }, Codes.FORBIDDEN, 'service');
      }
      await k.fails('players.stats', { game: 'lw' }, Codes.FORBIDDEN, 'service');
      await k.fails('players.search', { game: 'lw' }, Codes.FORBIDDEN, 'guest');
      await k.fails('players.get', q, Codes.FORBIDDEN, 'guest');
      await k.fails('players.search', { game: 'lw' }, Codes.FORBIDDEN, 'ymmj');
      await k.fails('players.delete', { ...q, reason: 'not mine' }, Codes.FORBIDDEN, 'ymmj');
      await k.ok('players.search', { game: 'ymmj' }, 'ymmj');
      const state = await k.ok<PlayerDetail>('players.get', q);
      expect(state.state).toBe('active');
    });
  });
});
