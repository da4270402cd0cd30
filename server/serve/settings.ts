import { PROVIDERS } from '../../shared/api/orders.js';
import { DEFAULT_PG_POOL_SIZE } from '../db/open.js';
import { PREPARED_ENV } from '../db/prepared.js';
import { CRASH_AFTER_PAID_ENV } from '../orders/ledger/payment.js';
import { LIVE_SETTINGS } from '../payments/keys.js';
import { SECRETS_KEY_ENV } from '../platform/secrets-key.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../options.js';

/**
 * Every environment variable the deployed server reads, in one list: the deployment recipes
 * (deploy/: the container, the systemd unit, the example environment file) may name only these,
 * and a test holds the list to what the server's code reads, so a recipe cannot set a setting
 * that does nothing and a new setting cannot be left out of them.
 */

export interface ServerSetting {
  env: string;
  /** The `serve` flag that stands for it (the flag wins). */
  flag?: string;
  /** Its default, as the README and the example environment file give it. */
  default?: string;
  /** What it does, in a line. */
  text: string;
}

/** How long a stop may take before what is left is killed, unless set (cli.ts). */
export const DEFAULT_STOP_TIMEOUT_MS = 10_000;

export const SERVER_SETTINGS: readonly ServerSetting[] = [
  { env: 'DATABASE_URL', text: 'PostgreSQL to use instead of the embedded database (postgres://...)' },
  {
    env: PREPARED_ENV,
    default: '1',
    text: 'PostgreSQL prepared statements; 0 behind a pooler in transaction mode older than PgBouncer 1.21',
  },
  {
    env: 'GAMEOPS_PG_POOL_SIZE',
    flag: '--pg-pool-size',
    default: String(DEFAULT_PG_POOL_SIZE),
    text: 'PostgreSQL connections per process (2 to 500): workers x this in all, plus one each to LISTEN',
  },
  {
    env: 'DATABASE_READ_URL',
    flag: '--database-read-url',
    text: 'a streaming replica of DATABASE_URL that reports, searches and lists read from',
  },
  {
    env: 'GAMEOPS_READ_MAX_LAG_SEC',
    flag: '--read-max-lag-sec',
    default: '30',
    text: 'how far behind the replica may be before those reads go to the primary (seconds)',
  },
  { env: 'GAMEOPS_HOST', flag: '--host', default: DEFAULT_HOST, text: 'the address to listen on' },
  { env: 'GAMEOPS_PORT', flag: '--port', default: String(DEFAULT_PORT), text: 'the port to listen on' },
  {
    env: 'GAMEOPS_WORKERS',
    flag: '--workers',
    text: 'processes on the one port (PostgreSQL only; default: the cores there, 1 embedded)',
  },
  {
    env: 'GAMEOPS_STOP_TIMEOUT_MS',
    flag: '--stop-timeout-ms',
    default: String(DEFAULT_STOP_TIMEOUT_MS),
    text: 'on SIGTERM: how long to finish requests in flight and stop jobs before what is left is killed',
  },
  { env: 'GAMEOPS_DATA_DIR', flag: '--data', text: "the embedded database's folder (without DATABASE_URL)" },
  {
    env: 'GAMEOPS_SEED',
    flag: '--seed',
    text: 'made-up players per game to seed (small or a number; demo only)',
  },
  {
    env: 'GAMEOPS_TIME_ZONE',
    flag: '--time-zone',
    text: "the studio's time zone reports count days in (an IANA name; default Asia/Shanghai on a new database)",
  },
  { env: SECRETS_KEY_ENV, text: 'the key that seals stored secrets (32 bytes, hex or base64)' },
  { env: 'GAMEOPS_METRICS_TOKEN', text: 'the bearer token /metrics wants from other hosts' },
  { env: 'LOG_LEVEL', default: 'info', text: "the log's level (fatal, error, warn, info, debug, trace)" },
  {
    env: 'GAMEOPS_PAY_PUBLIC_URL',
    text: "the origin payment providers post notices to (default: the backend's own)",
  },
  ...PROVIDERS.flatMap((p) =>
    LIVE_SETTINGS[p].map((env) => ({ env, text: `${p}'s live mode (all of ${p}'s settings, or none)` })),
  ),
  { env: 'GAMEOPS_SUPER_PASSWORD', text: "create-super's password (else it is read from standard input)" },
];

/**
 * What the server reads that no deployment sets: the cluster's word to its workers, the desktop
 * app's embedded backend's first run, and a test's crash point.
 */
export const INTERNAL_ENV: readonly string[] = [
  'GAMEOPS_WORKER_SLOT',
  'GAMEOPS_WORKER_LEADER',
  'GAMEOPS_FIRST_RUN',
  CRASH_AFTER_PAID_ENV,
  // server/serve/instance-child.ts: the three-instance test's own backends.
  'GAMEOPS_TEST_DEMO',
];
