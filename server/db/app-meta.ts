import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** app_meta: values a database keeps about itself (its token secret, its seed's anchor and sizes). */

/**
 * The value under `key`, storing `initial` first when there is none: the first start decides,
 * and later starts (or a concurrent one) read what it stored.
 */
export async function keptMeta(db: Kysely<Database>, key: string, initial: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key, value: initial })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function readMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
