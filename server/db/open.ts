import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparedWanted, withPreparedStatements } from './prepared.js';
import type { Database } from './schema.js';
import {
  DEFAULT_REPLICA_SETTINGS,
  primaryReads,
  replicaReads,
  type ReadRouter,
  type ReplicaSettings,
} from './replica.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when set, the embedded database is not used. */
  databaseUrl?: string;
  /** Where the embedded database lives; omitted = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * A streaming replica of `databaseUrl` for reads that may lag (DATABASE_READ_URL), with its
   * bounds (server/db/replica.ts). PostgreSQL only.
   */
  readUrl?: string;
  replica?: Partial<ReplicaSettings>;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded database's directory, when it has one. */
  dataDir?: string;
  /** Bytes on disk: the data directory for PGlite, pg_database_size for PostgreSQL. */
  sizeBytes(): Promise<number>;
  /**
   * Lets the embedded database recycle its write-ahead log after bulk writes (single-user
   * PGlite has no background checkpointer). PostgreSQL's own checkpointer does this: a no-op there.
   */
  checkpoint(): Promise<void>;
  /** The connection pool's state (PostgreSQL; the embedded database has one connection, no pool). */
  pool?: () => PoolState;
  /**
   * Where reads that may lag go: the replica while it answers and keeps up, else the primary;
   * the primary itself on the embedded database and without DATABASE_READ_URL.
   */
  reads: ReadRouter;
  close(): Promise<void>;
}

export interface PoolState {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The connections each process keeps to PostgreSQL, unless set (`--pg-pool-size`). */
export const DEFAULT_PG_POOL_SIZE = 10;

const INT8_OID = 20;

function dirSize(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += dirSize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.readUrl && !options.databaseUrl)
    throw new Error(
      'DATABASE_READ_URL names a replica of a PostgreSQL primary: set DATABASE_URL too (the embedded database has no replica)',
    );
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_PG_POOL_SIZE, options);
  return openPGlite(options.dataDir);
}

function postgresPool(url: string, poolSize: number, extra: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({
    ...extra,
    connectionString: url,
    max: poolSize,
    // PGlite reads int8 as a number; do the same so both backends hand out the same values
    // (our int8 columns are counters and ids far below 2^53).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/** The pool's Kysely: named (prepared) statements unless GAMEOPS_PG_PREPARED=0 (prepared.ts: PgBouncer). */
function kyselyOver(pool: pg.Pool): Kysely<Database> {
  const queried = preparedWanted(process.env) ? withPreparedStatements(pool) : pool;
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: queried }) });
}

/**
 * The replica's handle. Not checked here: a replica that is down at start must not stop the
 * backend (the primary is what it needs); the router finds out and reads from the primary.
 */
function openReplica(url: string, poolSize: number, settings: ReplicaSettings): Kysely<Database> {
  // A replica that does not answer must cost a read the check's bound, not the OS's connect timeout.
  return kyselyOver(postgresPool(url, poolSize, { connectionTimeoutMillis: settings.checkTimeoutMs }));
}

async function openPostgres(
  url: string,
  poolSize: number,
  options: Pick<OpenDatabaseOptions, 'readUrl' | 'replica'>,
): Promise<OpenedDatabase> {
  const pool = postgresPool(url, poolSize);
  const db = kyselyOver(pool);
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${why}`, { cause: err });
  }
  const settings = { ...DEFAULT_REPLICA_SETTINGS, ...options.replica };
  const replica = options.readUrl ? openReplica(options.readUrl, poolSize, settings) : undefined;
  return {
    db,
    kind: 'postgres',
    async sizeBytes() {
      const { rows } = await sql<{
        size: number;
      }>`select pg_database_size(current_database()) as size`.execute(db);
      return Number(rows[0]?.size ?? 0);
    },
    checkpoint: async () => undefined,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    reads: replica ? replicaReads(db, replica, settings) : primaryReads(db),
    async close() {
      try {
        await replica?.destroy();
      } finally {
        await db.destroy();
      }
    },
  };
}

async function openPGlite(dataDir: string | undefined): Promise<OpenedDatabase> {
  let lock: DataDirLock | undefined;
  let pgDir: string | undefined;
  if (dataDir) {
    lock = lockDataDir(dataDir);
    pgDir = join(resolve(dataDir), 'pgdata');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(pgDir ? { dataDir: pgDir } : {}),
      extensions: { pg_trgm },
      // A desktop app should not keep PostgreSQL's default 1 GB of write-ahead log on disk.
      startParams: [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    reads: primaryReads(db),
    ...(dataDir ? { dataDir: resolve(dataDir) } : {}),
    async sizeBytes() {
      if (pgDir) return dirSize(pgDir);
      const { rows } = await sql<{
        size: number;
      }>`select pg_database_size(current_database()) as size`.execute(db);
      return Number(rows[0]?.size ?? 0);
    },
    async checkpoint() {
      await sql`checkpoint`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
