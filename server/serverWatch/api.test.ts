import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { Mute, WatchAlert, WatchedServer } from '../../shared/api/serverWatch.js';
import { backendKinds } from '../../tests/support/backends.js';
import { WatchKit } from './test-kit.js';

/**
 * The server watch calls as careless and hostile clients use them: every bad input gets a clear
 * error; alerts reach exactly the operators a server names; the long-poll answers as soon as
 * there is something, and only what the caller may see.
 */
describe.each(backendKinds())('server watch calls on %s', (kind) => {
  let kit: WatchKit;
  beforeAll(async () => {
    kit = await WatchKit.open(kind);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const base = { name: 'Gate 1', game: 'lw', check: { kind: 'tcp', host: '127.0.0.1', port: 9 } };

  it('refuses what cannot be watched, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'name'],
      [{ ...base, game: 'tetris' }, 'game'],
      [{ ...base, check: { kind: 'tcp', host: 'bad host!', port: 9 } }, 'check.host'],
      [{ ...base, check: { kind: 'tcp', host: '127.0.0.1', port: 70000 } }, 'check.port'],
      [{ ...base, check: { kind: 'http', url: 'ftp://x.example/' } }, 'check.url'],
      [{ ...base, check: { kind: 'http', url: 'https://user:pw@x.example/' } }, 'check.url'],
      [{ ...base, check: { kind: 'gameStatus', url: 'https://x.example/', expectStatus: 200 } }, 'check'],
      [{ ...base, check: { kind: 'ping', host: 'x' } }, 'check.kind'],
      [{ ...base, intervalSec: 4 }, 'intervalSec'],
      [{ ...base, intervalSec: 3601 }, 'intervalSec'],
      [{ ...base, intervalSec: 5, timeoutMs: 5000 }, 'timeoutMs'],
      [{ ...base, failuresToDown: 0 }, 'failuresToDown'],
      [{ ...base, remindEveryMin: 1 }, 'remindEveryMin'],
      [{ ...base, notify: { kind: 'operators', operatorIds: [] } }, 'notify.operatorIds'],
      [{ ...base, surprise: true }, ''],
      [{ ...base, name: 'a\u0000b' }, 'name'],
    ];
    for (const [input, field] of cases) {
      const r = await kit.call('serverWatch.save', input);
      expect(r.body.Status.Code, JSON.stringify(input)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toContain(field);
    }
  });

  it('refuses chosen operators who do not exist or cannot receive alerts', async () => {
    const ops = await kit.db.selectFrom('operators').select(['id', 'name']).execute();
    const id = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
    expect(
      await kit.fails(
        'serverWatch.save',
        { ...base, notify: { kind: 'operators', operatorIds: [999_999] } },
        Codes.VALIDATION,
      ),
    ).toContain('999999');
    expect(
      await kit.fails(
        'serverWatch.save',
        { ...base, notify: { kind: 'operators', operatorIds: [id('guest')] } },
        Codes.VALIDATION,
      ),
    ).toContain('guest');
    const ok = await kit.ok<WatchedServer>('serverWatch.save', {
      ...base,
      name: 'Gate chosen',
      notify: { kind: 'operators', operatorIds: [id('service'), id('service')] },
    });
    expect(ok.notify).toEqual({ kind: 'operators', operators: [{ id: id('service'), name: 'service' }] });
  });

  it('keeps names unique within a game, whatever their case, and says which server has it', async () => {
    const first = await kit.ok<WatchedServer>('serverWatch.save', { ...base, name: 'Shard A' });
    const msg = await kit.fails('serverWatch.save', { ...base, name: 'shard a' }, Codes.CONFLICT);
    expect(msg).toContain(String(first.id));
    // Another game may use it.
    await kit.ok('serverWatch.save', { ...base, name: 'Shard A', game: 'party' });
    // Renaming onto it is refused too; keeping one's own name is not.
    const second = await kit.ok<WatchedServer>('serverWatch.save', { ...base, name: 'Shard B' });
    await kit.fails('serverWatch.save', { ...base, id: second.id, name: 'SHARD A' }, Codes.CONFLICT);
    await kit.ok('serverWatch.save', { ...base, id: second.id, name: 'Shard B', note: 'edited' });
  });

  it('answers not found and conflicts plainly', async () => {
    await kit.fails('serverWatch.get', { id: 987_654 }, Codes.NOT_FOUND);
    await kit.fails('serverWatch.save', { ...base, id: 987_654, name: 'ghost' }, Codes.NOT_FOUND);
    await kit.fails('serverWatch.delete', { id: 987_654, reason: 'gone' }, Codes.NOT_FOUND);
    await kit.fails('serverWatch.get', { id: 'abc' }, Codes.VALIDATION);
    const s = await kit.ok<WatchedServer>('serverWatch.save', { ...base, name: 'Pausable' });
    await kit.fails('serverWatch.resume', { id: s.id }, Codes.CONFLICT);
    await kit.ok('serverWatch.pause', { id: s.id, reason: 'moving racks' });
    await kit.fails('serverWatch.pause', { id: s.id, reason: 'again' }, Codes.CONFLICT);
    await kit.fails('serverWatch.pause', { id: s.id }, Codes.VALIDATION);
    await kit.fails('serverWatch.delete', { id: s.id }, Codes.VALIDATION);
    await kit.fails('serverWatch.delete', { id: s.id, reason: ' ' }, Codes.VALIDATION);
    await kit.fails(
      'serverWatch.deleteMaintenance',
      { id: s.id, windowId: 5, reason: 'x y' },
      Codes.NOT_FOUND,
    );
  });

  it('keeps a reason out of the URL: a DELETE with a query string is refused', async () => {
    const s = await kit.ok<WatchedServer>('serverWatch.save', { ...base, name: 'Query' });
    const r = await kit.t.api.request('DELETE', `/api/v1/sr/admin/serverwatch/${s.id}?reason=oops`, {
      token: kit.tokens.super,
      json: { reason: 'in the body' },
    });
    expect(r.body.Status.Code).toBe(Codes.VALIDATION);
    expect((await kit.server(s.id)).id).toBe(s.id);
  });

  it('checks maintenance windows: in order, in the future, at most 30 days', async () => {
    const s = await kit.ok<WatchedServer>('serverWatch.save', { ...base, name: 'Windows' });
    const at = (sec: number) => new Date(kit.t.clock.now + sec * 1000).toISOString();
    expect(
      await kit.fails(
        'serverWatch.addMaintenance',
        { id: s.id, startsAt: at(100), endsAt: at(50) },
        Codes.VALIDATION,
      ),
    ).toContain('endsAt');
    await kit.fails(
      'serverWatch.addMaintenance',
      { id: s.id, startsAt: at(-100), endsAt: at(-50) },
      Codes.VALIDATION,
    );
    await kit.fails(
      'serverWatch.addMaintenance',
      { id: s.id, startsAt: at(0), endsAt: at(31 * 86400) },
      Codes.VALIDATION,
    );
    await kit.fails(
      'serverWatch.addMaintenance',
      { id: s.id, startsAt: 'tomorrow', endsAt: at(60) },
      Codes.VALIDATION,
    );
    const w = await kit.ok<{ id: number }>('serverWatch.addMaintenance', {
      id: s.id,
      startsAt: at(60),
      endsAt: at(120),
    });
    expect((await kit.server(s.id)).maintenance?.id).toBe(w.id);
    await kit.ok('serverWatch.deleteMaintenance', { id: s.id, windowId: w.id, reason: 'cancelled' });
    expect((await kit.server(s.id)).maintenance).toBeNull();
  });

  it('tests a check without saving it', async () => {
    const stub = await kit.stub('ymmj', 77, 1200);
    const found = await kit.ok<{ ok: boolean; onlinePlayers: number; incomeToday: number }>(
      'serverWatch.test',
      {
        kind: 'gameStatus',
        url: stub.server.statusUrl,
      },
    );
    expect(found).toMatchObject({ ok: true, onlinePlayers: 77, incomeToday: 1200 });
    await stub.server.stop();
    const refused = await kit.ok<{ ok: boolean; error: string }>('serverWatch.test', {
      kind: 'tcp',
      host: '127.0.0.1',
      port: stub.server.port,
    });
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^refused: /);
    expect(
      await kit.fails('serverWatch.test', { kind: 'tcp', host: '127.0.0.1' }, Codes.VALIDATION),
    ).toContain('port');
    expect(await kit.fails('serverWatch.test', { kind: 'http', url: 'nope' }, Codes.VALIDATION)).toContain(
      'url',
    );
    await kit.fails('serverWatch.test', { kind: 'tcp', host: '127.0.0.1', port: '0x50' }, Codes.VALIDATION);
    await stub.server.start();
  });

  it('lists down servers first, filters by game, state and text, and counts every state', async () => {
    const stub = await kit.stub('atomicwar');
    const s = await kit.watch(stub, { name: 'Listing target', failuresToDown: 1 });
    await kit.engine.runDue();
    await stub.server.stop();
    await kit.step(10);
    const all = await kit.ok<{ items: WatchedServer[]; summary: Record<string, number>; total: number }>(
      'serverWatch.list',
      {},
    );
    expect(all.items[0]?.state).toBe('down');
    expect(all.summary.down).toBeGreaterThanOrEqual(1);
    expect(Object.values(all.summary).reduce((a, b) => a + b, 0)).toBe(all.total);
    const found = await kit.ok<{ items: WatchedServer[] }>('serverWatch.list', {
      q: 'listing tar',
      game: 'atomicwar',
    });
    expect(found.items.map((i) => i.id)).toEqual([s.id]);
    const byTarget = await kit.ok<{ items: WatchedServer[] }>('serverWatch.list', {
      q: `:${stub.server.port}/`,
    });
    expect(byTarget.items.map((i) => i.id)).toEqual([s.id]);
    const none = await kit.ok<{ items: WatchedServer[] }>('serverWatch.list', { q: 'listing', game: 'lw' });
    expect(none.items).toEqual([]);
    await kit.fails('serverWatch.list', { state: 'sleeping' }, Codes.VALIDATION);
    await stub.server.start();
    await kit.step(10);
  });

  it('sorts the list by name, game or since when, both ways, ties in one order across pages', async () => {
    const stub = await kit.stub('lw');
    // Two servers of one game: a tie when sorted by game.
    await kit.watch(stub, { name: 'Sorting b' });
    await kit.watch(stub, { name: 'Sorting a' });
    await kit.watch(await kit.stub('ymmj'), { name: 'Sorting c' });
    type ListPage = { items: WatchedServer[]; total: number };
    const ids = async (sort: Record<string, string>, pageSize: number) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const p = await kit.ok<ListPage>('serverWatch.list', { ...sort, page, pageSize });
        seen.push(...p.items.map((i) => i.id));
        if (p.items.length === 0 || seen.length >= p.total) return seen;
      }
    };
    for (const column of ['name', 'game', 'stateSince']) {
      const up = await ids({ sort: column }, 200);
      expect(up.length).toBeGreaterThanOrEqual(3);
      // Paged two at a time: the same order, nothing twice, nothing left out.
      expect(await ids({ sort: column }, 2)).toEqual(up);
      expect(await ids({ sort: column, order: 'desc' }, 2)).toEqual([...up].reverse());
    }
    const byGame = (await kit.ok<ListPage>('serverWatch.list', { sort: 'game', pageSize: 200 })).items;
    const games = byGame.map((i) => i.game);
    expect(games).toEqual([...games].sort());
    const lw = byGame.filter((i) => i.game === 'lw').map((i) => i.id);
    expect(lw).toEqual([...lw].sort((a, b) => a - b));
    const message = await kit.fails('serverWatch.list', { sort: 'target' }, Codes.VALIDATION);
    expect(message).toContain('sort by one of: name, game, stateSince');
  });

  it('sends each alert to whom the server names: the game’s SUPER and ADMIN, or the operators chosen', async () => {
    const ops = await kit.db.selectFrom('operators').select(['id', 'name']).execute();
    const id = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
    const aw = await kit.stub('atomicwar');
    const chosen = await kit.stub('ymmj');
    const awServer = await kit.watch(aw, { failuresToDown: 1 });
    const chosenServer = await kit.watch(chosen, {
      failuresToDown: 1,
      notify: { kind: 'operators', operatorIds: [id('service')] },
    });
    await kit.engine.runDue();
    await aw.server.stop();
    await chosen.server.stop();
    await kit.step(10);

    const seen = async (who: Parameters<WatchKit['alerts']>[0]) =>
      new Set((await kit.alerts(who)).map((a) => a.serverId));
    const superSees = await seen('super');
    expect(superSees.has(awServer.id)).toBe(true);
    expect(superSees.has(chosenServer.id)).toBe(false);
    expect((await seen('admin')).has(awServer.id)).toBe(true);
    expect((await seen('atomicwar')).has(awServer.id)).toBe(true);
    expect((await seen('ymmj')).has(awServer.id)).toBe(false);
    const service = await seen('service');
    expect(service.has(chosenServer.id)).toBe(true);
    expect(service.has(awServer.id)).toBe(false);
    await kit.fails('serverWatch.events', { after: 0 }, Codes.FORBIDDEN, 'guest');

    // The down count is the caller's too.
    const down = async (who: Parameters<WatchKit['alerts']>[0]) =>
      (await kit.ok<{ down: number }>('serverWatch.events', {}, who)).down;
    expect(await down('service')).toBe(1);
    expect(await down('ymmj')).toBe(0);

    // One cannot mute what one is not told about.
    await kit.fails('serverWatch.mute', { serverId: awServer.id }, Codes.FORBIDDEN, 'ymmj');
    await aw.server.start();
    await chosen.server.start();
    await kit.step(10);
  });

  it('long-polls: answers at once when there is something newer, else when an alert comes', async () => {
    const latest = await kit.ok<{ last: number; events: WatchAlert[] }>('serverWatch.events', {});
    const stub = await kit.stub('party');
    const s = await kit.watch(stub, { failuresToDown: 1 });
    await kit.engine.runDue();

    // Nothing newer: the poll waits until the engine decides the server is down.
    const waiting = kit.call<{ events: WatchAlert[]; last: number }>('serverWatch.events', {
      after: latest.last,
      wait: 25,
    });
    let answered = false;
    void waiting.then(() => (answered = true));
    await stub.server.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await kit.step(10);
    const got = (await waiting).body.Data;
    expect(got.events.map((e) => [e.serverId, e.kind])).toEqual([[s.id, 'down']]);
    expect(got.last).toBe(got.events[0]?.seq);

    // Already newer: at once, even with a long wait.
    const again = await kit.ok<{ events: WatchAlert[] }>('serverWatch.events', {
      after: latest.last,
      wait: 25,
    });
    expect(again.events.map((e) => e.kind)).toEqual(['down']);

    // Past the end (a log that was reset): told where the end is.
    const past = await kit.ok<{ events: WatchAlert[]; last: number }>('serverWatch.events', {
      after: got.last + 1000,
      wait: 25,
    });
    expect(past.last).toBe(got.last);

    await kit.fails('serverWatch.events', { after: -1 }, Codes.VALIDATION);
    await kit.fails('serverWatch.events', { after: 0, wait: 26 }, Codes.VALIDATION);
    await stub.server.start();
    await kit.step(10);
  });

  it('marks an alert muted for the operator who muted its server, even while their long-poll was waiting', async () => {
    const stub = await kit.stub('atomicwar');
    const s = await kit.watch(stub, { failuresToDown: 1 });
    await kit.engine.runDue();
    const { last } = await kit.ok<{ last: number }>('serverWatch.events', {}, 'admin');
    // Main's long-poll is nearly always waiting: the operator mutes while it waits.
    const waiting = kit.call<{ events: WatchAlert[] }>(
      'serverWatch.events',
      { after: last, wait: 25 },
      'admin',
    );
    const superWaiting = kit.call<{ events: WatchAlert[] }>(
      'serverWatch.events',
      { after: last, wait: 25 },
      'super',
    );
    await new Promise((r) => setTimeout(r, 300));
    await kit.ok('serverWatch.mute', { serverId: s.id }, 'admin');
    await stub.server.stop();
    await kit.step(10);

    const got = (await waiting).body.Data.events.filter((e) => e.serverId === s.id);
    expect(got.map((e) => [e.kind, e.muted])).toEqual([['down', true]]);
    // Nobody else muted it.
    const others = (await superWaiting).body.Data.events.filter((e) => e.serverId === s.id);
    expect(others.map((e) => [e.kind, e.muted])).toEqual([['down', false]]);
    // Read again later, it is still muted for the operator who muted it.
    expect((await kit.alertsOf(s.id, 'admin')).map((e) => e.muted)).toEqual([true]);

    await kit.ok('serverWatch.unmute', { serverId: s.id }, 'admin');
    await stub.server.start();
    await kit.step(10);
  });

  it('keeps each operator’s mutes to themselves: one per scope, replaced, lifted, never someone else’s', async () => {
    const all = await kit.ok<Mute>('serverWatch.mute', {}, 'service');
    expect(all).toMatchObject({ serverId: null, until: null });
    const replaced = await kit.ok<Mute>(
      'serverWatch.mute',
      { until: new Date(kit.t.clock.now + 3600_000).toISOString() },
      'service',
    );
    const mine = await kit.ok<{ mutes: Mute[] }>('serverWatch.mutes', {}, 'service');
    expect(mine.mutes.map((m) => m.id)).toEqual([replaced.id]);
    expect((await kit.ok<{ mutes: Mute[] }>('serverWatch.mutes', {}, 'admin')).mutes).toEqual([]);
    // Another operator lifting "their" mute lifts nothing of this one.
    expect(await kit.ok('serverWatch.unmute', {}, 'admin')).toEqual({ deleted: false });
    await kit.fails(
      'serverWatch.mute',
      { until: new Date(kit.t.clock.now - 1000).toISOString() },
      Codes.VALIDATION,
      'service',
    );
    await kit.fails('serverWatch.mute', { serverId: 987_654 }, Codes.NOT_FOUND, 'service');
    expect(
      (await kit.ok<{ mutes: Mute[] }>('serverWatch.mutes', {}, 'service')).mutes.map((m) => m.id),
    ).toEqual([replaced.id]);
    expect(await kit.ok('serverWatch.unmute', { serverId: null }, 'service')).toEqual({ deleted: true });
    expect(await kit.ok('serverWatch.unmute', {}, 'service')).toEqual({ deleted: false });
    expect((await kit.ok<{ mutes: Mute[] }>('serverWatch.mutes', {}, 'service')).mutes).toEqual([]);
    await kit.fails('serverWatch.unmute', { serverId: 987_654 }, Codes.NOT_FOUND, 'service');
    await kit.fails('serverWatch.mutes', {}, Codes.FORBIDDEN, 'guest');
  });

  it('keeps the page to the super-admin', async () => {
    await kit.fails('serverWatch.list', {}, Codes.FORBIDDEN, 'admin');
    await kit.fails('serverWatch.save', { ...base, name: 'By admin' }, Codes.FORBIDDEN, 'admin');
    await kit.fails(
      'serverWatch.test',
      { kind: 'tcp', host: '127.0.0.1', port: 9 },
      Codes.FORBIDDEN,
      'service',
    );
  });
});
