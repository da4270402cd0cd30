import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WatchAlert, WatchedServer } from '../../shared/api/serverWatch.js';
import type { NoticeRule } from '../../shared/api/notices.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import { startBackend } from '../backend.js';
import { testSecrets } from '../giftCodes/test-kit.js';
import {
  ApiClient,
  TEST_SCRYPT,
  TestClock,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../../tests/support/backends.js';

/**
 * The demo data watches the simulated game servers: seeded once with the demo operators (also
 * when a first run chooses the demo data), brought back on the same ports at each start, and one
 * of them goes down and comes back on its schedule, so a new user sees the whole cycle.
 */

async function page(api: ApiClient, token: string) {
  const r = await api.call<{ items: WatchedServer[] }>(
    ENDPOINTS['serverWatch.list'],
    { pageSize: 50 },
    token,
  );
  return r.body.Data.items;
}

describe.each(backendKinds())('the demo’s server watch on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await startTestBackend(kind, {
      serverWatch: { tickMs: 0, spreadStart: false, demoScheduleEveryMs: 0 },
    });
    token = (await t.api.login('super')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('watches every simulated game server, in every kind of check, with two notices to turn on', async () => {
    const fleet = t.backend.serverWatch?.fleet;
    expect(fleet?.servers.map((s) => s.key)).toHaveLength(8);
    await t.backend.serverWatch?.engine?.runDue();
    const servers = await page(t.api, token);
    expect(servers).toHaveLength(8);
    expect(new Set(servers.map((s) => s.check.kind))).toEqual(new Set(['gameStatus', 'tcp', 'http']));
    expect(servers.every((s) => s.demo && s.state === 'up')).toBe(true);
    expect(servers.filter((s) => s.onlinePlayers !== null)).toHaveLength(6);
    const notices = await t.api.call<{ items: NoticeRule[] }>(ENDPOINTS['notices.list'], {}, token);
    expect(notices.body.Data.items.map((r) => [r.game, r.kind, r.enabled])).toEqual([
      ['atomicwar', 'incomeBelow', false],
      ['ymmj', 'playersBelow', false],
    ]);
  });

  it('has one server that goes down and comes back on its schedule: down, alert, recovery', async () => {
    const sw = t.backend.serverWatch;
    const engine = sw?.engine;
    const fleet = sw?.fleet;
    if (!engine || !fleet) throw new Error('no engine');
    const step = async (sec: number) => {
      t.clock.advance(sec);
      await fleet.applySchedule();
      await engine.runDue();
    };
    // Five minutes after the start it goes down; checked every 15 s, down after 2 failures.
    await step(300);
    expect(fleet.get('atomicwar-2').isUp).toBe(false);
    await step(15);
    await step(15);
    token = (await t.api.login('super')).authToken;
    const flapper = (await page(t.api, token)).find((s) => s.name === 'Atomic War S2');
    expect(flapper?.state).toBe('down');
    for (let i = 0; i < 6; i++) await step(15);
    token = (await t.api.login('super')).authToken;
    expect((await page(t.api, token)).find((s) => s.name === 'Atomic War S2')?.state).toBe('up');
    const alerts = await t.api.call<{ events: WatchAlert[] }>(
      ENDPOINTS['serverWatch.events'],
      { after: 0 },
      token,
    );
    expect(alerts.body.Data.events.map((a) => [a.serverName, a.kind])).toEqual([
      ['Atomic War S2', 'down'],
      ['Atomic War S2', 'recovered'],
    ]);
  });
});

describe('the demo’s servers across restarts of the embedded database', () => {
  let dir: string;
  let blocker: Server | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-watch-demo-'));
  });
  afterAll(async () => {
    blocker?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const start = () =>
    startBackend({
      dataDir: dir,
      demo: true,
      seedPlayers: 0,
      clock: new TestClock().fn,
      auth: { scrypt: TEST_SCRYPT },
      serverWatch: { tickMs: 0, demoScheduleEveryMs: 0 },
    });

  it('are seeded once, come back on their ports, and move (and are followed) when a port is taken', async () => {
    const first = await start();
    const ports = Object.fromEntries(first.serverWatch?.fleet?.servers.map((s) => [s.key, s.port]) ?? []);
    // An operator removes one demo server: a later start must not bring it back.
    await first.database.db.deleteFrom('watched_servers').where('demo_key', '=', 'party-2').execute();
    await first.close();

    const port = ports['atomicwar-1'] ?? 0;
    blocker = createServer();
    await new Promise<void>((r) => blocker?.listen(port, '127.0.0.1', r));

    const second = await start();
    try {
      const fleet = second.serverWatch?.fleet;
      expect(fleet?.get('lw-1').port).toBe(ports['lw-1']);
      expect(fleet?.moved).toEqual(['atomicwar-1']);
      const rows = await second.database.db
        .selectFrom('watched_servers')
        .select(['demo_key', 'target'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.demo_key)).not.toContain('party-2');
      expect(rows).toHaveLength(7);
      const moved = rows.find((r) => r.demo_key === 'atomicwar-1');
      expect(moved?.target).toBe(`${fleet?.get('atomicwar-1').statusUrl}`);
      const event = await second.database.db
        .selectFrom('system_events')
        .select('subject')
        .where('kind', '=', 'serverWatch.demoMoved')
        .executeTakeFirst();
      expect(event?.subject).toContain('Atomic War S1');
    } finally {
      await second.close();
    }
  });

  it('appear when a first run chooses the demo data', async () => {
    const launchKey = 'demo-watch-launch-key-0123456789abcdef';
    const b = await startBackend({
      seedPlayers: 0,
      launchKey,
      firstRun: true,
      auth: { scrypt: TEST_SCRYPT },
      serverWatch: { tickMs: 0, demoScheduleEveryMs: 0 },
    });
    try {
      expect(b.serverWatch?.fleet).toBeNull();
      const api = new ApiClient(b.url, { [EMBEDDED_KEY_HEADER]: launchKey });
      const init = await api.call(ENDPOINTS['setup.init'], { mode: 'demo' });
      expect(init.body.Status.Code).toBe(1);
      await vi.waitFor(() => expect(b.serverWatch?.fleet?.servers).toHaveLength(8), {
        timeout: 10_000,
        interval: 200,
      });
      const token = (await api.login('super')).authToken;
      await vi.waitFor(async () => expect(await page(api, token)).toHaveLength(8), { timeout: 5000 });
    } finally {
      await b.close();
    }
  });
});

describe.each(backendKinds())('the demo’s simulated servers redeem codes on %s', (kind) => {
  // An embedded backend's launch key: the demo's servers must send it with their redeem calls.
  const launchKey = 'demo-redeem-test-launch-key-0123456789abcdef';
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await startTestBackend(kind, {
      secretsKey: testSecrets(),
      launchKey,
      serverWatch: { tickMs: 0, spreadStart: false, demoScheduleEveryMs: 0, demoFlaps: [] },
    });
    token = (await t.api.login('admin')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('POST /redeem on a demo server signs the redemption, and the code is used', async () => {
    const now = t.clock.now;
    const made = await t.api.call<{ id: number }>(
      ENDPOINTS['giftCodes.create'],
      {
        game: 'ymmj',
        name: 'Demo server redeem',
        count: 1,
        prefix: 'DM',
        channel: 'demo',
        grant: { kind: 'items', rewards: [{ itemId: 20001, count: 1 }] },
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 86_400_000).toISOString(),
        usesPerCode: 1,
        usesPerPlayer: 1,
        reason: 'demo redeem test',
      },
      token,
    );
    expect(made.body.Status).toEqual({ Code: 1 });
    const codes = await t.api.call<{ items: { code: string }[] }>(
      ENDPOINTS['giftCodes.codes'],
      { game: 'ymmj', batchId: made.body.Data.id, pageSize: 10 },
      token,
    );
    const code = codes.body.Data.items[0]?.code ?? '';
    const server = t.backend.serverWatch?.fleet?.get('ymmj-1');
    if (!server) throw new Error('no demo server ymmj-1');
    const post = async (body: unknown) => {
      const r = await fetch(`${server.url}/redeem`, { method: 'POST', body: JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as { Status: { Code: number } } };
    };
    expect(await post({ code, playerId: 'demo-player-1' })).toMatchObject({
      status: 200,
      body: { Status: { Code: 1 } },
    });
    // Used: a second player is refused.
    expect((await post({ code, playerId: 'demo-player-2' })).status).toBe(409);
    const status = await t.api.call<{ uses: number; redemptions: { playerId: string; serverId: string }[] }>(
      ENDPOINTS['giftCodes.status'],
      { game: 'ymmj', code },
      token,
    );
    expect(status.body.Data.uses).toBe(1);
    expect(status.body.Data.redemptions).toEqual([
      expect.objectContaining({ playerId: 'demo-player-1', serverId: 'ymmj-1' }),
    ]);
  });
});
