import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { SetupState } from '../shared/api/setup.js';
import { EMBEDDED_KEY_HEADER } from '../shared/constants.js';
import { SERVICE_BASE_PATHS, SERVICES, type GameId, type ServiceName } from '../shared/games.js';
import { BACKEND_VERSION, buildServer, type BuildServerOptions } from './app.js';
import { resolveAuthConfig } from './config.js';
import { migrateToLatest } from './db/migrations.js';
import { recordSystemEvent } from './audit/system-events.js';
import { openDatabase, type OpenedDatabase } from './db/open.js';
import type { ReplicaSettings } from './db/replica.js';
import { SERVER_FEATURES } from './features.js';
import { launchKeyCheck } from './platform/launch-key.js';
import { DEMO_PASSWORD, seedDemoOperators } from './seed/operators.js';
import { seedAllGames } from './seed/games.js';
import { SMALL_SEED } from './seed/players.js';
import { operatorCount, setupStateOf } from './setup/state.js';
import { startServerWatch, type ServerWatchOptions, type ServerWatchRuntime } from './serverWatch/runtime.js';
import { NO_SECRETS_KEY_TEXT, resolveSecretsKey } from './platform/secrets-key.js';
import { startMaintenance, type Maintenance, type MaintenanceOptions } from './db/maintenance.js';
import { startRedelivery, type Redelivery, type RedeliveryOptions } from './orders/redelivery.js';
import { checkTimeZone, useTimeZone } from './reports/zone.js';
import type { Registry } from 'prom-client';
import { createMetrics } from './platform/metrics.js';
import { attachNotifyBus, openNotifyBus, type NotifyBus } from './platform/notify.js';

/**
 * Starts the reference backend in this process: opens (and locks) the database, migrates, seeds
 * the demo data only when asked (the demo operators and made-up players), and listens. Used by
 * the CLI, the worker main forks, tests and the benchmark.
 */

export interface BackendOptions extends Omit<BuildServerOptions, 'db' | 'kind' | 'logger' | 'demoPlayers'> {
  /** PostgreSQL URL; when set, the embedded database is not used. */
  databaseUrl?: string;
  /** A streaming replica of it for reads that may lag, and its bounds (server/db/replica.ts). */
  databaseReadUrl?: string;
  /** PostgreSQL connections this process keeps (and as many to the replica); default 10. */
  poolSize?: number;
  replica?: Partial<ReplicaSettings>;
  /** Embedded database directory; omitted (and no databaseUrl) = in memory. */
  dataDir?: string;
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /**
   * Made-up players per game (with their moderation lists, orders and codes) to make sure exist.
   * Default: SMALL_SEED into a new database that gets the demo operators now, else none: a real
   * install's games start empty. In first-run mode, while no operator exists, it is the size of
   * the demo data the first run may choose (made then, not now).
   */
  seedPlayers?: number;
  /**
   * Seed the demo operators (their password is published) when the database has no operator yet:
   * tests, the browser host, `npm run server -- --demo`. Never by default: a fresh desktop
   * install must have no known password (it runs the first-run setup instead).
   */
  demo?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Server watch's engine and demo servers (tests tune them); false: no checks run here. */
  serverWatch?: ServerWatchOptions | false;
  /**
   * The embedded database's vacuum and analyse passes (server/db/maintenance.ts; PostgreSQL has
   * its own autovacuum); tests tune the timing. false: none.
   */
  maintenance?: Pick<MaintenanceOptions, 'firstDelayMs' | 'everyMs' | 'onPass'> | false;
  /** The delivery job of paid, undelivered orders (server/orders/redelivery.ts). false: none. */
  redelivery?: RedeliveryOptions | false;
  /**
   * The studio's time zone, in which reports count days (an IANA name; server/reports/zone.ts).
   * Omitted: the zone the database has (Asia/Shanghai on a new one). A zone that does not exist
   * is refused before the database is opened.
   */
  timeZone?: string;
  /** Labels on every metric of this process (the worker's number under `--workers`). */
  metricsLabels?: Record<string, string>;
  /** Under `--workers`: what /metrics answers, given this process's registry (the sum over workers). */
  sumMetrics?: (registry: Registry) => () => Promise<string>;
}

export interface RunningBackend {
  /** http://host:port, without a base path. */
  url: string;
  port: number;
  /** The base URL of each service (url + its base path), as the console's settings want them. */
  serviceUrls: Record<ServiceName, string>;
  database: OpenedDatabase;
  /** True when this start created the schema (a new database). */
  created: boolean;
  seeded: { demoOperators: number; players?: Record<GameId, number> };
  /** Where the database stands: no operator yet, demo operators, or ready (shared/api/setup.ts). */
  setup: SetupState;
  /** Server watch in this backend (its engine, the demo's simulated game servers); null when off. */
  serverWatch: ServerWatchRuntime | null;
  /** The embedded database's maintenance passes; null on PostgreSQL (autovacuum) or when off. */
  maintenance: Maintenance | null;
  /** The delivery job; null when off. */
  redelivery: Redelivery | null;
  close(): Promise<void>;
}

/**
 * What the database holds before the server starts: the migrations (a system event when any ran),
 * the studio's time zone when given, and the demo's operators and players when asked.
 */
async function prepareData(
  database: OpenedDatabase,
  options: BackendOptions,
  now: () => Date,
): Promise<{ created: boolean; seeded: RunningBackend['seeded'] }> {
  const { created, applied } = await migrateToLatest(database.db);
  if (options.timeZone !== undefined) await useTimeZone(database.db, options.timeZone);
  if (applied.length > 0) {
    await recordSystemEvent(database.db, {
      at: now(),
      kind: 'backend.migrated',
      subject: applied.join(', '),
      detail: { applied, created },
    });
  }
  const seeded: RunningBackend['seeded'] = { demoOperators: 0 };
  if (options.demo && (await operatorCount(database.db)) === 0) {
    seeded.demoOperators = await seedDemoOperators(
      database.db,
      DEMO_PASSWORD,
      resolveAuthConfig(options.auth).scrypt,
      now(),
    );
  }
  const perGame = options.seedPlayers ?? (created && seeded.demoOperators > 0 ? SMALL_SEED : undefined);
  const firstRunPending = options.firstRun === true && (await operatorCount(database.db)) === 0;
  if (perGame !== undefined && perGame > 0 && !firstRunPending)
    seeded.players = await seedAllGames(database.db, perGame, now(), () => database.checkpoint());
  return { created, seeded };
}

export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  if (options.firstRun && options.launchKey === undefined) {
    // The setup calls are public: only a launch key keeps them for main alone.
    throw new Error('first-run setup needs a launch key (the embedded backend of the desktop app)');
  }
  // A bad key is refused before the database is opened.
  if (options.launchKey !== undefined) launchKeyCheck(options.launchKey);
  if (options.timeZone !== undefined) checkTimeZone(options.timeZone);
  const database = await openDatabase({
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.poolSize !== undefined ? { poolSize: options.poolSize } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.databaseReadUrl ? { readUrl: options.databaseReadUrl, replica: options.replica ?? {} } : {}),
  });
  let bus: NotifyBus | undefined;
  // The bus opens before the server that logs exists; it logs there once it does.
  let log: FastifyBaseLogger | undefined;
  try {
    // Before anything remembers or waits: what other instances announce must reach this one.
    bus = await openNotifyBus(options.databaseUrl, {
      log: { error: (o, m) => log?.error(o, m), info: (o, m) => log?.info(o, m) },
    });
    attachNotifyBus(database.db, bus);
    const now = () => new Date((options.clock ?? Date.now)());
    const { created, seeded } = await prepareData(database, options, now);

    const setup = await setupStateOf(database.db);
    const secretsKey =
      options.secretsKey ??
      resolveSecretsKey({ kind: database.kind, dataDir: database.dataDir, env: process.env });
    const metrics =
      options.metrics ??
      createMetrics({
        pool: database.pool,
        labels: options.metricsLabels,
        replicaLag: database.reads.lagSec,
      });
    const sum = options.sumMetrics?.(metrics.registry);
    const { app, probe } = await buildServer({
      ...options,
      metrics,
      ...(sum ? { metricsText: sum } : {}),
      secretsKey,
      db: database.db,
      kind: database.kind,
      reads: database.reads,
      demoPlayers: options.seedPlayers ?? SMALL_SEED,
    });
    log = app.log;
    database.reads.logTo(app.log);
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    // Said once here, not only in each refused call: whoever starts the server reads its log.
    if (!secretsKey.available) app.log.warn({ secretsKey: 'missing' }, NO_SECRETS_KEY_TEXT.en);
    await recordSystemEvent(database.db, {
      at: now(),
      kind: 'backend.started',
      subject: `${database.kind} on ${host}:${port}`,
      detail: { version: BACKEND_VERSION, database: database.kind, host, port },
    });
    // Server watch runs with the backend, and stops before it (its long-polls answer at once).
    const serverWatch =
      options.serverWatch === false
        ? null
        : await startServerWatch(
            {
              db: database.db,
              kind: database.kind,
              clock: options.clock ?? Date.now,
              firstRun: options.firstRun === true,
              log: app.log,
              counters: metrics.counters,
              fleet: {
                handlers: SERVER_FEATURES.flatMap((f) => (f.fleet ? [f.fleet] : [])),
                backend: {
                  // Its own address as it listens: a wildcard host is not one to call.
                  url: host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : url,
                  headers:
                    options.launchKey === undefined ? {} : { [EMBEDDED_KEY_HEADER]: options.launchKey },
                },
                secrets: secretsKey,
              },
            },
            options.serverWatch,
          ).catch(async (err: unknown) => {
            await app.close();
            throw err;
          });
    const maintenance =
      database.kind === 'pglite' && options.maintenance !== false
        ? startMaintenance({
            db: database.db,
            clock: options.clock ?? Date.now,
            log: app.log,
            ...(options.maintenance ?? {}),
          })
        : null;
    // After server watch: the demo's game servers it starts are where deliveries go.
    const redelivery =
      options.redelivery === false
        ? null
        : startRedelivery(
            { db: database.db, kind: database.kind, clock: options.clock ?? Date.now, log: app.log },
            options.redelivery,
          );
    const serviceUrls = Object.fromEntries(
      SERVICES.map((s) => [s, `${url}${SERVICE_BASE_PATHS[s]}`]),
    ) as Record<ServiceName, string>;

    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      serviceUrls,
      database,
      created,
      seeded,
      setup,
      serverWatch,
      maintenance,
      redelivery,
      close() {
        closing ??= (async () => {
          // Out of rotation first: /ready answers 503 while requests in flight finish.
          probe.draining = true;
          try {
            await redelivery?.close();
            await maintenance?.close();
            await serverWatch?.close();
            await app.close();
          } finally {
            await bus?.close();
            await database.close();
          }
        })();
        return closing;
      },
    };
  } catch (err) {
    await bus?.close();
    await database.close();
    throw err;
  }
}
