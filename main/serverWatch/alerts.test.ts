import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertsUpdate } from '../../shared/api/serverWatch.js';
import { DEMO_PASSWORD } from '../../server/seed/operators.js';
import { WatchKit } from '../../server/serverWatch/test-kit.js';
import { coreAgainst, type Harness } from '../testing/core-harness.js';

/**
 * Main's alerts service against the real reference backend: an operator who muted a server is
 * not paged about it (no native notification), while its alert still reaches the bell, marked
 * muted; a server they did not mute still notifies.
 */
describe('server watch alerts in main', () => {
  let kit: WatchKit;
  let h: Harness;
  const shown: { title: string; body: string }[] = [];

  beforeAll(async () => {
    kit = await WatchKit.open('pglite');
    h = await coreAgainst(kit.t.backend.url, {
      now: kit.t.clock.fn,
      alerts: { notifier: { show: (n) => shown.push(n) }, waitSec: 5, sleep: async () => undefined },
    });
    const res = await h.core.handlers['session:login']({ account: 'admin', password: DEMO_PASSWORD });
    expect(res.ok).toBe(true);
  });
  afterAll(async () => {
    await h?.core.close();
    await kit?.close();
  });

  const received = () =>
    h.events.flatMap((e) => (e.event === 'alerts:new' ? (e.payload as AlertsUpdate).alerts : []));

  it('does not notify an outage of a server the operator muted, and lists it muted', async () => {
    const muted = await kit.watch(await kit.stub('atomicwar'), { failuresToDown: 1 });
    const paging = await kit.watch(await kit.stub('atomicwar'), { failuresToDown: 1 });
    await kit.engine.runDue();
    await expect.poll(() => h.core.alerts.state().watching).toBe(true);
    // The operator mutes while main's long-poll waits (as it nearly always does).
    const mute = await h.core.handlers['api:call']({
      endpoint: 'serverWatch.mute',
      input: { serverId: muted.id, until: null },
    });
    expect(mute.ok).toBe(true);
    for (const s of kit.stubs) await s.server.stop();
    await kit.step(10);

    await expect
      .poll(() =>
        received()
          .filter((a) => a.kind === 'down')
          .map((a) => [a.serverId, a.muted]),
      )
      .toEqual(expect.arrayContaining([[muted.id, true]]));
    await expect.poll(() => received().some((a) => a.serverId === paging.id)).toBe(true);
    // Only the server nobody muted pages the operator.
    expect(shown.map((n) => n.title)).toEqual([expect.stringContaining(paging.name)]);
    expect(h.core.alerts.state().alerts.find((a) => a.serverId === muted.id)).toMatchObject({
      kind: 'down',
      muted: true,
      live: true,
    });
  });
});
