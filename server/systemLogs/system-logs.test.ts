import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOG_COUNT_CAP,
  LOG_EXPORT_CAP,
  type SystemEvent,
  type SystemLogEntry,
  type SystemLogRow,
} from '../../shared/api/systemLogs.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * System logs over HTTP on both databases: the audit trail filtered by operator, kind, action,
 * game, outcome and time range, paged by the server with a capped total; one entry with its
 * before and after; the export; the backend's own events; SUPER only; bad filters refused.
 * The rows are put straight into the tables at known times, so every filter's answer is known.
 */

type Who = 'super' | 'admin';
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalCapped: boolean;
}

const BASE = Date.UTC(2026, 0, 10, 0, 0, 0);
const hour = (h: number) => new Date(BASE + h * 3_600_000);
/** The entries the tests put in: two operators, both kinds, three games and none, both outcomes. */
const ROWS = Array.from({ length: 60 }, (_, i) => ({
  at: hour(i),
  operator: i % 3 === 0 ? 'alice' : 'bob',
  action: i % 5 === 0 ? 'auth.login' : i % 2 === 0 ? 'players.delete' : 'moderation.banHero',
  game: i % 5 === 0 ? null : (['ymmj', 'lw', 'atomicwar'] as const)[i % 3],
  outcome: i % 7 === 0 ? ('error' as const) : ('ok' as const),
}));

describe.each(backendKinds())('system logs on %s', (kind) => {
  let t: TestBackend;
  const tokens = new Map<Who, string>();
  const db = () => t.backend.database.db;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    tokens.set('super', (await t.api.login('super')).authToken);
    tokens.set('admin', (await t.api.login('admin')).authToken);
    await db()
      .insertInto('audit_log')
      .values(
        ROWS.map((r, i) => ({
          at: r.at,
          operator_id: null,
          operator: r.operator,
          action: r.action,
          game: r.game,
          target: `target-${i}`,
          reason: r.action === 'auth.login' ? null : `reason ${i}`,
          outcome: r.outcome,
          code: r.outcome === 'ok' ? Codes.OK : Codes.CONFLICT,
          before: i === 2 ? JSON.stringify({ level: 3, name: 'old' }) : null,
          after: i === 2 ? JSON.stringify({ level: 4, name: 'old' }) : null,
          client_ip: '10.0.0.1',
        })),
      )
      .execute();
    await db()
      .insertInto('system_events')
      .values([
        {
          at: hour(1),
          kind: 'serverWatch.checkFailed',
          level: 'warn',
          game: 'ymmj',
          subject: 'zone-1',
          detail: null,
        },
        {
          at: hour(2),
          kind: 'serverWatch.down',
          level: 'error',
          game: 'ymmj',
          subject: 'zone-1',
          detail: null,
        },
        {
          at: hour(3),
          kind: 'batchFix.finished',
          level: 'info',
          game: 'lw',
          subject: 'batchfix1',
          detail: null,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T>(id: EndpointId, input: Record<string, unknown>, who: Who = 'super') =>
    t.api.call<T>(ENDPOINTS[id], input, tokens.get(who));
  async function ok<T>(id: EndpointId, input: Record<string, unknown>): Promise<T> {
    const r = await call<T>(id, input);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  /** The test's own entries only (the backend writes its own, for the sign-ins above). */
  const inRange = { from: hour(0).toISOString(), to: hour(60).toISOString() };
  const expected = (pred: (r: (typeof ROWS)[number]) => boolean) =>
    ROWS.map((r, i) => ({ ...r, i }))
      .filter(pred)
      .reverse()
      .map((r) => `target-${r.i}`);
  const targets = async (filter: Record<string, unknown>) => {
    const page = await ok<Page<SystemLogRow>>('systemLogs.audit', { ...inRange, ...filter, pageSize: 100 });
    expect(page.total).toBe(page.items.length);
    return page.items.map((r) => r.target);
  };

  it('filters by operator, kind, action, game, outcome and time, newest first', async () => {
    expect(await targets({})).toEqual(expected(() => true));
    expect(await targets({ operator: 'alice' })).toEqual(expected((r) => r.operator === 'alice'));
    expect(await targets({ kind: 'sessions' })).toEqual(expected((r) => r.action.startsWith('auth.')));
    expect(await targets({ kind: 'actions' })).toEqual(expected((r) => !r.action.startsWith('auth.')));
    expect(await targets({ action: 'players.delete' })).toEqual(
      expected((r) => r.action === 'players.delete'),
    );
    expect(await targets({ game: 'lw' })).toEqual(expected((r) => r.game === 'lw'));
    expect(await targets({ game: 'none' })).toEqual(expected((r) => r.game === null));
    expect(await targets({ outcome: 'error', operator: 'bob' })).toEqual(
      expected((r) => r.outcome === 'error' && r.operator === 'bob'),
    );
    expect(await targets({ from: hour(10).toISOString(), to: hour(13).toISOString() })).toEqual([
      'target-12',
      'target-11',
      'target-10',
    ]);
  });

  it('pages on the server, keeps before/after out of the list and says which rows have them', async () => {
    const p1 = await ok<Page<SystemLogRow>>('systemLogs.audit', { ...inRange, pageSize: 25 });
    const p3 = await ok<Page<SystemLogRow>>('systemLogs.audit', { ...inRange, pageSize: 25, page: 3 });
    expect([p1.total, p1.items.length, p3.items.length, p1.totalCapped]).toEqual([60, 25, 10, false]);
    expect(p1.items[0]?.target).toBe('target-59');
    expect(p3.items.at(-1)?.target).toBe('target-0');
    expect(JSON.stringify(p1)).not.toContain('"before"');
    const withChanges = p3.items.find((r) => r.target === 'target-2');
    expect(withChanges?.hasChanges).toBe(true);
    expect(p3.items.find((r) => r.target === 'target-3')?.hasChanges).toBe(false);
  });

  it('opens one entry with its before and after; an unknown one is 40400', async () => {
    const list = await ok<Page<SystemLogRow>>('systemLogs.audit', {
      ...inRange,
      operator: 'bob',
      pageSize: 100,
    });
    const id = list.items.find((r) => r.target === 'target-2')?.id;
    const entry = await ok<SystemLogEntry>('systemLogs.entry', { entryId: id });
    expect(entry).toMatchObject({
      target: 'target-2',
      operator: 'bob',
      before: { level: 3, name: 'old' },
      after: { level: 4, name: 'old' },
      clientIp: '10.0.0.1',
    });
    const missing = await call('systemLogs.entry', { entryId: 99_999_999 });
    expect(missing.body.Status.Code).toBe(Codes.NOT_FOUND);
  });

  it('exports the filtered rows with before and after, up to the cap', async () => {
    const out = await ok<{ items: SystemLogEntry[]; capped: boolean; cap: number }>('systemLogs.export', {
      ...inRange,
      game: 'atomicwar',
    });
    expect(out.items.map((r) => r.target)).toEqual(expected((r) => r.game === 'atomicwar'));
    expect(out).toMatchObject({ capped: false, cap: LOG_EXPORT_CAP });
    expect(out.items.find((r) => r.target === 'target-2')?.after).toEqual({ level: 4, name: 'old' });
  });

  it("lists the backend's own events by area, kind, level and game, and the kinds it has seen", async () => {
    const events = async (filter: Record<string, unknown>) =>
      (await ok<Page<SystemEvent>>('systemLogs.events', { ...inRange, ...filter })).items.map((e) => e.kind);
    expect(await events({ area: 'serverWatch' })).toEqual(['serverWatch.down', 'serverWatch.checkFailed']);
    expect(await events({ kind: 'batchFix.finished' })).toEqual(['batchFix.finished']);
    expect(await events({ level: 'error' })).toEqual(['serverWatch.down']);
    expect(await events({ game: 'lw' })).toEqual(['batchFix.finished']);
    // The backend's start and migrations are recorded by the backend itself, outside the range above.
    const all = await ok<Page<SystemEvent>>('systemLogs.events', { area: 'backend' });
    expect(all.items.map((e) => e.kind)).toContain('backend.started');
    const kinds = await ok<{ kinds: string[] }>('systemLogs.eventKinds', {});
    expect(kinds.kinds).toEqual(
      expect.arrayContaining(['backend.started', 'batchFix.finished', 'serverWatch.down']),
    );
    expect([...kinds.kinds].sort()).toEqual(kinds.kinds);
  });

  it('caps the total of a broad filter and says so', async () => {
    const more = LOG_COUNT_CAP + 5 - 60;
    const at = hour(100);
    const rows = Array.from({ length: more }, (_, i) => ({
      at,
      operator_id: null,
      operator: 'bulk',
      action: 'players.delete',
      game: 'ymmj',
      target: `bulk-${i}`,
      reason: 'bulk',
      outcome: 'ok' as const,
      code: Codes.OK,
      before: null,
      after: null,
      client_ip: '10.0.0.2',
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await db()
        .insertInto('audit_log')
        .values(rows.slice(i, i + 2000))
        .execute();
    const page = await ok<Page<SystemLogRow>>('systemLogs.audit', {
      from: hour(0).toISOString(),
      pageSize: 10,
    });
    expect([page.total, page.totalCapped]).toEqual([LOG_COUNT_CAP, true]);
    const bulk = await ok<Page<SystemLogRow>>('systemLogs.audit', { operator: 'bulk', pageSize: 10 });
    expect([bulk.total, bulk.totalCapped]).toEqual([more, false]);
  });

  it('refuses bad filters with a message that says what is wanted, and anyone but a SUPER', async () => {
    const bad = async (input: Record<string, unknown>, pattern: RegExp) => {
      const r = await call('systemLogs.audit', input);
      expect(r.body.Status.Code, JSON.stringify(input)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(pattern);
    };
    await bad({ from: 'yesterday' }, /ISO date-time/);
    await bad({ from: hour(5).toISOString(), to: hour(1).toISOString() }, /after from/);
    await bad({ action: 'delete everything' }, /action id/);
    await bad({ game: 'tetris' }, /game/i);
    await bad({ page: LOG_COUNT_CAP + 1 }, /page/);
    await bad({ outcome: 'maybe' }, /outcome|ok|error/);
    const denied = await call('systemLogs.audit', {}, 'admin');
    expect(denied.body.Status.Code).toBe(Codes.FORBIDDEN);
    const events = await call('systemLogs.events', { area: 'no such area!' });
    expect(events.body.Status.Code).toBe(Codes.VALIDATION);
  });

  it('sorts the trail and the events by time both ways, entries of one instant in one order across pages', async () => {
    // Three entries of one instant, after the others: ties on the time.
    await db()
      .insertInto('audit_log')
      .values(
        [0, 1, 2].map((i) => ({
          at: hour(70),
          operator_id: null,
          operator: 'carol',
          action: 'players.delete',
          game: 'lw',
          target: `tie-${i}`,
          reason: 'ties',
          outcome: 'ok' as const,
          code: Codes.OK,
          before: null,
          after: null,
          client_ip: '10.0.0.1',
        })),
      )
      .execute();
    const range = { from: hour(0).toISOString(), to: hour(71).toISOString() };
    const paged = async (id: 'systemLogs.audit' | 'systemLogs.events', sort: Record<string, string>) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const p = await ok<Page<{ id: number }>>(id, { ...range, ...sort, page, pageSize: 7 });
        seen.push(...p.items.map((r) => r.id));
        if (p.items.length === 0 || seen.length >= p.total) return seen;
      }
    };
    for (const id of ['systemLogs.audit', 'systemLogs.events'] as const) {
      const oldest = await paged(id, { sort: 'at' });
      expect(new Set(oldest).size, id).toBe(oldest.length);
      expect(await paged(id, { sort: 'at', order: 'desc' })).toEqual([...oldest].reverse());
      // Unsorted, a log reads newest first: the same as sorted by time backwards.
      expect(await paged(id, {})).toEqual([...oldest].reverse());
      const bad = await call(id, { sort: 'operator' });
      expect(bad.body.Status.Code).toBe(Codes.VALIDATION);
      expect(bad.body.Status.Message).toContain('sort by one of: at');
    }
    const trail = await ok<Page<SystemLogRow>>('systemLogs.audit', { ...range, sort: 'at', pageSize: 100 });
    expect(trail.items.slice(-3).map((r) => r.target)).toEqual(['tie-0', 'tie-1', 'tie-2']);
  });
});
