import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchAlert, WatchedServer } from '../../shared/api/serverWatch.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { startBackend, type RunningBackend } from '../backend.js';
import { SimulatedGameServer } from '../simulated/game-server.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { ApiClient, TEST_SCRYPT, TestClock, postgresUrl } from '../../tests/support/backends.js';

/**
 * Several backends on one PostgreSQL database: exactly one runs the checks (it holds the
 * advisory lock); an alert it appends reaches a long-poll on another backend within 1 s (the
 * notify bus; the safety poll alone would take 5 s); when it goes away
 * another takes over where it stopped (the incident it opened is the one that recovers).
 */
describe.skipIf(!postgresUrl())('server watch with two backends on PostgreSQL', () => {
  const clock = new TestClock();
  let dbName: string;
  let url: string;
  let first: RunningBackend;
  let second: RunningBackend;
  const stub = new SimulatedGameServer(
    { key: 'two-backends', game: 'lw', name: 'Shared', peakPlayers: 100, dailyIncome: 0 },
    clock.fn,
  );

  const start = (demo: boolean) =>
    startBackend({
      databaseUrl: url,
      demo,
      seedPlayers: 0,
      clock: clock.fn,
      auth: { scrypt: TEST_SCRYPT },
      serverWatch: { tickMs: 0, demo: false, spreadStart: false, leaderRetrySec: 1 },
    });

  beforeAll(async () => {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    url = await createDatabase(postgresUrl(), dbName);
    first = await start(true);
    second = await start(false);
    await stub.start(0);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await stub.stop();
    await dropDatabase(postgresUrl(), dbName);
  });

  it('runs the checks on one backend only, and its alerts reach a long-poll on the other within 1 s', async () => {
    await first.serverWatch?.leading;
    expect(first.serverWatch?.engine).not.toBeNull();
    expect(second.serverWatch?.engine).toBeNull();

    const api2 = new ApiClient(second.url);
    const token = (await api2.login('super')).authToken;
    const added = await api2.call<WatchedServer>(
      ENDPOINTS['serverWatch.save'],
      {
        name: 'Shared',
        game: 'lw',
        check: { kind: 'gameStatus', url: stub.statusUrl },
        intervalSec: 10,
        failuresToDown: 1,
      },
      token,
    );
    const id = added.body.Data.id;
    const engine = first.serverWatch?.engine;
    if (!engine) throw new Error('the first backend does not lead');
    await engine.runDue();
    const start = await api2.call<{ last: number }>(ENDPOINTS['serverWatch.events'], {}, token);

    const poll = api2.call<{ events: WatchAlert[] }>(
      ENDPOINTS['serverWatch.events'],
      { after: start.body.Data.last, wait: 25 },
      token,
    );
    let answeredAt = Number.POSITIVE_INFINITY;
    void poll.then(() => (answeredAt = Date.now()));
    await stub.stop();
    clock.advance(10);
    await engine.runDue();
    // Committed by now: the other backend hears it on the notify bus, not by its slow safety poll.
    const appendedAt = Date.now();
    const got = (await poll).body.Data.events;
    expect(got.map((e) => [e.serverId, e.kind])).toEqual([[id, 'down']]);
    expect(answeredAt - appendedAt).toBeLessThan(1000);
  });

  it('is taken over by the other backend when the one running the checks goes away', async () => {
    await first.close();
    await second.serverWatch?.leading;
    const engine = second.serverWatch?.engine;
    if (!engine) throw new Error('the second backend did not take over');
    await stub.start();
    clock.advance(10);
    await engine.runDue();
    const api2 = new ApiClient(second.url);
    const token = (await api2.login('super')).authToken;
    const alerts = (
      await api2.call<{ events: WatchAlert[] }>(ENDPOINTS['serverWatch.events'], { after: 0 }, token)
    ).body.Data.events;
    expect(alerts.map((a) => a.kind)).toEqual(['down', 'recovered']);
    expect(alerts[1]?.incidentId).toBe(alerts[0]?.incidentId);
    expect(alerts[1]?.seq).toBeGreaterThan(alerts[0]?.seq ?? 0);
  });
});
