import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readMeta, writeMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';

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
