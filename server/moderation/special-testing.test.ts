import { describe, expect, it } from 'vitest';
import type { SpecialUser, TestingPlayer, TestingRecharge } from '../../shared/api/moderation.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds } from '../../tests/support/backends.js';
import { NO_PLAYER, type Page, pid, useKit } from '../../tests/support/api-kit.js';

/** Special users and testing players (ymmj, lw, party): lists, create/delete, recharges, refund. */

const GAMES_WITH_PAGES = ['ymmj', 'lw', 'party'] as const;

describe.each(backendKinds())('special users and testing players on %s', (kind) => {
  const k = useKit(kind);

  const specials = (input: Record<string, unknown>) => k.ok<Page<SpecialUser>>('specialUsers.list', input);
  const addSpecial = (input: Record<string, unknown>) => k.ok<SpecialUser>('specialUsers.create', input);
  const testers = (input: Record<string, unknown>) => k.ok<Page<TestingPlayer>>('testingPlayers.list', input);
  const recharges = (input: Record<string, unknown>) =>
    k.ok<Page<TestingRecharge>>('testingPlayers.recharges', input);

  it('lists the seeded special users, newest first, by category and by id or name', async () => {
    for (const game of GAMES_WITH_PAGES) {
      const all = await specials({ game });
      expect(all.total).toBeGreaterThanOrEqual(2);
      const times = all.items.map((s) => s.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      for (const s of all.items)
        expect(s).toMatchObject({ playerName: expect.any(String), note: expect.any(String) });
      const first = all.items[0] as SpecialUser;
      const byCategory = await specials({ game, category: first.category });
      expect(byCategory.items.map((s) => s.id)).toContain(first.id);
      expect(byCategory.items.every((s) => s.category === first.category)).toBe(true);
      expect((await specials({ game, q: first.playerId.slice(-5) })).items.map((s) => s.id)).toContain(
        first.id,
      );
      const name = first.playerName as string;
      expect((await specials({ game, q: name.toLowerCase() })).items.map((s) => s.id)).toContain(first.id);
    }
    await k.fails('specialUsers.list', { game: 'ymmj', category: 'king' }, Codes.VALIDATION);
  });

  it('marks a player special, audited; one entry per player; the player must exist', async () => {
    const game = 'lw';
    const player = pid(game, 14);
    const entry = await addSpecial({
      game,
      playerId: player,
      category: 'streamer',
      note: 'Douyu channel 8812',
      reason: 'Partner programme',
    });
    expect(entry).toMatchObject({
      playerId: player,
      playerName: expect.any(String),
      category: 'streamer',
      note: 'Douyu channel 8812',
      operator: 'admin',
      createdAt: new Date(k.t.clock.now).toISOString(),
    });
    expect(await k.lastAudit('specialUsers.create')).toMatchObject({
      operator: 'admin',
      game,
      target: player,
      reason: 'Partner programme',
      outcome: 'ok',
      before: null,
      after: entry,
    });
    expect((await specials({ game })).items[0]?.id).toBe(entry.id);

    const total = (await specials({ game })).total;
    const dup = await k.fails(
      'specialUsers.create',
      { game, playerId: player, category: 'vip', reason: 'again' },
      Codes.CONFLICT,
    );
    expect(dup).toMatch(
      `Player ${player} is already a special user of Lord War as streamer (entry ${entry.id})`,
    );
    expect(await k.lastAudit('specialUsers.create')).toMatchObject({
      outcome: 'error',
      code: Codes.CONFLICT,
      target: player,
    });
    await k.fails(
      'specialUsers.create',
      { game, playerId: NO_PLAYER, category: 'gm', reason: 'nobody' },
      Codes.NOT_FOUND,
    );
    const cases: Record<string, unknown>[] = [
      { game, playerId: pid(game, 15), category: 'king', reason: 'bad category' },
      { game, playerId: 'x1', category: 'gm', reason: 'bad id' },
      { game, playerId: pid(game, 15), category: 'gm' },
      { game, playerId: pid(game, 15), category: 'gm', reason: 'long note', note: 'n'.repeat(201) },
      { game, playerId: pid(game, 15), category: 'gm', reason: 'extra', level: 1 },
    ];
    for (const input of cases) await k.fails('specialUsers.create', input, Codes.VALIDATION);
    expect((await specials({ game })).total).toBe(total);

    // The note is optional.
    const plain = await addSpecial({
      game,
      playerId: pid(game, 15),
      category: 'gm',
      reason: 'New GM',
    });
    expect(plain.note).toBe('');
  });

  it("deletes a special user, audited; a missing id or another game's id is not found", async () => {
    const game = 'party';
    const entry = await addSpecial({
      game,
      playerId: pid(game, 16),
      category: 'tester',
      reason: 'Summer QA',
    });
    await k.fails(
      'specialUsers.delete',
      { game: 'ymmj', entryId: entry.id, reason: 'wrong game' },
      Codes.NOT_FOUND,
    );
    expect(await k.ok('specialUsers.delete', { game, entryId: entry.id, reason: 'QA over' })).toEqual({
      deleted: true,
    });
    expect(await k.lastAudit('specialUsers.delete')).toMatchObject({
      game,
      target: pid(game, 16),
      reason: 'QA over',
      outcome: 'ok',
      before: entry,
      after: null,
    });
    expect((await specials({ game })).items.map((s) => s.id)).not.toContain(entry.id);
    await k.fails('specialUsers.delete', { game, entryId: entry.id, reason: 'twice' }, Codes.NOT_FOUND);
    expect(await k.lastAudit('specialUsers.delete')).toMatchObject({
      outcome: 'error',
      code: Codes.NOT_FOUND,
      target: `specialuser:${entry.id}`,
    });
    await k.fails('specialUsers.delete', { game, entryId: 'x', reason: 'bad id' }, Codes.VALIDATION);
    await k.fails('specialUsers.delete', { game, entryId: entry.id }, Codes.VALIDATION);
  });

  it('lists testing players with recharge counts and totals that match their records', async () => {
    for (const game of GAMES_WITH_PAGES) {
      const all = await testers({ game });
      expect(all.total).toBeGreaterThanOrEqual(2);
      for (const tp of all.items) {
        expect(tp.playerName).toEqual(expect.any(String));
        expect(tp.recharges).toBeGreaterThanOrEqual(2);
        expect(tp.recharges).toBeLessThanOrEqual(6);
        const records = await recharges({ game, playerId: tp.playerId, pageSize: 50 });
        expect(records.total).toBe(tp.recharges);
        const sum = (status: string) =>
          records.items.filter((r) => r.status === status).reduce((n, r) => n + r.amount, 0);
        expect(tp.paidTotal).toBe(sum('paid'));
        expect(tp.refundedTotal).toBe(sum('refunded'));
      }
      const first = all.items[0] as TestingPlayer;
      expect((await testers({ game, q: first.playerId.slice(-4) })).items.map((tp) => tp.playerId)).toContain(
        first.playerId,
      );
      const name = first.playerName as string;
      expect((await testers({ game, q: name.toUpperCase() })).items.map((tp) => tp.playerId)).toContain(
        first.playerId,
      );
      expect((await testers({ game, q: 'nobody-like-this' })).total).toBe(0);
    }
  });

  it('lists testing recharges newest first, by player and by status', async () => {
    for (const game of GAMES_WITH_PAGES) {
      const all = await recharges({ game, pageSize: 200 });
      expect(all.total).toBeGreaterThanOrEqual(4);
      const times = all.items.map((r) => r.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.items.every((r) => r.currency === 'CNY' && r.amount > 0 && r.orderId.length > 0)).toBe(true);
      const paid = await recharges({ game, status: 'paid' });
      const refunded = await recharges({ game, status: 'refunded' });
      expect(paid.total).toBeGreaterThanOrEqual(1);
      expect(paid.total + refunded.total).toBe(all.total);
      for (const r of refunded.items) {
        expect(r).toMatchObject({ refundedAt: expect.any(String), refundedBy: expect.any(String) });
        expect(r.refundReason).toEqual(expect.any(String));
      }
      for (const r of paid.items)
        expect(r).toMatchObject({ refundedAt: null, refundedBy: null, refundReason: null });
    }
    await k.fails('testingPlayers.recharges', { game: 'ymmj', status: 'void' }, Codes.VALIDATION);
    await k.fails('testingPlayers.recharges', { game: 'ymmj', playerId: 'abc' }, Codes.VALIDATION);
  });

  it('refunds a paid testing recharge, audited; a second refund is a conflict', async () => {
    const game = 'ymmj';
    const paid = (await recharges({ game, status: 'paid' })).items[0] as TestingRecharge;
    const totalsOf = async () =>
      (await testers({ game, q: paid.playerId })).items.find(
        (tp) => tp.playerId === paid.playerId,
      ) as TestingPlayer;
    const before = await totalsOf();

    k.t.clock.advance(30);
    const refunded = await k.ok<TestingRecharge>('testingPlayers.refund', {
      game,
      rechargeId: paid.id,
      reason: 'QA run finished',
    });
    expect(refunded).toEqual({
      ...paid,
      status: 'refunded',
      refundedAt: new Date(k.t.clock.now).toISOString(),
      refundedBy: 'admin',
      refundReason: 'QA run finished',
    });
    expect(await k.lastAudit('testingPlayers.refund')).toMatchObject({
      operator: 'admin',
      game,
      target: paid.playerId,
      reason: 'QA run finished',
      outcome: 'ok',
      before: paid,
      after: refunded,
    });
    const after = await totalsOf();
    expect(after.paidTotal).toBe(before.paidTotal - paid.amount);
    expect(after.refundedTotal).toBe(before.refundedTotal + paid.amount);

    const again = await k.fails(
      'testingPlayers.refund',
      { game, rechargeId: paid.id, reason: 'twice' },
      Codes.CONFLICT,
    );
    expect(again).toMatch(`Recharge ${paid.id} (order ${paid.orderId}) was already refunded by admin`);
    expect(await k.lastAudit('testingPlayers.refund')).toMatchObject({
      outcome: 'error',
      code: Codes.CONFLICT,
      target: paid.playerId,
      reason: 'twice',
    });
    expect(await totalsOf()).toEqual(after);

    await k.fails('testingPlayers.refund', { game, rechargeId: 999_999, reason: 'nothing' }, Codes.NOT_FOUND);
    expect(await k.lastAudit('testingPlayers.refund')).toMatchObject({
      target: 'recharge:999999',
      code: Codes.NOT_FOUND,
    });
    const other = (await recharges({ game: 'lw', status: 'paid' })).items[0] as TestingRecharge;
    await k.fails(
      'testingPlayers.refund',
      { game, rechargeId: other.id, reason: 'wrong game' },
      Codes.NOT_FOUND,
    );
    expect((await recharges({ game: 'lw', status: 'paid' })).items[0]?.id).toBe(other.id);
    await k.fails('testingPlayers.refund', { game, rechargeId: 'x', reason: 'bad id' }, Codes.VALIDATION);
    await k.fails('testingPlayers.refund', { game, rechargeId: other.id }, Codes.VALIDATION);
    await k.fails(
      'testingPlayers.refund',
      { game, rechargeId: other.id, reason: 'extra', amount: 1 },
      Codes.VALIDATION,
    );
  });
});
