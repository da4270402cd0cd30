import { sql, type Kysely } from 'kysely';
import { recordSystemEvent } from '../audit/system-events.js';
import type { Clock } from '../platform/clock.js';
import type { DatabaseKind } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { DEMO_FLAPS, DEMO_FLEET, SimulatedFleet, type FlapSchedule } from '../simulated/fleet.js';
import type { FleetHandlers, FleetSetup } from '../simulated/handlers.js';
import { touchWatchConfig } from './config.js';
import { demoPorts, demoSeeded, hasDemoOperators, repointDemo, seedDemoWatch } from './demo.js';
import { WatchEngine, type EngineLog, type EngineOptions } from './engine.js';
import { alertHubOf, type AlertHub } from './hub.js';

/**
 * Server watch inside a running backend: the watch engine, the simulated game servers of the
 * demo data, and who runs them.
 *
 * One backend runs the checks. With the embedded database there is only one (its data folder is
 * locked). With PostgreSQL several backends may serve the same database: each tries for a
 * session-level advisory lock on a connection it keeps, and the one holding it runs the engine
 * (and the demo's simulated servers); the others only answer calls, and take over within
 * `leaderRetrySec` if the holder goes away (its connection closes, the lock is released). The
 * engine and server watch's port (other features' alerts) take the alert log's lock before they
 * append (hub.ts), so its sequence numbers are in commit order.
 */

export interface ServerWatchOptions {
  /** false: never run the checks here (a backend that only serves calls). Default true. */
  engine?: boolean;
  tickMs?: EngineOptions['tickMs'];
  historySize?: EngineOptions['historySize'];
  noticesEveryMs?: EngineOptions['noticesEveryMs'];
  spreadStart?: EngineOptions['spreadStart'];
  check?: EngineOptions['check'];
  /** false: no demo servers here even when the demo operators exist (tests that want a clean list). */
  demo?: boolean;
  /** The demo's outage schedule (default DEMO_FLAPS; [] = none). */
  demoFlaps?: readonly FlapSchedule[];
  /** How often the demo's schedule is applied in real time, in ms (default 1000; 0 = by hand). */
  demoScheduleEveryMs?: number;
  /** Seconds between attempts to become the backend that runs the checks (PostgreSQL). Default 5. */
  leaderRetrySec?: number;
}

export interface WatchRuntimeDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  /** The embedded backend's first run: demo data may be chosen while it runs. */
  firstRun: boolean;
  log?: EngineLog;
  /**
   * Features' sides of the demo's simulated game servers (their server feature modules' `fleet`:
   * orders deliver to them, gift codes are redeemed on them), and what those get.
   */
  fleet: { handlers: readonly FleetHandlers[] } & Pick<FleetSetup, 'backend' | 'secrets'>;
  /** Where the engine counts its checks for /metrics. */
  counters?: EngineOptions['counters'];
}

export interface ServerWatchRuntime {
  hub: AlertHub;
  /** The engine, while this backend runs the checks. */
  readonly engine: WatchEngine | null;
  /** The demo's simulated game servers, while this backend runs them. */
  readonly fleet: SimulatedFleet | null;
  /** Resolves once this backend runs the checks (never, if another one does). */
  readonly leading: Promise<void>;
  close(): Promise<void>;
}

/** The engine's settings among server watch's options, those that are set. */
function engineOptions(options: ServerWatchOptions): Partial<EngineOptions> {
  const keys = ['tickMs', 'historySize', 'noticesEveryMs', 'spreadStart', 'check'] as const;
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]));
}

/**
 * The demo's simulated game servers, up, with every feature's side of them; demo watches whose
 * port was taken are pointed where their server listens now (said once in the backend's events).
 */
async function startDemoFleet(
  deps: WatchRuntimeDeps,
  options: ServerWatchOptions,
  log: EngineLog,
): Promise<{ fleet: SimulatedFleet; detach: (() => void)[] }> {
  const now = new Date(deps.clock());
  const fleet = await SimulatedFleet.start({
    specs: DEMO_FLEET,
    clock: deps.clock,
    flaps: options.demoFlaps ?? DEMO_FLAPS,
    ports: await demoPorts(deps.db),
    scheduleEveryMs: options.demoScheduleEveryMs ?? 1000,
  });
  const setup: FleetSetup = { db: deps.db, clock: deps.clock, ...deps.fleet };
  const detach = deps.fleet.handlers.flatMap((add) => add(fleet, setup) ?? []);
  const moved = await repointDemo(deps.db, fleet, now);
  if (moved.length > 0) {
    await touchWatchConfig(deps.db);
    await recordSystemEvent(
      deps.db,
      { at: now, kind: 'serverWatch.demoMoved', level: 'warn', subject: moved.join('; '), detail: { moved } },
      log,
    );
  }
  return { fleet, detach };
}

/** Any fixed number; advisory locks are per database, so test databases do not collide. */
const LEADER_LOCK = 71_834_001;

/**
 * PostgreSQL: tries for the session-level advisory lock on a connection of its own and, when it
 * gets it, holds it until released, or until the connection fails (checked every `aliveEveryMs`;
 * then `held` rejects and another backend may lead). `acquired` says whether it got the lock.
 */
function holdLeaderLock(
  db: Kysely<Database>,
  aliveEveryMs: number,
  timers: Set<NodeJS.Timeout>,
): { acquired: Promise<boolean>; held: Promise<void>; release: () => void } {
  let acquired!: (ok: boolean) => void;
  const outcome = new Promise<boolean>((r) => (acquired = r));
  let release: () => void = () => undefined;
  const held = db.connection().execute(async (conn) => {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LEADER_LOCK}) as ok`.execute(
      conn,
    );
    if (!rows[0]?.ok) {
      acquired(false);
      return;
    }
    acquired(true);
    await new Promise<void>((resolve, reject) => {
      release = resolve;
      const alive = setInterval(() => {
        sql`select 1`.execute(conn).catch((err: unknown) => {
          clearInterval(alive);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
      }, aliveEveryMs);
      alive.unref();
      timers.add(alive);
    });
    await sql`select pg_advisory_unlock(${LEADER_LOCK})`.execute(conn).catch(() => undefined);
  });
  // A connection that failed before the lock was asked for did not get it.
  held.catch(() => acquired(false));
  return { acquired: outcome, held, release: () => release() };
}
/** While a first run is pending, how often to look whether the demo data was chosen. */
const FIRST_RUN_POLL_MS = 2000;

export async function startServerWatch(
  deps: WatchRuntimeDeps,
  options: ServerWatchOptions = {},
): Promise<ServerWatchRuntime> {
  const log = deps.log ?? console;
  const hub = alertHubOf(deps.db, deps.kind === 'postgres');
  let engine: WatchEngine | null = null;
  let fleet: SimulatedFleet | null = null;
  let closed = false;
  let resolveLeading: () => void = () => undefined;
  const leading = new Promise<void>((r) => (resolveLeading = r));
  const timers = new Set<NodeJS.Timeout>();
  const retryMs = (options.leaderRetrySec ?? 5) * 1000;
  /** Work of this runtime still running (a start, a first-run look): close waits for it. */
  let busy: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = busy.then(fn, fn);
    busy = run.catch(() => undefined);
    return run;
  };

  /** Undoes what features set up on the running fleet. */
  let detachFleet: (() => void)[] = [];
  const startFleet = async () => {
    if (fleet || closed) return;
    const started = await startDemoFleet(deps, options, log);
    fleet = started.fleet;
    detachFleet = started.detach;
  };

  /** The demo's servers: seeded the first time the demo operators are found, brought up after. */
  const demo = async (): Promise<'done' | 'pending'> => {
    if (options.demo === false) return 'done';
    if (await demoSeeded(deps.db)) {
      await startFleet();
      return 'done';
    }
    if (!(await hasDemoOperators(deps.db))) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from operators`.execute(deps.db);
      // A database still waiting for its first run may get the demo data any moment.
      return Number(rows[0]?.n ?? 0) === 0 && deps.firstRun ? 'pending' : 'done';
    }
    await startFleet();
    if (fleet && (await seedDemoWatch(deps.db, fleet, new Date(deps.clock()))) > 0)
      await touchWatchConfig(deps.db);
    return 'done';
  };

  const lead = async () => {
    if (closed) return;
    if ((await demo()) === 'pending') {
      const poll = setInterval(() => {
        void serially(async () => {
          if (closed || (await demo()) === 'done') {
            clearInterval(poll);
            timers.delete(poll);
          }
        }).catch((err: unknown) => log.error({ err }, 'server watch: could not set up the demo servers'));
      }, FIRST_RUN_POLL_MS);
      poll.unref();
      timers.add(poll);
    }
    if (closed) return;
    engine = new WatchEngine({
      db: deps.db,
      clock: deps.clock,
      hub,
      log,
      ...(deps.counters ? { counters: deps.counters } : {}),
      ...engineOptions(options),
    });
    await engine.start();
    resolveLeading();
  };

  const stopLeading = async () => {
    const e = engine;
    const f = fleet;
    engine = null;
    fleet = null;
    for (const detach of detachFleet.splice(0)) detach();
    await e?.stop();
    await f?.close();
  };

  // PostgreSQL: the session lock, held on a connection of our own for as long as we lead.
  let lock: { release: () => void; done: Promise<void> } | null = null;
  const tryLead = async (): Promise<void> => {
    if (closed || lock) return;
    const held = holdLeaderLock(deps.db, retryMs, timers);
    const done = held.held
      .catch(async (err: unknown) => {
        log.error(
          { err },
          'server watch: lost the connection that held the checks; trying to take them again',
        );
        await serially(stopLeading);
      })
      .finally(() => {
        lock = null;
      });
    lock = { release: held.release, done };
    if (await held.acquired) await serially(lead);
  };

  if (options.engine !== false) {
    if (deps.kind === 'pglite') {
      await serially(lead);
    } else {
      await tryLead();
      const retry = setInterval(() => {
        if (!lock)
          void tryLead().catch((err: unknown) => log.error({ err }, 'server watch: could not start'));
      }, retryMs);
      retry.unref();
      timers.add(retry);
    }
  }

  return {
    hub,
    get engine() {
      return engine;
    },
    get fleet() {
      return fleet;
    },
    leading,
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearInterval(t);
      hub.close();
      await busy;
      await stopLeading();
      const held = lock;
      held?.release();
      await held?.done;
    },
  };
}
