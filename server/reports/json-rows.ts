import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The rows of a query as one JSON value, in `order`. PGlite decodes a result row by row in
 * JavaScript, which was most of the time of a year's report of a couple of thousand rows (the
 * charge statistics' 2,200 rows: 54 ms as rows, 14 ms as one value, on the loaded bench machine);
 * one value decodes with JSON.parse. PostgreSQL's driver takes about as long either way. The
 * query's columns must be JSON's kinds already: text (days as `day::text`), numbers, null.
 */
export async function jsonRows<T>(
  db: Kysely<Database>,
  query: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<T[]> {
  const { rows } = await sql<{ j: T[] }>`
    select coalesce(json_agg(q order by ${order}), '[]'::json) as j from (${query}) as q`.execute(db);
  return rows[0]?.j ?? [];
}
