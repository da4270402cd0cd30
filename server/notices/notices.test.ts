import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameFigures, NoticeRule } from '../../shared/api/notices.js';
import { studioTime } from '../../shared/api/notices.js';
import { backendKinds } from '../../tests/support/backends.js';
import { WatchKit } from '../serverWatch/test-kit.js';
import { evaluateCondition, nextNoticeState } from './evaluate.js';

/**
 * Message notices: thresholds on a game's online players and today's income, fired through the
 * alert log once per crossing, with their status shown and editable.
 */
describe.each(backendKinds())('message notices on %s', (kind) => {
  let kit: WatchKit;
  beforeAll(async () => {
    kit = await WatchKit.open(kind);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const noticeAlerts = async (ruleId: number, who: Parameters<WatchKit['alerts']>[0] = 'super') =>
    (await kit.alerts(who)).filter((a) => a.kind === 'notice' && a.notice?.ruleId === ruleId);

  it('fires once when the players cross the line, and again only after they came back and crossed again', async () => {
    const a = await kit.stub('lw', 100);
    const b = await kit.stub('lw', 50);
    await kit.watch(a);
    await kit.watch(b);
    const rule = await kit.ok<NoticeRule>('notices.save', {
      game: 'lw',
      kind: 'playersBelow',
      threshold: 120,
    });
    expect(rule).toMatchObject({ state: 'unknown', enabled: true, lastFiredAt: null });
    await kit.engine.runDue();
    let list = await kit.ok<{ items: NoticeRule[]; figures: GameFigures[] }>('notices.list', { game: 'lw' });
    expect(list.figures).toEqual([{ game: 'lw', onlinePlayers: 150, incomeToday: 0, servers: 2 }]);
    expect(list.items[0]).toMatchObject({ state: 'ok', lastValue: 150, lastFiredAt: null });

    a.players = 60;
    await kit.step(10);
    list = await kit.ok('notices.list', { game: 'lw' });
    expect(list.items[0]).toMatchObject({ state: 'crossed', lastValue: 110 });
    expect(list.items[0]?.lastFiredAt).toBe(new Date(kit.t.clock.now).toISOString());
    let alerts = await noticeAlerts(rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      game: 'lw',
      notify: true,
      notice: { kind: 'playersBelow', threshold: 120, value: 110, byHour: null },
    });

    a.players = 40;
    await kit.step(10);
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(1);

    a.players = 100;
    await kit.step(10);
    expect((await kit.ok<{ items: NoticeRule[] }>('notices.list', { game: 'lw' })).items[0]?.state).toBe(
      'ok',
    );
    a.players = 10;
    await kit.step(10);
    alerts = await noticeAlerts(rule.id);
    expect(alerts.map((x) => x.notice?.value)).toEqual([110, 60]);

    // The game's ADMIN hears it; another game's does not.
    expect(await noticeAlerts(rule.id, 'admin')).toHaveLength(2);
    expect(await noticeAlerts(rule.id, 'ymmj')).toHaveLength(0);
  });

  it('does not fire again when the figures blink out and back (a status server restarting)', async () => {
    const s = await kit.stub('party', 500);
    await kit.watch(s, { failuresToDown: 5 });
    const rule = await kit.ok<NoticeRule>('notices.save', {
      game: 'party',
      kind: 'playersAbove',
      threshold: 400,
    });
    await kit.engine.runDue();
    expect(await noticeAlerts(rule.id)).toHaveLength(1);
    await s.server.stop();
    await kit.step(10);
    expect(
      (await kit.ok<{ figures: GameFigures[] }>('notices.list', { game: 'party' })).figures[0]?.onlinePlayers,
    ).toBeNull();
    await s.server.start();
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(1);
  });

  it('holds the income to its line from the given hour of the studio’s day', async () => {
    // The test clock starts at 09:00 UTC, 17:00 in the studio (China Standard Time).
    expect(studioTime(kit.t.clock.now).hour).toBeGreaterThanOrEqual(17);
    const s = await kit.stub('ymmj', 10, 5000);
    await kit.watch(s);
    const hourNow = studioTime(kit.t.clock.now).hour;
    const rule = await kit.ok<NoticeRule>('notices.save', {
      game: 'ymmj',
      kind: 'incomeBelow',
      threshold: 10_000,
      byHour: hourNow + 1,
    });
    await kit.engine.runDue();
    expect(
      (await kit.ok<{ items: NoticeRule[] }>('notices.list', { game: 'ymmj' })).items.find(
        (r) => r.id === rule.id,
      )?.state,
    ).toBe('ok');
    expect(await noticeAlerts(rule.id)).toHaveLength(0);
    await kit.step(3600);
    const alerts = await noticeAlerts(rule.id);
    expect(alerts.map((a) => a.notice)).toEqual([
      { ruleId: rule.id, kind: 'incomeBelow', threshold: 10_000, value: 5000, byHour: hourNow + 1 },
    ]);
  });

  it('is turned off and on (rearmed: it fires at the next crossing), edited, removed, each audited', async () => {
    const s = await kit.stub('atomicwar', 5);
    await kit.watch(s);
    const rule = await kit.ok<NoticeRule>('notices.save', {
      game: 'atomicwar',
      kind: 'playersBelow',
      threshold: 10,
      enabled: false,
    });
    await kit.engine.runDue();
    expect(await noticeAlerts(rule.id)).toHaveLength(0);
    const on = await kit.ok<NoticeRule>('notices.setEnabled', { id: rule.id, enabled: true });
    expect(on).toMatchObject({ enabled: true, state: 'unknown' });
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(1);
    await kit.fails('notices.setEnabled', { id: rule.id, enabled: true }, Codes.CONFLICT);

    // Turned off and on again: the line is crossed already, so it fires once more.
    await kit.ok('notices.setEnabled', { id: rule.id, enabled: false, reason: 'noise' });
    await kit.step(10);
    await kit.ok('notices.setEnabled', { id: rule.id, enabled: true });
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(2);

    // A new line rearms it; a new note does not.
    await kit.ok('notices.save', {
      id: rule.id,
      game: 'atomicwar',
      kind: 'playersBelow',
      threshold: 10,
      note: 'watch the night',
    });
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(2);
    await kit.ok('notices.save', { id: rule.id, game: 'atomicwar', kind: 'playersBelow', threshold: 8 });
    await kit.step(10);
    expect(await noticeAlerts(rule.id)).toHaveLength(3);

    const audit = await kit.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'reason', 'outcome'])
      .where('action', 'like', 'notices.%')
      .where('target', 'like', `%notice ${rule.id})`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.action} ${a.outcome}`)).toEqual([
      'notices.save ok',
      'notices.setEnabled ok',
      'notices.setEnabled error',
      'notices.setEnabled ok',
      'notices.setEnabled ok',
      'notices.save ok',
      'notices.save ok',
    ]);
    expect(audit[3]?.reason).toBe('noise');

    await kit.fails('notices.delete', { id: rule.id }, Codes.VALIDATION);
    await kit.ok('notices.delete', { id: rule.id, reason: 'replaced' });
    await kit.fails('notices.delete', { id: rule.id, reason: 'again' }, Codes.NOT_FOUND);
    await kit.fails('notices.setEnabled', { id: rule.id, enabled: false }, Codes.NOT_FOUND);
  });

  it('pages the notices by game, or sorted by game or last fired both ways, ties in one order', async () => {
    for (const threshold of [10, 20, 30])
      await kit.ok('notices.save', { game: 'party', kind: 'playersAbove', threshold });
    await kit.ok('notices.save', { game: 'atomicwar', kind: 'playersAbove', threshold: 5 });
    type Rules = { items: NoticeRule[]; total: number; figures: GameFigures[] };
    const ids = async (sort: Record<string, string>) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const p = await kit.ok<Rules>('notices.list', { ...sort, page, pageSize: 2 });
        seen.push(...p.items.map((r) => r.id));
        if (p.items.length === 0 || seen.length >= p.total) return seen;
      }
    };
    const whole = (await kit.ok<Rules>('notices.list', { pageSize: 200 })).items;
    // Unsorted: by game, then in the order added; two at a time gives the same.
    expect(await ids({})).toEqual(whole.map((r) => r.id));
    expect(whole.map((r) => r.game)).toEqual(whole.map((r) => r.game).sort());
    for (const column of ['game', 'lastFiredAt']) {
      const up = await ids({ sort: column });
      expect(new Set(up).size).toBe(whole.length);
      expect(await ids({ sort: column, order: 'desc' })).toEqual([...up].reverse());
    }
    const party = whole.filter((r) => r.game === 'party').map((r) => r.id);
    expect(party).toEqual([...party].sort((a, b) => a - b));
    const message = await kit.fails('notices.list', { sort: 'threshold' }, Codes.VALIDATION);
    expect(message).toContain('sort by one of: game, lastFiredAt');
  });

  it('refuses notices that say nothing clear', async () => {
    const cases: Record<string, unknown>[] = [
      { game: 'lw', kind: 'incomeBelow', threshold: 100 },
      { game: 'lw', kind: 'playersBelow', threshold: 100, byHour: 18 },
      { game: 'lw', kind: 'playersBelow', threshold: -1 },
      { game: 'lw', kind: 'playersBelow', threshold: 1.5 },
      { game: 'lw', kind: 'incomeBelow', threshold: 100, byHour: 24 },
      { game: 'lw', kind: 'moonPhase', threshold: 1 },
      { game: 'nope', kind: 'playersBelow', threshold: 1 },
    ];
    for (const input of cases) await kit.fails('notices.save', input, Codes.VALIDATION);
    await kit.fails(
      'notices.save',
      { id: 987_654, game: 'lw', kind: 'playersBelow', threshold: 1 },
      Codes.NOT_FOUND,
    );
    await kit.fails('notices.list', {}, Codes.FORBIDDEN, 'admin');
  });
});

describe('a notice’s condition', () => {
  const figures = (onlinePlayers: number | null, incomeToday: number | null): GameFigures => ({
    game: 'lw',
    onlinePlayers,
    incomeToday,
    servers: 1,
  });
  // 2026-01-15 10:00 UTC = 18:00 in the studio.
  const at18 = Date.UTC(2026, 0, 15, 10, 0, 0);

  it('compares players strictly, and income only from its hour', () => {
    expect(
      evaluateCondition({ kind: 'playersBelow', threshold: 10, byHour: null }, figures(10, null), at18),
    ).toEqual({ value: 10, crossed: false });
    expect(
      evaluateCondition({ kind: 'playersAbove', threshold: 10, byHour: null }, figures(11, null), at18),
    ).toEqual({ value: 11, crossed: true });
    expect(
      evaluateCondition({ kind: 'incomeBelow', threshold: 100, byHour: 19 }, figures(1, 50), at18).crossed,
    ).toBe(false);
    expect(
      evaluateCondition({ kind: 'incomeBelow', threshold: 100, byHour: 18 }, figures(1, 50), at18).crossed,
    ).toBe(true);
    expect(
      evaluateCondition({ kind: 'incomeBelow', threshold: 100, byHour: 18 }, figures(1, null), at18),
    ).toEqual({ value: null, crossed: null });
  });

  it('fires on the way in only, and keeps its state when nothing is known', () => {
    expect(nextNoticeState('unknown', { value: 1, crossed: true })).toEqual({ state: 'crossed', fire: true });
    expect(nextNoticeState('ok', { value: 1, crossed: true })).toEqual({ state: 'crossed', fire: true });
    expect(nextNoticeState('crossed', { value: 1, crossed: true })).toEqual({
      state: 'crossed',
      fire: false,
    });
    expect(nextNoticeState('crossed', { value: null, crossed: null })).toEqual({
      state: 'crossed',
      fire: false,
    });
    expect(nextNoticeState('crossed', { value: 9, crossed: false })).toEqual({ state: 'ok', fire: false });
  });
});
