import type { Kysely } from 'kysely';
import type { CheckSpec } from '../../shared/api/serverWatch.js';
import { checkTarget } from '../../shared/api/serverWatch.js';
import { readMeta, writeMeta } from '../db/app-meta.js';
import { jsonValue, type Database } from '../db/schema.js';
import { DEMO_OPERATORS } from '../seed/operators.js';
import type { SimulatedGameServer } from '../simulated/game-server.js';
import { DEMO_FLAPS, type SimulatedFleet } from '../simulated/fleet.js';

/**
 * The demo data's server watch: the simulated game servers (server/simulated) watched in every
 * way a check can be made, and two message notices to turn on. Seeded once per database, the
 * first time the backend finds the demo operators in it (so an operator who removes a demo server
 * does not see it come back); from then on every start brings the simulated servers back up,
 * on the ports the watched servers point at.
 */

export const DEMO_SEEDED_KEY = 'serverWatch.demoSeeded';

const DEMO_PHONES = DEMO_OPERATORS.map((o) => o.phone);
const DEMO_NAMES = DEMO_OPERATORS.map((o) => o.name);

/** Whether this database holds the demo operators (by phone and name both). */
export async function hasDemoOperators(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('id')
    .where('phone', 'in', DEMO_PHONES)
    .where('name', 'in', DEMO_NAMES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function demoSeeded(db: Kysely<Database>): Promise<boolean> {
  return (await readMeta(db, DEMO_SEEDED_KEY)) === '1';
}

/** How the demo watches each simulated server: every kind of check, one reminder, one quick flapper. */
function demoCheck(server: SimulatedGameServer): {
  spec: CheckSpec;
  interval: number;
  failures: number;
  remind: number | null;
} {
  const flaps = DEMO_FLAPS.some((f) => f.key === server.key);
  if (server.key === 'ymmj-2')
    return {
      spec: { kind: 'tcp', host: '127.0.0.1', port: server.port },
      interval: 30,
      failures: 3,
      remind: null,
    };
  if (server.key === 'lw-2')
    return {
      spec: { kind: 'http', url: server.healthUrl, expectStatus: 200 },
      interval: 30,
      failures: 3,
      remind: null,
    };
  return {
    spec: { kind: 'gameStatus', url: server.statusUrl },
    interval: flaps ? 15 : 30,
    failures: flaps ? 2 : 3,
    remind: flaps ? 10 : null,
  };
}

/** The demo's watched servers and notices. Returns how many servers it added. */
export async function seedDemoWatch(db: Kysely<Database>, fleet: SimulatedFleet, now: Date): Promise<number> {
  let added = 0;
  await db.transaction().execute(async (trx) => {
    if ((await readMeta(trx, DEMO_SEEDED_KEY)) === '1') return;
    for (const s of fleet.servers) {
      const c = demoCheck(s);
      const res = await trx
        .insertInto('watched_servers')
        .values({
          name: s.spec.name,
          game: s.spec.game,
          check_kind: c.spec.kind,
          check_spec: jsonValue(c.spec) ?? '{}',
          target: checkTarget(c.spec),
          interval_sec: c.interval,
          timeout_ms: 3000,
          failures_to_down: c.failures,
          remind_every_min: c.remind,
          notify_kind: 'game',
          note: 'Demo: a simulated game server on this computer.',
          demo_key: s.key,
          state: 'unknown',
          state_since: now,
          created_at: now,
          updated_at: now,
          updated_by: 'demo',
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      added += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    const notice = {
      enabled: false,
      state: 'unknown' as const,
      created_at: now,
      updated_at: now,
      updated_by: 'demo',
    };
    await trx
      .insertInto('notice_rules')
      .values([
        {
          ...notice,
          game: 'ymmj',
          kind: 'playersBelow',
          threshold: 600,
          by_hour: null,
          note: 'Demo: fewer than 600 online in Secret Realm.',
        },
        {
          ...notice,
          game: 'atomicwar',
          kind: 'incomeBelow',
          threshold: 10_000_000,
          by_hour: 18,
          note: 'Demo: less than ¥100,000 by 18:00.',
        },
      ])
      .execute();
    await writeMeta(trx, DEMO_SEEDED_KEY, '1');
  });
  return added;
}

/** The port each demo server's watch points at, to listen there again after a restart. */
export async function demoPorts(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('watched_servers')
    .select(['demo_key', 'check_spec'])
    .where('demo_key', 'is not', null)
    .execute();
  const ports: Record<string, number> = {};
  for (const r of rows) {
    const spec = r.check_spec as Partial<CheckSpec> | null;
    const port =
      spec?.kind === 'tcp'
        ? spec.port
        : typeof (spec as { url?: unknown } | null)?.url === 'string'
          ? Number(new URL((spec as { url: string }).url).port)
          : undefined;
    if (r.demo_key && port) ports[r.demo_key] = port;
  }
  return ports;
}

/** Points the demo's watches at the servers that had to move to another port. */
export async function repointDemo(db: Kysely<Database>, fleet: SimulatedFleet, now: Date): Promise<string[]> {
  const moved: string[] = [];
  for (const key of fleet.moved) {
    const server = fleet.get(key);
    const c = demoCheck(server);
    const res = await db
      .updateTable('watched_servers')
      .set({
        check_spec: jsonValue(c.spec) ?? '{}',
        target: checkTarget(c.spec),
        updated_at: now,
        updated_by: 'demo',
        version: (eb) => eb('version', '+', 1),
      })
      .where('demo_key', '=', key)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) moved.push(`${server.spec.name} → ${checkTarget(c.spec)}`);
  }
  return moved;
}
