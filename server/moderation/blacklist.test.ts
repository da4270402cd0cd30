import { describe, expect, it } from 'vitest';
import type { BlacklistEntry } from '../../shared/api/moderation.js';
import type { PlayerDetail } from '../../shared/api/players.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS } from '../../shared/games.js';
import { backendKinds } from '../../tests/support/backends.js';
import { NO_PLAYER, type Page, pid, useKit } from '../../tests/support/api-kit.js';

/** Blacklist: list and search, create (player or IP), delete, expiry. */

describe.each(backendKinds())('blacklist on %s', (kind) => {
  const k = useKit(kind);

  const list = (input: Record<string, unknown>) => k.ok<Page<BlacklistEntry>>('blacklist.list', input);
  const ids = async (input: Record<string, unknown>) => (await list(input)).items.map((e) => e.id);
  const add = (input: Record<string, unknown>) => k.ok<BlacklistEntry>('blacklist.create', input);

  it('lists the seeded entries of every game, newest first, with active and expired ones', async () => {
    for (const game of GAME_IDS) {
      const all = await list({ game, pageSize: 200 });
      expect(all.total).toBeGreaterThanOrEqual(4);
      const times = all.items.map((e) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const players = all.items.filter((e) => e.kind === 'player');
      expect(players.length).toBeGreaterThanOrEqual(2);
      for (const e of players) expect(e.playerName).toEqual(expect.any(String));
      expect(all.items.filter((e) => e.kind === 'ip').every((e) => e.playerName === null)).toBe(true);
      expect(players.some((e) => e.status === 'active')).toBe(true);
      expect(players.some((e) => e.status === 'expired')).toBe(true);

      const active = await list({ game, status: 'active' });
      const expired = await list({ game, status: 'expired' });
      expect(active.items.every((e) => e.status === 'active')).toBe(true);
      expect(expired.items.every((e) => e.status === 'expired')).toBe(true);
      expect(active.total + expired.total).toBe(all.total);
      const ips = await list({ game, kind: 'ip' });
      expect(ips.total).toBeGreaterThanOrEqual(2);
      expect(ips.items.every((e) => e.kind === 'ip')).toBe(true);
    }
  });

  it('searches the value and the player name, partially, in any case', async () => {
    const game = 'lw';
    const all = (await list({ game, pageSize: 200 })).items;
    const player = all.find((e) => e.kind === 'player' && e.playerName) as BlacklistEntry;
    const name = player.playerName as string;
    const byName = await list({ game, q: name.slice(1, -1).toUpperCase() });
    expect(byName.items.map((e) => e.id)).toContain(player.id);
    // Short text takes the other search path; the answer is the same.
    const short = name.slice(0, 2);
    const byShort = (await list({ game, q: short, pageSize: 200 })).items.map((e) => e.id);
    expect(byShort).toContain(player.id);
    expect(await ids({ game, q: player.value.slice(-6) })).toContain(player.id);
    const ip = all.find((e) => e.kind === 'ip') as BlacklistEntry;
    expect(await ids({ game, q: ip.value.slice(0, 7), kind: 'ip' })).toContain(ip.id);
    expect((await list({ game, q: 'no-such-thing' })).total).toBe(0);
    // LIKE wildcards are plain characters.
    expect((await list({ game, q: '%' })).total).toBe(0);
    await k.fails('blacklist.list', { game, q: '' }, Codes.VALIDATION);
    await k.fails('blacklist.list', { game, kind: 'email' }, Codes.VALIDATION);
  });

  it('blacklists a player and an IP address, audited; the same active value is a conflict', async () => {
    const game = 'ymmj';
    const player = pid(game, 8);
    const entry = await add({
      game,
      kind: 'player',
      value: player,
      reason: 'Speed hack',
    });
    expect(entry).toMatchObject({
      kind: 'player',
      value: player,
      playerName: expect.any(String),
      reason: 'Speed hack',
      operator: 'admin',
      createdAt: new Date(k.t.clock.now).toISOString(),
      expiresAt: null,
      status: 'active',
    });
    expect(await k.lastAudit('blacklist.create')).toMatchObject({
      operator: 'admin',
      game,
      target: player,
      reason: 'Speed hack',
      outcome: 'ok',
      code: Codes.OK,
      before: null,
      after: entry,
    });
    expect((await list({ game })).items[0]?.id).toBe(entry.id);

    const expiresAt = k.inSeconds(7 * 86_400);
    const ip = await add({
      game,
      kind: 'ip',
      value: '2001:DB8:0:0:0:0:0:42',
      expiresAt,
      reason: 'Credential stuffing',
    });
    // One spelling per address, so the conflict check below sees it.
    expect(ip).toMatchObject({ kind: 'ip', value: '2001:db8::42', playerName: null, expiresAt });
    expect((await k.lastAudit('blacklist.create')).target).toBe('2001:db8::42');
    await add({ game, kind: 'ip', value: '10.0.0.7', reason: 'Bot farm' });

    const before = (await list({ game })).total;
    const dup = await k.fails(
      'blacklist.create',
      { game, kind: 'player', value: player, reason: 'again' },
      Codes.CONFLICT,
    );
    expect(dup).toMatch(`Player ${player} is already blacklisted with no expiry (entry ${entry.id})`);
    expect(await k.lastAudit('blacklist.create')).toMatchObject({
      outcome: 'error',
      code: Codes.CONFLICT,
      target: player,
      reason: 'again',
      after: null,
    });
    await k.fails(
      'blacklist.create',
      { game, kind: 'ip', value: '2001:db8::42', reason: 'again' },
      Codes.CONFLICT,
    );
    expect((await list({ game })).total).toBe(before);
    // The same value in another game is another game's business.
    await add({ game: 'lw', kind: 'ip', value: '10.0.0.7', reason: 'Bot farm' });
  });

  it('refuses bad input and changes nothing', async () => {
    const game = 'party';
    const total = (await list({ game })).total;
    const missing = await k.fails(
      'blacklist.create',
      { game, kind: 'player', value: NO_PLAYER, reason: 'nobody' },
      Codes.NOT_FOUND,
    );
    expect(missing).toMatch(`Party Game has no player ${NO_PLAYER}`);
    await k.fails(
      'blacklist.create',
      { game, kind: 'player', value: pid('ymmj', 2), reason: 'other game' },
      Codes.NOT_FOUND,
    );
    const cases: Record<string, unknown>[] = [
      { game, kind: 'ip', value: '300.1.2.3', reason: 'bad ip' },
      { game, kind: 'ip', value: 'example.com', reason: 'bad ip' },
      { game, kind: 'ip', value: pid(game, 2), reason: 'a player id is not an ip' },
      { game, kind: 'player', value: '10.0.0.1', reason: 'an ip is not a player id' },
      { game, kind: 'player', value: 'abc', reason: 'bad player id' },
      { game, kind: 'email', value: 'a@b.c', reason: 'bad kind' },
      { game, kind: 'ip', value: '10.0.0.1' },
      { game, kind: 'ip', value: '10.0.0.1', reason: ' ' },
      { game, kind: 'ip', value: '10.0.0.1', reason: 'extra', note: 'x' },
      { game, kind: 'ip', value: '10.0.0.1', reason: 'past', expiresAt: k.inSeconds(-1) },
      { game, kind: 'ip', value: '10.0.0.1', reason: 'bad date', expiresAt: '2026-13-01' },
    ];
    for (const input of cases) await k.fails('blacklist.create', input, Codes.VALIDATION);
    const bad = await k.call('blacklist.create', { game, kind: 'ip', value: '1.2.3', reason: 'bad ip' });
    expect(bad.body.Status.Message).toMatch(/value: an IPv4 or IPv6 address/);
    for (const entryId of ['abc', 0]) {
      await k.fails('blacklist.delete', { game, entryId, reason: 'bad id' }, Codes.VALIDATION);
    }
    await k.fails('blacklist.delete', { game, entryId: 1 }, Codes.VALIDATION);
    expect((await list({ game })).total).toBe(total);
  });

  it("deletes an entry, audited; a missing id or another game's id is not found", async () => {
    const game = 'atomicwar';
    const player = pid(game, 5);
    const entry = await add({
      game,
      kind: 'player',
      value: player,
      expiresAt: k.inSeconds(3600),
      reason: 'Wrong player',
    });
    await k.fails(
      'blacklist.delete',
      { game: 'lw', entryId: entry.id, reason: 'wrong game' },
      Codes.NOT_FOUND,
    );
    expect(await k.lastAudit('blacklist.delete')).toMatchObject({
      game: 'lw',
      target: `blacklist:${entry.id}`,
      outcome: 'error',
      code: Codes.NOT_FOUND,
    });
    expect(await k.ok('blacklist.delete', { game, entryId: entry.id, reason: 'Mistaken entry' })).toEqual({
      deleted: true,
    });
    expect(await k.lastAudit('blacklist.delete')).toMatchObject({
      game,
      target: player,
      reason: 'Mistaken entry',
      outcome: 'ok',
      before: entry,
      after: null,
    });
    expect(await ids({ game, pageSize: 200 })).not.toContain(entry.id);
    const again = await k.fails(
      'blacklist.delete',
      { game, entryId: entry.id, reason: 'twice' },
      Codes.NOT_FOUND,
    );
    expect(again).toMatch(`Atomic War has no blacklist entry with id ${entry.id}`);
    // Deleted, the player can be blacklisted anew.
    await add({ game, kind: 'player', value: player, reason: 'Right this time' });
  });

  it('an expired entry stops applying: not active, the player is no longer banned, a new one is accepted', async () => {
    const game = 'lw';
    const player = pid(game, 12);
    const banned = async () => (await k.ok<PlayerDetail>('players.get', { game, id: player })).flags.banned;
    const entry = await add({
      game,
      kind: 'player',
      value: player,
      expiresAt: k.inSeconds(3600),
      reason: 'One hour mute',
    });
    expect(entry.status).toBe('active');
    expect(await ids({ game, status: 'active', q: player })).toEqual([entry.id]);
    expect(await banned()).toBe(true);

    await k.advance(7200);
    const listed = (await list({ game, q: player })).items.find((e) => e.id === entry.id);
    expect(listed?.status).toBe('expired');
    expect(await ids({ game, status: 'active', q: player })).toEqual([]);
    expect(await ids({ game, status: 'expired', q: player })).toEqual([entry.id]);
    expect(await banned()).toBe(false);

    const renewed = await add({
      game,
      kind: 'player',
      value: player,
      reason: 'Did it again',
    });
    expect(renewed.status).toBe('active');
    expect(await banned()).toBe(true);
  });
});
