import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type {
  Equipment,
  PlayerDetail,
  PlayerLog,
  PlayerRow,
  PlayerTabData,
} from '../../shared/api/players.js';
import type { AuditEntry } from '../../shared/api/users.js';
import type { EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { notExpired } from '../moderation/active.js';
import { backendKinds } from '../../tests/support/backends.js';
import { type Page, pid, useKit } from '../../tests/support/api-kit.js';

/**
 * Player actions (delete, activate, clear cache) with their audit entries, the statistics, and
 * that two backends make the same data for the same player.
 */

interface Stats {
  asOf: string;
  total: number;
  byState: { active: number; inactive: number; deleted: number };
  banned: number;
  testing: number;
  special: number;
  newToday: number;
  new7d: number;
  active1d: number;
  active7d: number;
  active30d: number;
  neverSignedIn: number;
  levels: { from: number; to: number; count: number }[];
  newPerDay: { day: string; count: number }[];
}

describe.each(backendKinds())('player actions and statistics on %s', (kind) => {
  const k = useKit(kind);

  const auditOf = (game: string, id: string) =>
    k.ok<Page<AuditEntry>>('players.audit', { game, id, pageSize: 50 });

  it('deletes a player (still viewable), refuses to delete twice, and activates them again', async () => {
    const q = { game: 'lw', id: pid('lw', 10) };
    const deleted = await k.ok<PlayerDetail>('players.delete', { ...q, reason: 'Account sold, ticket 881' });
    const now = new Date(k.t.clock.now).toISOString();
    expect(deleted).toMatchObject({ id: q.id, state: 'deleted', deletedAt: now });
    expect(await k.ok<PlayerDetail>('players.get', q)).toMatchObject({ state: 'deleted', deletedAt: now });
    await k.ok<PlayerTabData>('players.tab', { ...q, tab: 'info' });
    const found = await k.ok<Page<PlayerRow>>('players.search', { game: 'lw', id: q.id });
    expect(found.items[0]?.state).toBe('deleted');

    await k.advance(60);
    const msg = await k.fails('players.delete', { ...q, reason: 'twice' }, Codes.CONFLICT);
    expect(msg).toMatch(/already deleted/);
    // The refused call changed nothing: still deleted at the first time.
    expect(await k.ok<PlayerDetail>('players.get', q)).toMatchObject({ state: 'deleted', deletedAt: now });

    const active = await k.ok<PlayerDetail>('players.activate', { ...q, reason: 'Buyer refunded, restore' });
    expect(active).toMatchObject({ state: 'active', deletedAt: null });
    expect(await k.fails('players.activate', { ...q, reason: 'again' }, Codes.CONFLICT)).toMatch(
      /already active/,
    );

    const audit = await auditOf('lw', q.id);
    expect(audit.items.map((e) => `${e.action}:${e.outcome}`)).toEqual([
      'players.activate:error',
      'players.activate:ok',
      'players.delete:error',
      'players.delete:ok',
    ]);
    const [, activated, refused, first] = audit.items;
    expect(first).toMatchObject({
      operator: 'admin',
      game: 'lw',
      target: q.id,
      reason: 'Account sold, ticket 881',
      code: Codes.OK,
      before: { id: q.id, state: 'active', deletedAt: null },
      after: { id: q.id, state: 'deleted', deletedAt: now },
    });
    expect(refused).toMatchObject({ reason: 'twice', code: Codes.CONFLICT, before: { state: 'deleted' } });
    expect(activated).toMatchObject({
      reason: 'Buyer refunded, restore',
      before: { state: 'deleted' },
      after: { state: 'active', deletedAt: null },
    });
  });

  it('activates an inactive player; actions need a reason and a known player', async () => {
    const q = { game: 'ymmj', id: pid('ymmj', 11) };
    expect((await k.ok<PlayerDetail>('players.get', q)).state).toBe('inactive');
    expect(
      await k.ok<PlayerDetail>('players.activate', { ...q, reason: 'Came back, asked to reopen' }),
    ).toMatchObject({
      state: 'active',
    });
    await k.fails('players.delete', q, Codes.VALIDATION);
    await k.fails('players.delete', { ...q, reason: 'x' }, Codes.VALIDATION);
    await k.fails('players.delete', { game: 'ymmj', id: '424242', reason: 'nobody' }, Codes.NOT_FOUND);
    const row = await k.t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'players.delete')
      .where('target', '=', '424242')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'error', code: Codes.NOT_FOUND, reason: 'nobody', game: 'ymmj' });
  });

  it('audits clearing the cache with the tabs before and after', async () => {
    const q = { game: 'party', id: pid('party', 4) };
    await k.ok('players.tab', { ...q, tab: 'items' });
    await k.ok('players.tab', { ...q, tab: 'vips' });
    const r = await k.ok<{ cleared: string[] }>('players.clearCache', {
      ...q,
      reason: 'Player reports stale VIP',
    });
    expect(r.cleared).toEqual(['items', 'vips']);
    const [entry] = (await auditOf('party', q.id)).items;
    expect(entry).toMatchObject({
      action: 'players.clearCache',
      outcome: 'ok',
      reason: 'Player reports stale VIP',
      before: { cachedTabs: ['items', 'vips'] },
      after: { cachedTabs: [] },
    });
  });

  it('counts players by state, flag, activity, level and day, as the rows say', async () => {
    const db = k.t.backend.database.db;
    const now = new Date(k.t.clock.now);
    const s = await k.ok<Stats>('players.stats', { game: 'ymmj' });
    expect(s.asOf).toBe(now.toISOString());
    expect(s.total).toBe(20);
    expect(s.byState.active + s.byState.inactive + s.byState.deleted).toBe(s.total);
    expect(s.levels.reduce((n, b) => n + b.count, 0)).toBe(s.total);
    expect(s.levels[0]).toMatchObject({ from: 1, to: 10 });
    expect(s.newPerDay).toHaveLength(30);
    expect(s.newPerDay.at(-1)?.day).toBe(now.toISOString().slice(0, 10));
    expect(s.newPerDay.at(-1)?.count).toBe(s.newToday);
    // Row 17 is blacklisted with an expired entry: only row 3 counts as banned.
    expect(s).toMatchObject({ banned: 1, testing: 2, special: 2 });

    const count = async (where: RawBuilder<boolean>) =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from players where game = 'ymmj' and ${where}`.execute(db)
      ).rows[0]?.n;
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const windowStart = new Date(`${s.newPerDay[0]?.day}T00:00:00Z`);
    expect(s.newPerDay.reduce((n, d) => n + d.count, 0)).toBe(await count(sql`created_at >= ${windowStart}`));
    expect(s.newPerDay.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0);
    expect(s.new7d).toBe(await count(sql`created_at > ${ago(7)}`));
    expect(s.active1d).toBe(await count(sql`last_login_at > ${ago(1)}`));
    expect(s.active7d).toBe(await count(sql`last_login_at > ${ago(7)}`));
    expect(s.active30d).toBe(await count(sql`last_login_at > ${ago(30)}`));
    expect(s.neverSignedIn).toBe(await count(sql`last_login_at is null`));
    expect(s.byState.inactive).toBe(await count(sql`state = 'inactive'`));
    const banned = await sql<{ n: number }>`select count(*)::int as n from blacklist as bl
      where bl.game = 'ymmj' and bl.kind = 'player' and ${notExpired('bl', now)}`.execute(db);
    expect(s.banned).toBe(banned.rows[0]?.n);

    const week = await k.ok<Stats>('players.stats', { game: 'atomicwar', days: 7 });
    expect(week.newPerDay).toHaveLength(7);
    expect(week).toMatchObject({ testing: 0, special: 0 });
    await k.fails('players.stats', { game: 'ymmj', days: 5 }, Codes.VALIDATION);

    const before = await k.ok<Stats>('players.stats', { game: 'atomicwar' });
    await k.ok('players.delete', { game: 'atomicwar', id: pid('atomicwar', 2), reason: 'Fraud confirmed' });
    const after = await k.ok<Stats>('players.stats', { game: 'atomicwar' });
    expect(after.byState.deleted).toBe(before.byState.deleted + 1);
    expect(after.total).toBe(before.total);
  });

  describe('determinism', () => {
    const other = useKit('pglite');

    it('two backends make the same data for the same player', async () => {
      const both = <T>(id: EndpointId, input: Record<string, unknown>) =>
        Promise.all([k.ok<T>(id, input), other.ok<T>(id, input)]);
      const q = { game: 'ymmj', id: pid('ymmj', 14) };
      for (const tab of ['info', 'items', 'orders', 'heroes', 'chickenskills', 'steeltree']) {
        const [a, b] = await both<PlayerTabData>('players.tab', { ...q, tab, read: 'fresh' });
        expect(a.rows, tab).toEqual(b.rows);
      }
      const [ea, eb] = await both<{ items: Equipment[] }>('players.equipment', { ...q, read: 'fresh' });
      expect(ea.items).toEqual(eb.items);
      const strip = (p: Page<PlayerLog>) => p.items.map(({ id: _id, ...rest }) => rest);
      const [la, lb] = await both<Page<PlayerLog>>('players.prelogs', { ...q, pageSize: 200 });
      expect(la.total).toBe(lb.total);
      expect(strip(la)).toEqual(strip(lb));
    });
  });
});
