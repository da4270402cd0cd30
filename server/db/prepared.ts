import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Prepared statements on PostgreSQL (issue 21, "Throughput"): every query Kysely sends is given a
 * name made from its SQL text, so pg parses and plans it once per connection and afterwards only
 * binds and executes it (pg keeps the names a connection has prepared). Kysely's SQL text holds
 * parameters, never values, so the distinct texts are the code's query shapes; the names are
 * still bounded (MAX_NAMED): past that many distinct texts, the rest go unnamed, as before.
 *
 * Behind PgBouncer in transaction mode a connection's prepared statements are not the session's:
 * PgBouncer 1.21 and later tracks protocol-level prepared statements (`max_prepared_statements`,
 * e.g. 200); with an older pooler, GAMEOPS_PG_PREPARED=0 turns the names off.
 */

export const PREPARED_ENV = 'GAMEOPS_PG_PREPARED';

/** Distinct SQL texts given a name; the server's query shapes are a few hundred. */
export const MAX_NAMED = 2000;

/** Whether to name statements: on unless GAMEOPS_PG_PREPARED is 0, false or off. */
export function preparedWanted(env: NodeJS.ProcessEnv): boolean {
  const v = (env[PREPARED_ENV] ?? '').trim().toLowerCase();
  return !['0', 'false', 'off', 'no'].includes(v);
}

type QueryFn = (...args: unknown[]) => unknown;

/** Names SQL texts: the same text always gets the same name, at most `max` texts are named. */
export function statementNamer(max = MAX_NAMED): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max) return known;
    const name = `g_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
}

/**
 * The pool with each client's `query(text, values)` sent as a named statement when it has values.
 * Other forms (a config object, a cursor, text without values) pass through untouched.
 */
export function withPreparedStatements(pool: pg.Pool, nameOf = statementNamer()): pg.Pool {
  const patched = new WeakSet<object>();
  const patch = (client: pg.PoolClient) => {
    if (patched.has(client)) return client;
    patched.add(client);
    const query = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values, ...rest] = args;
      // Only statements with parameters: the rest (begin, commit, savepoints, vacuum, a
      // migration's DDL) keep the simple protocol they had, and are not the per-request ones.
      const name =
        typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
      return name === undefined ? query(...args) : query({ name, text, values }, ...rest);
    };
    return client;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'connect') {
        const v: unknown = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? (v as QueryFn).bind(target) : v;
      }
      return async () => patch(await target.connect());
    },
  });
}
