import { MAX_SEED, SMALL_SEED } from './seed/players.js';

/** Option parsing shared by the CLI and the worker. */

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = './.data/backend';

/** `value` as a whole number from `min` to `max` (decimal digits only), or null when it is not one. */
function wholeNumberIn(value: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** `small` or a number of players per game (0 to 1,000,000). */
export function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'small') return SMALL_SEED;
  if (!/^\d+$/.test(value))
    throw new Error(`--seed takes "small" or a number of players per game, not "${value}"`);
  const n = Number.parseInt(value, 10);
  if (n > MAX_SEED) throw new Error(`--seed is at most ${MAX_SEED} players per game`);
  return n;
}

export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`--port must be 0 to 65535, not "${value}"`);
  return n;
}

/**
 * `--workers N` (or GAMEOPS_WORKERS): default the machine's cores on PostgreSQL; the embedded
 * database is one process's (its directory is locked), so there it is 1 and more is refused.
 */
export function parseWorkers(value: string | undefined, postgres: boolean, cores: number): number {
  if (value === undefined || value === '') return postgres ? Math.max(1, cores) : 1;
  const n = wholeNumberIn(value, 1, 64);
  if (n === null) throw new Error(`--workers takes a number of processes from 1 to 64, not "${value}"`);
  if (n > 1 && !postgres)
    throw new Error(
      `--workers ${n} needs PostgreSQL (DATABASE_URL): the embedded database is open in one process only`,
    );
  return n;
}

/** A duration in milliseconds from a flag or its environment variable, with its bounds. */
export function parseMillis(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = wholeNumberIn(value, 0, 600_000);
  if (ms === null) throw new Error(`${name} takes milliseconds from 0 to 600000, not "${value}"`);
  return ms;
}

/**
 * `--pg-pool-size` (or GAMEOPS_PG_POOL_SIZE): each process's PostgreSQL connections, for
 * requests and jobs (the replica gets as many). At least 2: the instance that runs server
 * watch's checks holds one for as long as it leads (its advisory lock), and a pool of one would
 * leave nothing for requests.
 */
export function parsePoolSize(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const size = wholeNumberIn(value, 2, 500);
  if (size === null)
    throw new Error(
      `--pg-pool-size takes a number of connections from 2 to 500, not "${value}" ` +
        '(one of them is held by server watch while the instance leads it)',
    );
  return size;
}

/**
 * `--read-max-lag-sec` (or GAMEOPS_READ_MAX_LAG_SEC): how far behind, in whole seconds, the read
 * replica may be before reads that may lag go to the primary instead.
 */
export function parseMaxLag(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const sec = wholeNumberIn(value, 1, 86_400);
  if (sec === null) throw new Error(`--read-max-lag-sec takes whole seconds from 1 to 86400, not "${value}"`);
  return sec;
}
