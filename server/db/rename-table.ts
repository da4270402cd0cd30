import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Renames a table in place, rows kept, and with it every name PostgreSQL derived from the table's
 * (`<table>_...`): the sequences it owns (its serial columns'; ids go on from where they were), its
 * key, foreign key, check and (where the server names them) not-null constraints, and its indexes.
 * A later migration can then name them as a new database has them.
 *
 * Feature migrations call it (one name per capability: giftCodes/0002, serverWatch/0004), so
 * what it does is part of released migrations: never change it, write another.
 */
export async function renameTable(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await sql`alter table ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
  const prefix = `${from}_`;
  const renamed = async (query: RawBuilder<{ name: string }>) =>
    (await query.execute(db)).rows.map((r) => [r.name, `${to}${r.name.slice(from.length)}`] as const);

  for (const [old, name] of await renamed(sql<{ name: string }>`
    select s.relname as name from pg_class s
      join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
    where s.relkind = 'S' and d.refobjid = ${to}::regclass and starts_with(s.relname, ${prefix})`))
    await sql`alter sequence ${sql.id(old)} rename to ${sql.id(name)}`.execute(db);

  for (const [old, name] of await renamed(sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${to}::regclass and starts_with(conname, ${prefix})`))
    await sql`alter table ${sql.id(to)} rename constraint ${sql.id(old)} to ${sql.id(name)}`.execute(db);

  // Indexes last: a key's index took the key's new name with it.
  for (const [old, name] of await renamed(sql<{ name: string }>`
    select indexname as name from pg_indexes
    where schemaname = current_schema() and tablename = ${to} and starts_with(indexname, ${prefix})`))
    await sql`alter index ${sql.id(old)} rename to ${sql.id(name)}`.execute(db);
}
