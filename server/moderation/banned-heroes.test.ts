import { describe, expect, it } from 'vitest';
import type { BannedHero, Hero } from '../../shared/api/moderation.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS } from '../../shared/games.js';
import { HEROES } from '../seed/heroes.js';
import { backendKinds } from '../../tests/support/backends.js';
import { NO_PLAYER, type Page, pid, useKit } from '../../tests/support/api-kit.js';

/** Hero catalogue and hero bans: list, ban (all players or one), unban, delete an item, expiry. */

describe.each(backendKinds())('hero bans on %s', (kind) => {
  const k = useKit(kind);

  const list = (input: Record<string, unknown>) => k.ok<Page<BannedHero>>('bannedHeroes.list', input);
  const banHero = (input: Record<string, unknown>) => k.ok<BannedHero>('bannedHeroes.ban', input);

  it("lists each game's hero catalogue", async () => {
    for (const game of GAME_IDS) {
      const data = await k.ok<{ heroes: Hero[] }>('heroes.list', { game });
      expect(data.heroes).toEqual(HEROES[game]);
    }
  });

  it('lists the seeded bans of every game, newest first, filtered by status, hero and player', async () => {
    for (const game of GAME_IDS) {
      const all = await list({ game, status: 'all', pageSize: 200 });
      expect(all.total).toBeGreaterThanOrEqual(6);
      const statuses = new Set(all.items.map((b) => b.status));
      expect(statuses).toEqual(new Set(['active', 'expired', 'lifted']));
      const times = all.items.map((b) => b.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.items.some((b) => b.playerId === null)).toBe(true);
      const perPlayer = all.items.filter((b) => b.playerId !== null);
      expect(perPlayer.length).toBeGreaterThanOrEqual(2);
      for (const b of perPlayer) expect(b.playerName).toEqual(expect.any(String));
      const lifted = all.items.find((b) => b.status === 'lifted');
      expect(lifted).toMatchObject({ liftedAt: expect.any(String), liftedBy: expect.any(String) });
      expect(
        all.items.every((b) => HEROES[game].some((h) => h.heroId === b.heroId && h.name === b.heroName)),
      ).toBe(true);

      // The default is the bans that apply now.
      const active = await list({ game });
      expect(active.total).toBeGreaterThanOrEqual(2);
      expect(active.items.every((b) => b.status === 'active')).toBe(true);
      for (const status of ['expired', 'lifted'] as const) {
        const some = await list({ game, status });
        expect(some.total).toBeGreaterThanOrEqual(1);
        expect(some.items.every((b) => b.status === status)).toBe(true);
      }
      const expired = await list({ game, status: 'expired' });
      expect(
        expired.items.every(
          (b) => b.expiresAt !== null && b.expiresAt <= new Date(k.t.clock.now).toISOString(),
        ),
      ).toBe(true);

      const one = perPlayer[0] as BannedHero;
      const byPlayer = await list({ game, status: 'all', playerId: one.playerId });
      expect(byPlayer.items.map((b) => b.id)).toContain(one.id);
      expect(byPlayer.items.every((b) => b.playerId === one.playerId)).toBe(true);
      const byHero = await list({ game, status: 'all', heroId: one.heroId });
      expect(byHero.items.every((b) => b.heroId === one.heroId)).toBe(true);

      const page2 = await list({ game, status: 'all', page: 2, pageSize: 2 });
      expect(page2).toMatchObject({ page: 2, pageSize: 2, total: all.total });
      expect(page2.items.map((b) => b.id)).toEqual(all.items.slice(2, 4).map((b) => b.id));
    }
  });

  it('bans a hero for every player and for one player, audited; the same active ban is a conflict', async () => {
    const game = 'lw';
    const hero = HEROES.lw[10] as Hero;
    const player = pid(game, 2);
    const before = await list({ game, status: 'all' });

    const global = await banHero({
      game,
      heroId: hero.heroId,
      reason: 'Broken ultimate in 2.1',
    });
    expect(global).toMatchObject({
      heroId: hero.heroId,
      heroName: hero.name,
      playerId: null,
      playerName: null,
      reason: 'Broken ultimate in 2.1',
      operator: 'admin',
      createdAt: new Date(k.t.clock.now).toISOString(),
      expiresAt: null,
      liftedAt: null,
      liftedBy: null,
      status: 'active',
    });
    const audit = await k.lastAudit('bannedHeroes.ban');
    expect(audit).toMatchObject({
      operator: 'admin',
      game,
      target: `hero:${hero.heroId}`,
      reason: 'Broken ultimate in 2.1',
      outcome: 'ok',
      code: Codes.OK,
      before: null,
      after: global,
    });

    const expiresAt = k.inSeconds(86_400);
    const mine = await banHero({
      game,
      heroId: hero.heroId,
      playerId: player,
      expiresAt,
      reason: 'Exploit in ranked',
    });
    expect(mine).toMatchObject({
      playerId: player,
      playerName: expect.any(String),
      expiresAt,
      status: 'active',
    });
    expect((await k.lastAudit('bannedHeroes.ban')).target).toBe(player);

    const after = await list({ game, status: 'all' });
    expect(after.total).toBe(before.total + 2);
    expect(after.items.slice(0, 2).map((b) => b.id)).toEqual([mine.id, global.id]);

    const dupGlobal = await k.fails(
      'bannedHeroes.ban',
      { game, heroId: hero.heroId, reason: 'again' },
      Codes.CONFLICT,
    );
    expect(dupGlobal).toMatch(new RegExp(`already banned for every player.*ban ${global.id}`));
    const dupMine = await k.fails(
      'bannedHeroes.ban',
      { game, heroId: hero.heroId, playerId: player, reason: 'again' },
      Codes.CONFLICT,
    );
    expect(dupMine).toMatch(player);
    const refused = await k.lastAudit('bannedHeroes.ban');
    expect(refused).toMatchObject({
      outcome: 'error',
      code: Codes.CONFLICT,
      target: player,
      reason: 'again',
      after: null,
    });
    expect((await list({ game, status: 'all' })).total).toBe(after.total);
  });

  it('refuses bad input and changes nothing', async () => {
    const game = 'ymmj';
    const total = (await list({ game, status: 'all' })).total;
    const unknownHero = await k.fails(
      'bannedHeroes.ban',
      { game, heroId: 3001, reason: 'wrong game hero' },
      Codes.VALIDATION,
    );
    expect(unknownHero).toMatch(/heroId: 3001 is not a hero of Secret Realm; its heroes are 2001 to 2012/);
    expect(await k.lastAudit('bannedHeroes.ban')).toMatchObject({
      outcome: 'error',
      code: Codes.VALIDATION,
      target: 'hero:3001',
    });
    const noPlayer = await k.fails(
      'bannedHeroes.ban',
      { game, heroId: 2001, playerId: NO_PLAYER, reason: 'nobody' },
      Codes.NOT_FOUND,
    );
    expect(noPlayer).toMatch(`Secret Realm has no player ${NO_PLAYER}`);
    // A player of another game is not a player of this one.
    await k.fails(
      'bannedHeroes.ban',
      { game, heroId: 2001, playerId: pid('lw', 2), reason: 'other game' },
      Codes.NOT_FOUND,
    );
    const past = await k.fails(
      'bannedHeroes.ban',
      { game, heroId: 2001, expiresAt: k.inSeconds(-60), reason: 'too late' },
      Codes.VALIDATION,
    );
    expect(past).toMatch(/expiresAt: must be later than the server's current time/);
    await k.fails(
      'bannedHeroes.ban',
      { game, heroId: 2001, expiresAt: k.inSeconds(0), reason: 'now is not the future' },
      Codes.VALIDATION,
    );
    const cases: Record<string, unknown>[] = [
      { game, heroId: 2001, playerId: 'abc', reason: 'bad id' },
      { game, heroId: 2001, expiresAt: 'tomorrow', reason: 'bad date' },
      { game, heroId: 2001 },
      { game, heroId: 2001, reason: 'x' },
      { game, heroId: 2001, reason: 'extra field', level: 3 },
      { game, heroId: 0, reason: 'zero' },
    ];
    for (const input of cases) await k.fails('bannedHeroes.ban', input, Codes.VALIDATION);
    for (const banId of ['abc', 0, -1, 1.5]) {
      await k.fails('bannedHeroes.unban', { game, banId, reason: 'bad id' }, Codes.VALIDATION);
      await k.fails('bannedHeroes.deleteItem', { game, banId, reason: 'bad id' }, Codes.VALIDATION);
    }
    await k.fails('bannedHeroes.unban', { game, banId: 1 }, Codes.VALIDATION);
    await k.fails('bannedHeroes.list', { game, status: 'gone' }, Codes.VALIDATION);
    await k.fails('bannedHeroes.list', { game, pageSize: 500 }, Codes.VALIDATION);
    expect((await list({ game, status: 'all' })).total).toBe(total);
  });

  it('unbans: the entry stays, lifted, and a second unban is a conflict', async () => {
    const game = 'party';
    const player = pid(game, 4);
    const ban = await banHero({
      game,
      heroId: 4003,
      playerId: player,
      reason: 'Griefing',
    });
    k.t.clock.advance(60);
    const lifted = await k.ok<BannedHero>('bannedHeroes.unban', {
      game,
      banId: ban.id,
      reason: 'Appeal accepted',
    });
    expect(lifted).toMatchObject({
      id: ban.id,
      status: 'lifted',
      liftedAt: new Date(k.t.clock.now).toISOString(),
      liftedBy: 'admin',
      reason: 'Griefing',
    });
    expect(await k.lastAudit('bannedHeroes.unban')).toMatchObject({
      game,
      target: player,
      reason: 'Appeal accepted',
      outcome: 'ok',
      before: ban,
      after: lifted,
    });
    const liftedList = await list({ game, status: 'lifted' });
    expect(liftedList.items.map((b) => b.id)).toContain(ban.id);
    expect((await list({ game })).items.map((b) => b.id)).not.toContain(ban.id);

    const again = await k.fails(
      'bannedHeroes.unban',
      { game, banId: ban.id, reason: 'twice' },
      Codes.CONFLICT,
    );
    expect(again).toMatch(`Ban ${ban.id} was already lifted by admin`);
    expect(await k.lastAudit('bannedHeroes.unban')).toMatchObject({
      outcome: 'error',
      code: Codes.CONFLICT,
      target: player,
    });

    // A seeded expired ban cannot be lifted either; a lifted one can be banned anew.
    const expired = (await list({ game, status: 'expired' })).items[0] as BannedHero;
    await k.fails('bannedHeroes.unban', { game, banId: expired.id, reason: 'expired' }, Codes.CONFLICT);
    await banHero({ game, heroId: 4003, playerId: player, reason: 'Griefing again' });
  });

  it("deletes an item; a missing id or another game's id is not found", async () => {
    const game = 'atomicwar';
    const ban = await banHero({
      game,
      heroId: 1012,
      expiresAt: k.inSeconds(3600),
      reason: 'Typo: meant another hero',
    });
    await k.fails(
      'bannedHeroes.deleteItem',
      { game: 'ymmj', banId: ban.id, reason: 'wrong game' },
      Codes.NOT_FOUND,
    );
    await k.fails(
      'bannedHeroes.unban',
      { game: 'ymmj', banId: ban.id, reason: 'wrong game' },
      Codes.NOT_FOUND,
    );
    expect(await k.lastAudit('bannedHeroes.unban')).toMatchObject({
      game: 'ymmj',
      target: `bannedhero:${ban.id}`,
      outcome: 'error',
      code: Codes.NOT_FOUND,
    });

    expect(await k.ok('bannedHeroes.deleteItem', { game, banId: ban.id, reason: 'Mistaken entry' })).toEqual({
      deleted: true,
    });
    expect(await k.lastAudit('bannedHeroes.deleteItem')).toMatchObject({
      game,
      target: 'hero:1012',
      reason: 'Mistaken entry',
      outcome: 'ok',
      before: ban,
      after: null,
    });
    expect((await list({ game, status: 'all', heroId: 1012 })).items.map((b) => b.id)).not.toContain(ban.id);
    const missing = await k.fails(
      'bannedHeroes.deleteItem',
      { game, banId: ban.id, reason: 'twice' },
      Codes.NOT_FOUND,
    );
    expect(missing).toMatch(`Atomic War has no hero ban with id ${ban.id}`);
    await k.fails('bannedHeroes.deleteItem', { game, banId: 999_999, reason: 'never was' }, Codes.NOT_FOUND);
  });

  it('an expired ban stops applying: it leaves the active list and does not block a new one', async () => {
    const game = 'ymmj';
    const player = pid(game, 6);
    const ban = await banHero({
      game,
      heroId: 2011,
      playerId: player,
      expiresAt: k.inSeconds(3600),
      reason: 'One hour cool-down',
    });
    expect((await list({ game, playerId: player })).items.map((b) => b.id)).toContain(ban.id);

    await k.advance(7200);
    const now = await list({ game, status: 'all', playerId: player });
    expect(now.items.find((b) => b.id === ban.id)?.status).toBe('expired');
    expect((await list({ game, playerId: player })).items.map((b) => b.id)).not.toContain(ban.id);
    expect((await list({ game, status: 'expired' })).items.map((b) => b.id)).toContain(ban.id);
    const over = await k.fails(
      'bannedHeroes.unban',
      { game, banId: ban.id, reason: 'already over' },
      Codes.CONFLICT,
    );
    expect(over).toMatch(`Ban ${ban.id} expired at ${ban.expiresAt ?? ''} and no longer applies`);
    expect(await k.lastAudit('bannedHeroes.unban')).toMatchObject({
      outcome: 'error',
      before: { id: ban.id, status: 'expired' },
    });

    const renewed = await banHero({
      game,
      heroId: 2011,
      playerId: player,
      reason: 'Did it again',
    });
    expect(renewed.status).toBe('active');
  });
});
