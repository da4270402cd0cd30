import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_BIN, freePort, postgresUserIds, runAsPostgres } from './postgres.js';

/**
 * A real streaming replica of the test cluster: `pg_basebackup -R` of the primary (the test
 * cluster's initdb allows replication from 127.0.0.1 with trust, and keeps wal_level replica and
 * max_wal_senders 10), started on a free port of 127.0.0.1 as a hot standby. It replicates the
 * whole cluster, so any of its databases is read at `urlOf(name)`.
 */

export interface Replica {
  /** The replica's URL of the database `name` (the primary's database of that name). */
  urlOf(name: string): string;
  /** Stops replaying what it receives (`pg_wal_replay_pause`), or starts again. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Whether it has replayed everything the primary had written when asked. */
  caughtUp(primaryUrl: string): Promise<boolean>;
  /** Stops the server (a replica gone away); `remove` takes its files too. */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function startReplica(primaryAdminUrl: string): Promise<Replica> {
  const dir = mkdtempSync(join(tmpdir(), 'gameops-replica-'));
  const ids = postgresUserIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const pgCtl = join(POSTGRES_BIN, 'pg_ctl');
  // A standby refuses to replay with fewer connections than its primary allows.
  const [limit] = await query<{ n: string }>(
    primaryAdminUrl,
    "select current_setting('max_connections') as n",
  );
  const opts = [
    `-c max_connections=${Number(limit?.n ?? 100)}`,
    '-c fsync=off',
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c hot_standby=on',
    // Reads here are not cancelled by replay while the test pauses and resumes it.
    '-c max_standby_streaming_delay=-1',
  ].join(' ');
  try {
    await runAsPostgres(join(POSTGRES_BIN, 'pg_basebackup'), [
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '-D',
      data,
      '-d',
      primaryAdminUrl,
    ]);
    await runAsPostgres(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', '-t', '60', 'start']);
  } catch (err) {
    // The server's own log says why it did not start; it goes with the directory.
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-2000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `the replica did not start: ${err instanceof Error ? err.message : String(err)}\n${log}`,
      {
        cause: err,
      },
    );
  }
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await runAsPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  return {
    urlOf,
    pause: async () => void (await query(urlOf('postgres'), 'select pg_wal_replay_pause()')),
    resume: async () => void (await query(urlOf('postgres'), 'select pg_wal_replay_resume()')),
    async caughtUp(primaryUrl) {
      const [p] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
      const [r] = await query<{ ok: boolean }>(
        urlOf('postgres'),
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok',
        [p?.lsn ?? '0/0'],
      );
      return r?.ok === true;
    },
    stop,
    async remove() {
      try {
        await stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
