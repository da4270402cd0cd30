import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PGliteStatements } from './pglite-statements.js';

/**
 * Kysely on an embedded PGlite. PGlite is one Postgres session, so the "pool" is one connection
 * behind a queue: a query or a whole transaction holds it until released, and nothing from
 * another request can slip into an open transaction. (The npm kysely-pglite-dialect does not
 * support PGlite 0.5; this is small enough to own.)
 */
export class PGliteDialect implements Dialect {
  readonly #pg: PGlite;
  constructor(pg: PGlite) {
    this.#pg = pg;
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#pg);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  // The introspector's type wants the app's Kysely, whatever its schema.
  createIntrospector(db: Kysely<never>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #statements: PGliteStatements;
  constructor(pg: PGlite) {
    this.#statements = new PGliteStatements(pg);
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.#statements.run<R>(compiled.sql, compiled.parameters);
    const command = res.command?.toUpperCase();
    if (command === 'COMMIT' || command === 'ROLLBACK') return { rows: [{ command } as R] };
    return {
      rows: res.rows,
      ...(command && COUNTED.has(command)
        ? { numAffectedRows: BigInt(res.rowCount ?? res.affectedRows ?? 0) }
        : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  readonly #pg: PGlite;
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(pg: PGlite) {
    this.#pg = pg;
    this.#connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.#pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await conn.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const { rows } = await conn.executeQuery<{ command?: string }>(CompiledQuery.raw('commit'));
    if (rows[0]?.command === 'ROLLBACK')
      throw new Error('the transaction was rolled back instead of committed');
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then close; later queries fail loudly.
    await this.#queue;
    if (!this.#pg.closed) await this.#pg.close();
  }
}
