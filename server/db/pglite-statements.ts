import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Runs one statement on an embedded PGlite in as few trips into its WebAssembly as the protocol
 * allows, keeping the statements the app repeats prepared.
 *
 * Why: `PGlite.query` sends parse, describe, bind, describe, execute and sync as six separate
 * calls into Postgres, each with its own response parse, and Postgres parses and plans the SQL
 * every time. Kysely repeats the same few hundred SQL texts with different values, so a named
 * statement per text (prepared once: parse + describe; then bind + execute + sync in one call)
 * saves most of that. Payment notices, at several statements each, are where it shows.
 *
 * What it keeps the same as `query`: values are serialized by the parameter types Postgres
 * reports, with PGlite's own serializers; rows are parsed by PGlite's parsers; errors are
 * PGlite's (with the query and its values attached).
 */

/** Data statements are worth keeping; anything else runs once (DDL, transaction control). */
const CACHEABLE = /^\s*\(?\s*(select|insert|update|delete|with|values)\b/i;
/** Statements that cannot change what a prepared statement returns. */
const HARMLESS =
  /^\s*(begin|start|commit|end|rollback|savepoint|release|set|reset|show|checkpoint|vacuum|analyze|lock|explain|deallocate)\b/i;
/** Beyond these the statement runs unnamed (a bulk insert's thousands of values). */
const MAX_CACHED_PARAMS = 200;
const MAX_CACHED_SQL = 16_000;
/** Prepared statements kept per database; the least recently used one is closed beyond it. */
export const STATEMENT_CACHE_SIZE = 500;

/** Postgres's answer when a table changed under a prepared statement's result. */
function planChanged(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && /cached plan must not change result type/.test(String(e.message));
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description, or undefined when it returns no rows. */
  description: BackendMessage | undefined;
}

let statementCounter = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

type BindValue = string | null | ArrayBuffer | ArrayBufferView;

/**
 * The protocol's Bind message for a named statement, text results. The same bytes as
 * `protocol.serialize.bind` (a test compares them), written in one allocation: that one measures
 * each string twice in JavaScript and regrows its buffer, which showed in profiles of notices
 * that carry a provider's whole request.
 */
export function bindMessage(statement: string, values: readonly BindValue[]): Uint8Array {
  const encoded = values.map((v) =>
    v === null
      ? null
      : typeof v === 'string'
        ? Buffer.from(v, 'utf8')
        : ArrayBuffer.isView(v)
          ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
          : new Uint8Array(v),
  );
  const name = Buffer.from(statement, 'utf8');
  let size = 1 + 4 + 1 + name.byteLength + 1 + 2 + 2 * values.length + 2 + 2;
  for (const e of encoded) size += 4 + (e?.byteLength ?? 0);
  const out = Buffer.alloc(size);
  let at = out.writeUInt8(0x42, 0); // 'B'
  at = out.writeInt32BE(size - 1, at);
  at += 1; // unnamed portal: an empty string
  at += name.copy(out, at) + 1;
  at = out.writeUInt16BE(values.length, at);
  // Binary values (bytea) go as binary, everything else as text, as PGlite does.
  for (const v of values) at = out.writeInt16BE(v !== null && typeof v !== 'string' ? 1 : 0, at);
  at = out.writeUInt16BE(values.length, at);
  for (const e of encoded) {
    if (e === null) {
      at = out.writeInt32BE(-1, at);
    } else {
      at = out.writeInt32BE(e.byteLength, at);
      out.set(e, at);
      at += e.byteLength;
    }
  }
  out.writeInt16BE(0, at); // result columns: all text
  return out;
}

function withQuery(err: unknown, query: string, params: readonly unknown[]): unknown {
  if (err instanceof protocol.messages.DatabaseError) Object.assign(err, { query, params });
  return err;
}

export class PGliteStatements {
  readonly #pg: PGlite;
  readonly #cache = new Map<string, Prepared>();
  /** Statements evicted from the cache, closed with the next message. */
  #toClose: string[] = [];

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /** How many statements are kept prepared (for tests). */
  get cachedCount(): number {
    return this.#cache.size;
  }

  async run<R>(query: string, params: readonly unknown[]): Promise<Results<R>> {
    await this.#pg._checkReady();
    return this.#pg._runExclusiveQuery(async () => {
      try {
        return await this.#run<R>(query, params, true);
      } catch (err) {
        throw withQuery(err, query, params);
      }
    });
  }

  async #run<R>(query: string, params: readonly unknown[], mayRetry: boolean): Promise<Results<R>> {
    const cacheable =
      CACHEABLE.test(query) && params.length <= MAX_CACHED_PARAMS && query.length <= MAX_CACHED_SQL;
    if (!cacheable && params.length === 0) {
      // One call: parse, bind, describe, execute, sync on the unnamed statement.
      const messages = await this.#exec([
        protocol.serialize.parse({ text: query }),
        protocol.serialize.bind({}),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute(),
        protocol.serialize.sync(),
      ]);
      if (!HARMLESS.test(query)) await this.#forgetAll();
      return this.#results<R>(messages);
    }
    let stmt = cacheable ? this.#cache.get(query) : undefined;
    if (stmt) {
      // Least recently used order: Map keeps insertion order.
      this.#cache.delete(query);
      this.#cache.set(query, stmt);
    } else {
      stmt = await this.#prepare(query, cacheable);
    }
    const values = params.map((param, i): BindValue => {
      if (param === null || param === undefined) return null;
      const serialize = this.#pg.serializers[stmt.paramTypes[i] ?? 0];
      return serialize ? (serialize(param) as BindValue) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await this.#exec([
        bindMessage(stmt.name, values),
        protocol.serialize.execute(),
        protocol.serialize.sync(),
      ]);
    } catch (err) {
      if (!cacheable || !planChanged(err)) throw err;
      // A table changed under the statement: prepare it again. Outside a transaction the
      // statement is simply tried again; inside one the error stands (the transaction is aborted).
      this.#drop(query);
      if (!mayRetry || this.#pg.isInTransaction()) throw err;
      return this.#run<R>(query, params, false);
    }
    if (!cacheable && !HARMLESS.test(query)) await this.#forgetAll();
    return this.#results<R>(stmt.description ? [stmt.description, ...messages] : messages);
  }

  async #prepare(query: string, cacheable: boolean): Promise<Prepared> {
    const name = cacheable ? `gameops_${++statementCounter}` : '';
    const messages = await this.#exec([
      protocol.serialize.parse({ name, text: query }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const stmt: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      description: messages.find((m) => m.name === 'rowDescription'),
    };
    if (cacheable) {
      this.#cache.set(query, stmt);
      if (this.#cache.size > STATEMENT_CACHE_SIZE) {
        const [oldest] = this.#cache.keys();
        if (oldest !== undefined) this.#drop(oldest);
      }
    }
    return stmt;
  }

  #drop(query: string): void {
    const stmt = this.#cache.get(query);
    if (!stmt) return;
    this.#cache.delete(query);
    this.#toClose.push(stmt.name);
  }

  /** After DDL: a table may have changed under any statement; prepare them again. */
  async #forgetAll(): Promise<void> {
    if (this.#cache.size === 0 && this.#toClose.length === 0) return;
    this.#cache.clear();
    this.#toClose = [];
    await this.#exec([protocol.serialize.query('deallocate all')]);
  }

  async #exec(parts: Uint8Array[]): Promise<BackendMessage[]> {
    // Evicted statements are closed outside transactions only, so that closing can never meet
    // an aborted transaction; they wait meanwhile.
    let closing: Uint8Array[] = [];
    if (this.#toClose.length > 0 && !this.#pg.isInTransaction()) {
      closing = this.#toClose.map((name) => protocol.serialize.close({ type: 'S', name }));
      this.#toClose = [];
    }
    return this.#pg.execProtocolStream(concat([...closing, ...parts]), { syncToFs: false });
  }

  #results<R>(messages: BackendMessage[]): Results<R> {
    return parse.parseResults(messages, this.#pg.parsers, { rowMode: 'object' })[0] as Results<R>;
  }
}
