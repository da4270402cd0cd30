import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL 15 cluster for tests and the benchmark: its own temp directory, a free
 * port on 127.0.0.1, trust auth, no fsync. PostgreSQL refuses to run as root, so when we are
 * root the cluster runs as the `postgres` system user (the directory is handed to it).
 */

const run = promisify(execFile);

export const POSTGRES_BIN = process.env['POSTGRES_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** URL of the `postgres` database as superuser `postgres`; create your own database in it. */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function asPostgresUser(cmd: string, args: string[]): [string, string[]] {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export async function runAsPostgres(cmd: string, args: string[]): Promise<void> {
  const [file, argv] = asPostgresUser(cmd, args);
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${cmd} failed: ${e.stderr || e.stdout || e.message}`.trim(), { cause: err });
  }
}

export function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  // `id` reads a system user's ids without a native module; it runs once, before the cluster exists.
  const id = (flag: string): number => {
    const res = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`no "postgres" system user: ${res.stderr}`);
    return Number.parseInt(res.stdout.trim(), 10);
  };
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts a throwaway cluster; `settings` are server settings beyond its own (`-c name=value`):
 * the benches give it what a deployment would (bench/postgres-settings.ts).
 */
export async function startPostgres(
  settings: Readonly<Record<string, string>> = {},
): Promise<PostgresCluster> {
  for (const [name, value] of Object.entries(settings)) {
    if (!/^[a-z_]+$/.test(name) || !/^[\w.]+$/.test(value))
      throw new Error(`not a setting: ${name}=${value}`);
  }
  const initdb = join(POSTGRES_BIN, 'initdb');
  const pgCtl = join(POSTGRES_BIN, 'pg_ctl');
  if (!existsSync(initdb)) throw new Error(`PostgreSQL binaries not found in ${POSTGRES_BIN}`);

  const dir = mkdtempSync(join(tmpdir(), 'gameops-pg-'));
  const ids = postgresUserIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  const port = await freePort();

  try {
    await runAsPostgres(initdb, [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const opts = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ');
    await runAsPostgres(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '60', 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await runAsPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh database in the cluster, for one test file or one benchmark run. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Identifiers cannot be bound parameters; the name is checked against a strict pattern above.
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
