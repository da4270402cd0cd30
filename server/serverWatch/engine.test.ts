import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, WatchAlert, WatchedServer } from '../../shared/api/serverWatch.js';
import { backendKinds } from '../../tests/support/backends.js';
import { WatchKit } from './test-kit.js';

/**
 * The watch engine over real loopback servers, on the test's clock: a server is down only after
 * its failed checks in a row, raises one alert per incident (and a reminder when asked), recovers
 * with one alert; paused and maintenance raise nothing; a mute marks what the operator muted.
 */
describe.each(backendKinds())('the watch engine on %s', (kind) => {
  let kit: WatchKit;
  beforeAll(async () => {
    kit = await WatchKit.open(kind);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('checks a new server at once and keeps what its status reports', async () => {
    const stub = await kit.stub('lw', 321, 45_600);
    const added = await kit.watch(stub);
    expect(added.state).toBe('unknown');
    await kit.engine.runDue();
    const s = await kit.server(added.id);
    expect(s).toMatchObject({ state: 'up', onlinePlayers: 321, incomeToday: 45_600, consecutiveFailures: 0 });
    expect(s.lastResponseMs).toBeGreaterThanOrEqual(0);
    expect(s.lastCheckAt).toBe(new Date(kit.t.clock.now).toISOString());
  });

  it('is down only after the configured failed checks, with one alert for the whole incident', async () => {
    const stub = await kit.stub('atomicwar');
    const s = await kit.watch(stub, { failuresToDown: 3 });
    await kit.engine.runDue();
    await stub.server.stop();
    const wentDownAt = kit.t.clock.now + 10_000;

    await kit.step(10);
    expect(await kit.server(s.id)).toMatchObject({ state: 'up', consecutiveFailures: 1, openIncident: null });
    expect((await kit.server(s.id)).lastError).toMatch(/^refused: /);
    await kit.step(10);
    expect(await kit.alertsOf(s.id)).toEqual([]);
    await kit.step(10);
    const down = await kit.server(s.id);
    expect(down).toMatchObject({ state: 'down', consecutiveFailures: 3 });
    expect(down.openIncident).toMatchObject({
      downSince: new Date(wentDownAt).toISOString(),
      failedChecks: 3,
    });

    // Still failing: no second alert.
    await kit.step(10);
    await kit.step(10);
    const alerts = await kit.alertsOf(s.id);
    expect(alerts.map((a) => a.kind)).toEqual(['down']);
    expect(alerts[0]).toMatchObject({
      serverName: s.name,
      game: 'atomicwar',
      incidentId: down.openIncident?.id,
      notify: true,
      muted: false,
    });
    expect(alerts[0]?.error).toMatch(/^refused: /);

    // Failed checks until it was declared down are the backend's events; the rest the incident counts.
    const failedEvents = await kit.db
      .selectFrom('system_events')
      .select('kind')
      .where('subject', '=', s.name)
      .orderBy('id')
      .execute();
    expect(failedEvents.map((e) => e.kind)).toEqual([
      'serverWatch.checkFailed',
      'serverWatch.checkFailed',
      'serverWatch.down',
    ]);

    await stub.server.start();
    await kit.step(10);
    const up = await kit.server(s.id);
    expect(up).toMatchObject({ state: 'up', consecutiveFailures: 0, openIncident: null });
    const after = await kit.alertsOf(s.id);
    expect(after.map((a) => a.kind)).toEqual(['down', 'recovered']);
    expect(after[1]).toMatchObject({ incidentId: after[0]?.incidentId, durationSec: 50, notify: true });

    const detail = await kit.ok<{ incidents: Incident[] }>('serverWatch.get', { id: s.id });
    expect(detail.incidents).toHaveLength(1);
    expect(detail.incidents[0]).toMatchObject({ endedBy: 'recovered', durationSec: 50, failedChecks: 5 });
  });

  it('reminds while down when asked, at the interval it was given', async () => {
    const stub = await kit.stub('ymmj');
    const s = await kit.watch(stub, { intervalSec: 60, failuresToDown: 1, remindEveryMin: 5 });
    await kit.engine.runDue();
    await stub.server.stop();
    await kit.step(60);
    for (let i = 0; i < 5; i++) await kit.step(60);
    await kit.signIn();
    expect((await kit.alertsOf(s.id)).map((a) => a.kind)).toEqual(['down', 'reminder']);
    for (let i = 0; i < 5; i++) await kit.step(60);
    await kit.signIn();
    const alerts = await kit.alertsOf(s.id);
    expect(alerts.map((a) => a.kind)).toEqual(['down', 'reminder', 'reminder']);
    expect(alerts[2]?.durationSec).toBe(600);
    expect((await kit.server(s.id)).openIncident?.reminders).toBe(2);
    await stub.server.start();
    await kit.step(60);
  });

  it('checks nothing while paused, ends the incident it had, and starts afresh when resumed', async () => {
    const stub = await kit.stub('party');
    const s = await kit.watch(stub, { failuresToDown: 1 });
    await kit.engine.runDue();
    await stub.server.stop();
    await kit.step(10);
    expect((await kit.server(s.id)).state).toBe('down');

    const paused = await kit.ok<WatchedServer>('serverWatch.pause', { id: s.id, reason: 'planned move' });
    expect(paused).toMatchObject({ state: 'paused', paused: true, openIncident: null });
    const served = stub.server.requests;
    await kit.step(10);
    await kit.step(10);
    expect(stub.server.requests).toBe(served);
    expect((await kit.alertsOf(s.id)).map((a) => a.kind)).toEqual(['down']);
    const detail = await kit.ok<{ incidents: Incident[] }>('serverWatch.get', { id: s.id });
    expect(detail.incidents[0]?.endedBy).toBe('paused');

    await stub.server.start();
    const resumed = await kit.ok<WatchedServer>('serverWatch.resume', { id: s.id });
    expect(resumed).toMatchObject({ state: 'unknown', paused: false });
    await kit.engine.runDue();
    expect((await kit.server(s.id)).state).toBe('up');
    // No recovery alert: the incident was ended by the pause, and nobody was told it is back.
    expect((await kit.alertsOf(s.id)).map((a) => a.kind)).toEqual(['down']);
  });

  it('raises nothing inside a maintenance window, and a recovery there is written down without notifying', async () => {
    const stub = await kit.stub('lw');
    const s = await kit.watch(stub, { failuresToDown: 2 });
    await kit.engine.runDue();
    const now = kit.t.clock.now;
    await kit.ok('serverWatch.addMaintenance', {
      id: s.id,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3600_000).toISOString(),
      note: 'patch day',
    });
    await stub.server.stop();
    for (let i = 0; i < 4; i++) await kit.step(10);
    const inside = await kit.server(s.id);
    expect(inside).toMatchObject({ state: 'maintenance', consecutiveFailures: 4, openIncident: null });
    expect(inside.maintenance?.note).toBe('patch day');
    expect(await kit.alertsOf(s.id)).toEqual([]);

    // Past the window, still failing: down at the next failed check.
    await kit.step(3600);
    expect((await kit.server(s.id)).state).toBe('down');
    const downAlerts = await kit.alertsOf(s.id);
    expect(downAlerts.map((a) => [a.kind, a.notify])).toEqual([['down', true]]);

    // A window opens while it is down, and it recovers inside: recorded, not notified.
    const later = kit.t.clock.now;
    await kit.ok('serverWatch.addMaintenance', {
      id: s.id,
      startsAt: new Date(later).toISOString(),
      endsAt: new Date(later + 600_000).toISOString(),
    });
    await stub.server.start();
    await kit.step(10);
    expect((await kit.server(s.id)).state).toBe('maintenance');
    expect((await kit.alertsOf(s.id)).map((a) => [a.kind, a.notify])).toEqual([
      ['down', true],
      ['recovered', false],
    ]);
  });

  it('marks what an operator muted, for them only, and only while the mute lasted', async () => {
    const stub = await kit.stub('atomicwar');
    const s = await kit.watch(stub, { failuresToDown: 1 });
    await kit.engine.runDue();
    await kit.ok(
      'serverWatch.mute',
      { serverId: s.id, until: new Date(kit.t.clock.now + 60_000).toISOString() },
      'admin',
    );
    await stub.server.stop();
    await kit.step(10);
    await stub.server.start();
    await kit.step(120);
    await stub.server.stop();
    await kit.step(10);

    const mine = (await kit.alertsOf(s.id, 'admin')).map((a: WatchAlert) => [a.kind, a.muted]);
    expect(mine).toEqual([
      ['down', true],
      ['recovered', false],
      ['down', false],
    ]);
    // The super-admin did not mute anything.
    expect((await kit.alertsOf(s.id, 'super')).every((a) => !a.muted)).toBe(true);
    await stub.server.start();
    await kit.step(10);
  });

  it('a change of target starts afresh and ends the incident; other changes keep the state', async () => {
    const stub = await kit.stub('ymmj');
    const other = await kit.stub('ymmj');
    const s = await kit.watch(stub, { failuresToDown: 1 });
    await kit.engine.runDue();
    await stub.server.stop();
    await kit.step(10);
    expect((await kit.server(s.id)).state).toBe('down');

    const renamed = await kit.ok<WatchedServer>('serverWatch.save', {
      id: s.id,
      name: `${s.name} (renamed)`,
      game: 'ymmj',
      check: s.check,
      intervalSec: 10,
      failuresToDown: 1,
    });
    expect(renamed).toMatchObject({ state: 'down', name: `${s.name} (renamed)` });
    await kit.step(10);
    expect((await kit.alertsOf(s.id)).map((a) => a.kind)).toEqual(['down']);

    const moved = await kit.ok<WatchedServer>('serverWatch.save', {
      id: s.id,
      name: renamed.name,
      game: 'ymmj',
      check: { kind: 'tcp', host: '127.0.0.1', port: other.server.port },
      intervalSec: 10,
      failuresToDown: 1,
    });
    expect(moved).toMatchObject({ state: 'unknown', openIncident: null, lastCheckAt: null });
    await kit.engine.runDue();
    expect((await kit.server(s.id)).state).toBe('up');
    const detail = await kit.ok<{ incidents: Incident[] }>('serverWatch.get', { id: s.id });
    expect(detail.incidents[0]?.endedBy).toBe('changed');
    expect((await kit.alertsOf(s.id)).map((a) => a.kind)).toEqual(['down']);
  });

  it('forgets a removed server: its check in flight lands nowhere and it is never checked again', async () => {
    const stub = await kit.stub('party');
    const s = await kit.watch(stub);
    await kit.engine.runDue();
    await kit.ok('serverWatch.delete', { id: s.id, reason: 'decommissioned' });
    const served = stub.server.requests;
    await kit.step(10);
    expect(stub.server.requests).toBe(served);
    const rows = await kit.db
      .selectFrom('server_watch_checks')
      .select('server_id')
      .where('server_id', '=', s.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
