import { afterEach, describe, expect, it } from 'vitest';
import { runCheck } from '../serverWatch/checks.js';
import { TestClock } from '../../tests/support/backends.js';
import { DEMO_FLAPS, DEMO_FLEET, SimulatedFleet, isScheduledDown } from './fleet.js';
import { incomeTodayAt, onlinePlayersAt } from './figures.js';

/** The simulated game servers: real loopback servers, down and back on a schedule or on demand. */
describe('the simulated game servers', () => {
  let fleet: SimulatedFleet | undefined;
  afterEach(async () => {
    await fleet?.close();
    fleet = undefined;
  });

  it('answer a status with the players and today’s income, and a plain health page', async () => {
    const clock = new TestClock();
    fleet = await SimulatedFleet.start({ specs: DEMO_FLEET, clock: clock.fn });
    expect(fleet.servers).toHaveLength(8);
    const s = fleet.get('ymmj-1');
    const res = await fetch(s.statusUrl);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      game: 'ymmj',
      server: 'Secret Realm S1',
      status: 'ok',
      onlinePlayers: onlinePlayersAt(clock.now, s.spec.peakPlayers, 'ymmj-1'),
      incomeToday: incomeTodayAt(clock.now, s.spec.dailyIncome),
      currency: 'CNY',
      day: '2026-01-15',
      at: '2026-01-15T09:00:00.000Z',
    });
    expect(await (await fetch(s.healthUrl)).text()).toBe('ok');
    expect((await fetch(`${s.url}/nothing`)).status).toBe(404);
  });

  it('go down for real (a refused connection) and come back on the same port, on demand', async () => {
    fleet = await SimulatedFleet.start({ specs: DEMO_FLEET, clock: new TestClock().fn });
    const s = fleet.get('lw-2');
    const port = s.port;
    await fleet.stopServer('lw-2');
    expect(s.isUp).toBe(false);
    const down = await runCheck({ kind: 'tcp', host: '127.0.0.1', port }, 1000);
    expect(down.error).toMatch(/^refused: /);
    await fleet.startServer('lw-2');
    expect(s.port).toBe(port);
    expect((await runCheck({ kind: 'http', url: s.healthUrl, expectStatus: 200 }, 1000)).ok).toBe(true);
  });

  it('follow a deterministic outage schedule counted from their start', async () => {
    const clock = new TestClock();
    const flap = { key: 'party-1', firstDownAfterSec: 300, downForSec: 120, everySec: 1200 };
    fleet = await SimulatedFleet.start({ specs: DEMO_FLEET, clock: clock.fn, flaps: [flap] });
    const s = fleet.get('party-1');
    const seen: boolean[] = [];
    for (const at of [0, 299, 300, 419, 420, 1499, 1500, 1619, 1620]) {
      clock.now = Date.UTC(2026, 0, 15, 9, 0, 0) + at * 1000;
      await fleet.applySchedule();
      seen.push(s.isUp);
    }
    expect(seen).toEqual([true, true, false, false, true, true, false, false, true]);
    // Stopped by hand, it stays down whatever the schedule says, until it follows it again.
    await fleet.stopServer('party-1');
    await fleet.applySchedule();
    expect(s.isUp).toBe(false);
    await fleet.followSchedule('party-1');
    expect(s.isUp).toBe(true);
  });

  it('listen where they were told, or elsewhere when that port is taken, and say which moved', async () => {
    const first = await SimulatedFleet.start({ specs: DEMO_FLEET.slice(0, 2), clock: new TestClock().fn });
    const taken = first.get('atomicwar-1').port;
    fleet = await SimulatedFleet.start({
      specs: DEMO_FLEET.slice(0, 2),
      clock: new TestClock().fn,
      ports: { 'atomicwar-1': taken },
    });
    expect(fleet.moved).toEqual(['atomicwar-1']);
    expect(fleet.get('atomicwar-1').port).not.toBe(taken);
    await first.close();
  });

  it('report plausible figures: fewer players at dawn than in the evening, income growing through the day', () => {
    const day = Date.UTC(2026, 0, 15, 0, 0, 0) - 8 * 3_600_000; // midnight in the studio
    const at = (h: number) => day + h * 3_600_000;
    expect(onlinePlayersAt(at(5), 1000, 'k')).toBeLessThan(onlinePlayersAt(at(17), 1000, 'k'));
    expect(incomeTodayAt(at(0), 100_000)).toBe(0);
    expect(incomeTodayAt(at(12), 100_000)).toBeLessThan(incomeTodayAt(at(20), 100_000));
    expect(incomeTodayAt(at(24) - 1, 100_000)).toBeGreaterThan(99_000);
    expect(DEMO_FLAPS.every((f) => isScheduledDown(f, 0, (f.firstDownAfterSec + 1) * 1000))).toBe(true);
  });
});
