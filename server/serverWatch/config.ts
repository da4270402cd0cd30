import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type UpdateObject, type Updateable } from 'kysely';
import { readMeta, writeMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';
import { signedInOf, type HandlerContext } from '../http/context.js';

/**
 * A stamp of the watch configuration (servers, maintenance windows, notices): every change writes
 * a new one in its own transaction, and the engine reloads when the stamp it read last differs.
 * One small read per tick tells any backend that something changed, whichever backend changed it.
 */
export const CONFIG_STAMP_KEY = 'serverWatch.config';

export async function touchWatchConfig(db: Kysely<Database>): Promise<void> {
  await writeMeta(db, CONFIG_STAMP_KEY, randomUUID());
}

export async function watchConfigStamp(db: Kysely<Database>): Promise<string> {
  return (await readMeta(db, CONFIG_STAMP_KEY)) ?? '';
}

/**
 * What an operator's change of a watched server or a notice sets besides the change itself: when,
 * by whom, and the row's next version (edits that race compare it).
 */
function changeStamp(ctx: HandlerContext) {
  return {
    updated_at: ctx.now,
    updated_by: signedInOf(ctx).operator.name,
    version: sql<number>`version + 1`,
  };
}

/** The tables of the watch configuration whose rows an operator changes one at a time. */
type ConfigTable = 'watched_servers' | 'notice_rules';

/**
 * Writes an operator's change of row `id` of a watched server or a notice, with its change stamp,
 * and returns the row as changed. The caller has read the row (it is there) and touches the
 * configuration's stamp once its call has done all it changes.
 */
export async function changeConfigRow<T extends ConfigTable>(
  ctx: HandlerContext,
  table: T,
  id: number,
  change: Updateable<Database[T]>,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot name a column of a table given by a type parameter: the statement is typed on
  // both tables, whose rows share the columns it names; `change` was checked against table T.
  const set = { ...change, ...changeStamp(ctx) } as unknown as UpdateObject<Database, ConfigTable>;
  const row = await ctx.db
    .updateTable(table as ConfigTable)
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Selectable<Database[T]>;
}
