import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
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
export function changeStamp(ctx: HandlerContext) {
  return {
    updated_at: ctx.now,
    updated_by: signedInOf(ctx).operator.name,
    version: sql<number>`version + 1`,
  };
}
