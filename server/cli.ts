import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { stopOnSignals } from './stop-on-signals.js';
import { announceListening, clusterMetrics, runPrimary, stopWhenTold, workerEnv } from './serve/cluster.js';
import { parseArgs } from 'node:util';
import { ENDPOINTS } from '../shared/api/table.js';
import { SERVICES } from '../shared/games.js';
import { ApiError, describeIssues, issuesOf } from '../shared/envelope.js';
import { recordAudit } from './audit/record.js';
import { startBackend, type RunningBackend } from './backend.js';
import { DEFAULT_AUTH } from './config.js';
import { migrateToLatest } from './db/migrations.js';
import { DEFAULT_PG_POOL_SIZE, openDatabase, redactUrl } from './db/open.js';
import { DEFAULT_REPLICA_SETTINGS } from './db/replica.js';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  parseMaxLag,
  parsePoolSize,
  parseMillis,
  parsePort,
  parseSeed,
  parseWorkers,
} from './options.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from './seed/operators.js';
import { createSuperOperator } from './users/first-super.js';
import { gameServerKeyText } from './giftCodes/cli.js';
import { DEFAULT_STOP_TIMEOUT_MS } from './serve/settings.js';
import { toOperator } from './users/operators.js';

/**
 * `npm run server [-- serve] [--port 8787] [--host 127.0.0.1] [--data DIR] [--seed small|N] [--demo] [--time-zone ZONE]`
 *   Runs the reference backend: the embedded database in DIR, or PostgreSQL when DATABASE_URL is set.
 *   `--demo` gives an embedded database without operators the demo operators (published password).
 * `npm run server -- create-super --phone P --name N [--first-name F] [--data DIR]`
 *   Creates a SUPER operator; the password comes from GAMEOPS_SUPER_PASSWORD or standard input.
 */

const USAGE = `Usage:
  server [serve] [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--data ${DEFAULT_DATA_DIR}] [--seed small|N] [--demo] [--time-zone ZONE]
                 [--workers N] [--stop-timeout-ms ${DEFAULT_STOP_TIMEOUT_MS}] [--pg-pool-size ${DEFAULT_PG_POOL_SIZE}]
                 [--database-read-url URL] [--read-max-lag-sec ${DEFAULT_REPLICA_SETTINGS.maxLagSec}]
  server create-super --phone PHONE --name NAME [--first-name TEXT] [--data DIR]
  server game-server-key GAME [--data DIR]   the key GAME's servers sign code redemptions with (hex)

  --demo                       demo operators (password "${DEMO_PASSWORD}") in an embedded database without operators
  --time-zone ZONE             the studio's time zone reports count days in (default Asia/Shanghai)
  --workers N                  processes on the one port (PostgreSQL only; default: the cores there, 1 embedded)
  --stop-timeout-ms MS         on SIGTERM: finish requests in flight, stop jobs, close; killed after MS
  --pg-pool-size N             PostgreSQL connections per process (2 to 500); workers x N in all, plus one each to LISTEN
  --database-read-url URL      a streaming replica of DATABASE_URL: reports, statistics, searches and logs read there
  --read-max-lag-sec S         a replica further behind than S seconds is not read from (the primary answers)

  Every flag of serve can be an environment variable instead (the flag wins):
  GAMEOPS_PORT, GAMEOPS_HOST, GAMEOPS_DATA_DIR, GAMEOPS_SEED, GAMEOPS_TIME_ZONE, GAMEOPS_WORKERS,
  GAMEOPS_STOP_TIMEOUT_MS, GAMEOPS_PG_POOL_SIZE, DATABASE_READ_URL, GAMEOPS_READ_MAX_LAG_SEC; LOG_LEVEL (info); GAMEOPS_METRICS_TOKEN: the bearer token /metrics wants
  from other hosts (without it, /metrics answers this host only).

  DATABASE_URL=postgres://...  use PostgreSQL instead of the embedded database
  GAMEOPS_SUPER_PASSWORD=...   create-super's password (else it is read from standard input)`;

class UsageError extends Error {}

/** A flag's value, else its environment variable's; an empty variable (`NAME=` in an env file) is unset. */
const flagOrEnv = (flag: string | undefined, name: string): string | undefined =>
  flag ?? (process.env[name] || undefined);

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      demo: { type: 'boolean' },
      'time-zone': { type: 'string' },
      workers: { type: 'string' },
      'stop-timeout-ms': { type: 'string' },
      'database-read-url': { type: 'string' },
      'read-max-lag-sec': { type: 'string' },
      'pg-pool-size': { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const databaseReadUrl = flagOrEnv(values['database-read-url'], 'DATABASE_READ_URL') || undefined;
  if (databaseReadUrl && !databaseUrl) {
    throw new UsageError(
      '--database-read-url (DATABASE_READ_URL) names a replica of a PostgreSQL primary: set DATABASE_URL too',
    );
  }
  const maxLagSec = parseMaxLag(
    flagOrEnv(values['read-max-lag-sec'], 'GAMEOPS_READ_MAX_LAG_SEC'),
    DEFAULT_REPLICA_SETTINGS.maxLagSec,
  );
  const poolSize = parsePoolSize(
    flagOrEnv(values['pg-pool-size'], 'GAMEOPS_PG_POOL_SIZE'),
    DEFAULT_PG_POOL_SIZE,
  );
  if (values.demo && databaseUrl) {
    throw new UsageError(
      '--demo is for the embedded database only: a PostgreSQL server never gets a published password',
    );
  }
  const workers = parseWorkers(
    flagOrEnv(values.workers, 'GAMEOPS_WORKERS'),
    !!databaseUrl,
    availableParallelism(),
  );
  const stopTimeoutMs = parseMillis(
    '--stop-timeout-ms',
    flagOrEnv(values['stop-timeout-ms'], 'GAMEOPS_STOP_TIMEOUT_MS'),
    DEFAULT_STOP_TIMEOUT_MS,
  );
  if (workers > 1 && cluster.isPrimary) {
    console.log(`GameOps reference backend: ${workers} workers`);
    runPrimary({ workers, stopTimeoutMs, log: (line) => console.log(line) });
    return;
  }
  // Under --workers, the leader (worker 1) seeds and runs the jobs; the others answer requests.
  const place = workerEnv();
  const follower = place !== null && !place.leader;
  const seedPlayers = follower ? undefined : parseSeed(flagOrEnv(values.seed, 'GAMEOPS_SEED'));
  const timeZone = flagOrEnv(values['time-zone'], 'GAMEOPS_TIME_ZONE');
  const metricsToken = process.env['GAMEOPS_METRICS_TOKEN'] || undefined;
  const backend = await startBackend({
    ...(databaseUrl
      ? { databaseUrl, poolSize }
      : { dataDir: flagOrEnv(values.data, 'GAMEOPS_DATA_DIR') ?? DEFAULT_DATA_DIR }),
    ...(databaseReadUrl ? { databaseReadUrl, replica: { maxLagSec } } : {}),
    host: flagOrEnv(values.host, 'GAMEOPS_HOST') ?? DEFAULT_HOST,
    port: parsePort(flagOrEnv(values.port, 'GAMEOPS_PORT'), DEFAULT_PORT),
    ...(seedPlayers !== undefined ? { seedPlayers } : follower ? { seedPlayers: 0 } : {}),
    demo: values.demo === true,
    ...(timeZone !== undefined ? { timeZone } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    ...(place ? { metricsLabels: { worker: String(place.slot) }, sumMetrics: clusterMetrics } : {}),
    ...(follower ? { serverWatch: false as const, redelivery: false as const } : {}),
    logger: { level: process.env['LOG_LEVEL'] ?? 'info' },
  });
  if (place) {
    announceListening();
    stopWhenTold(() => backend.close());
    if (follower) return;
  }
  printStarted(backend, databaseUrl, databaseReadUrl);
  if (!place) stopOnSignals(() => backend.close(), stopTimeoutMs);
}

function printStarted(
  backend: RunningBackend,
  databaseUrl: string | undefined,
  databaseReadUrl: string | undefined,
): void {
  const where = databaseUrl
    ? `PostgreSQL ${redactUrl(databaseUrl)}`
    : `embedded database in ${backend.database.dataDir}`;
  const replica = databaseReadUrl ? `; reads that may lag from ${redactUrl(databaseReadUrl)}` : '';
  console.log(`GameOps reference backend on ${backend.url} (${where}${replica})`);
  for (const s of SERVICES) console.log(`  ${s.padEnd(8)} ${backend.serviceUrls[s]}`);
  console.log(`  openapi  ${backend.url}/openapi.json`);
  console.log(`  probes   ${backend.url}/health ${backend.url}/ready ${backend.url}/metrics`);
  if (backend.seeded.demoOperators > 0) {
    console.log(
      `Demo operators created (password "${DEMO_PASSWORD}"): ${DEMO_OPERATORS.map((o) => o.name).join(', ')}`,
    );
  }
  if (backend.seeded.players) console.log(`Players per game: ${JSON.stringify(backend.seeded.players)}`);
  if (backend.setup === 'needed') {
    console.log(
      'No operator yet: nobody can sign in. Create the first super-admin with\n' +
        `  ${databaseUrl ? 'DATABASE_URL=... ' : ''}npm run server -- create-super --phone PHONE --name NAME` +
        `${databaseUrl ? '' : ` --data ${backend.database.dataDir ?? DEFAULT_DATA_DIR}`}\n` +
        (databaseUrl ? '' : 'or start this server with --demo for the demo operators.\n') +
        '(Stop this server first when it uses the embedded database: one process at a time may open it.)',
    );
  }
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password for the new SUPER operator (then Enter): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.from(chunk as Buffer));
    // From a terminal, one line is the answer.
    if (process.stdin.isTTY && Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function createSuper(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      phone: { type: 'string' },
      name: { type: 'string' },
      'first-name': { type: 'string' },
      data: { type: 'string' },
    },
    strict: true,
  });
  if (!values.phone || !values.name) throw new UsageError('create-super needs --phone and --name');

  const password = process.env['GAMEOPS_SUPER_PASSWORD'] || (await readStdin());
  if (!password) {
    throw new UsageError(
      'No password given: set GAMEOPS_SUPER_PASSWORD or pipe the password on standard input. There is no default password.',
    );
  }
  const schema = ENDPOINTS['users.create'].input.pick({
    phone: true,
    name: true,
    first_name: true,
    password: true,
  });
  const parsed = schema.safeParse({
    phone: values.phone,
    name: values.name,
    first_name: values['first-name'] ?? '',
    password,
  });
  if (!parsed.success) throw new UsageError(describeIssues(issuesOf(parsed.error)));
  const input = parsed.data;

  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: values.data ?? DEFAULT_DATA_DIR },
  );
  try {
    await migrateToLatest(database.db);
    const now = new Date();
    const row = await createSuperOperator(database.db, input, DEFAULT_AUTH.scrypt, now).catch(
      (err: unknown) => {
        // The same refusals as the console's, said on the command line.
        if (err instanceof ApiError) throw new UsageError(err.message);
        throw err;
      },
    );
    await recordAudit(database.db, {
      at: now,
      operatorId: null,
      operator: 'create-super (command line)',
      action: 'users.create',
      target: row.phone,
      outcome: 'ok',
      code: 1,
      after: toOperator(row),
      clientIp: '',
    });
    console.log(`Created SUPER operator ${row.name} (${row.phone}).`);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === 'help' || first === '--help' || first === '-h') {
    console.log(USAGE);
    return;
  }
  if (first === 'create-super') return createSuper(rest);
  if (first === 'game-server-key') {
    console.log(gameServerKeyText(rest, process.env));
    return;
  }
  if (first === 'serve') return serve(rest);
  if (first === undefined || first.startsWith('--')) return serve(argv);
  throw new UsageError(`Unknown command "${first}"`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Error: ${message}`);
  if (err instanceof UsageError || (err instanceof TypeError && 'code' in err)) console.error(`\n${USAGE}`);
  process.exit(1);
});
