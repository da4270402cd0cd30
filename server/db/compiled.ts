import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A query built and compiled once, then sent with each call's values (issue 21, "Throughput"). For
 * the reads every request makes (a player by id): on the bench, Kysely's builders, its frozen
 * operation nodes and its compiler's walk (and the garbage they leave) cost a worker about 180 µs
 * of CPU a player read, of about 460, spent making the same SQL text again and again. The text was already a prepared statement
 * (prepared.ts); now it is also made once per process.
 *
 * `build` receives stand-ins for the values, not the values: it may only put them in the query
 * as values (a `where`, a `sql` template's `${...}`), never read, compare or branch on them, nor
 * spread them into lists (`in`). A builder that reads one (`p.id.trim()`) fails on its first call,
 * and one that leaves a value out is refused there too, so neither can slip through quietly.
 */

/** What stands for a value while the query is compiled; replaced by the call's value when sent. */
class Slot {
  constructor(readonly key: string) {}
}

type Params = Record<string, unknown>;

/**
 * `compileOnce((db, p) => db.selectFrom('players').selectAll().where('id', '=', p.id))` gives
 * `(db, { id }) => rows`: any Kysely of the process (a transaction, the replica) runs it.
 */
export function compileOnce<P extends Params, R>(
  build: (db: Kysely<Database>, p: P) => Compilable<R>,
): (db: Kysely<Database>, p: P) => Promise<R[]> {
  let template: CompiledQuery<R> | undefined;
  const compile = (db: Kysely<Database>, keys: readonly string[]): CompiledQuery<R> => {
    // Every key of the first call's values gets its stand-in; a value the query never uses is a
    // mistake in `build` (or a key it does not read), said here rather than sent as null.
    const slots = Object.fromEntries(keys.map((k) => [k, new Slot(k)])) as unknown as P;
    const compiled = build(db, slots).compile();
    const used = new Set(compiled.parameters.flatMap((v) => (v instanceof Slot ? [v.key] : [])));
    const unused = keys.filter((k) => !used.has(k));
    if (unused.length > 0)
      throw new Error(`compileOnce: the query does not use ${unused.join(', ')} (${compiled.sql})`);
    return compiled;
  };
  return async (db, p) => {
    // Every Kysely here compiles PostgreSQL's SQL (PGlite's dialect uses PostgreSQL's compiler),
    // so the first one's text serves them all.
    template ??= compile(db, Object.keys(p));
    const parameters = template.parameters.map((v) => (v instanceof Slot ? p[v.key] : v));
    const { rows } = await db.executeQuery<R>({ ...template, parameters });
    return rows;
  };
}
