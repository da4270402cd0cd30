import { sql, type Kysely, type Transaction } from 'kysely';
import type { FeatureMigration } from '../feature.js';
import { SERVER_FEATURES } from '../features.js';
import { PLATFORM_MIGRATIONS } from './platform-migrations.js';

/**
 * The one set of migrations, for PGlite and PostgreSQL alike, gathered from the platform and the
 * feature modules (each keeps its own beside its handlers). Written in code (not files) so the
 * bundled desktop app carries them. A feature numbers its own (`NNNN_words`, its next free
 * number); they run as `<feature>/NNNN_words`, the platform's first, then each feature's after
 * those of the features before it in server/features.ts (which lists features in dependency
 * order), each feature's in its own order. No counter is shared between features. Never edit a
 * released one.
 */

export interface NamedMigration {
  /** `<feature>/NNNN_words`: what the database records once it ran. */
  name: string;
  migration: FeatureMigration;
}

export interface MigrationSource {
  id: string;
  migrations?: Record<string, FeatureMigration>;
}

const OWN_NAME = /^(\d{4})_[a-z0-9_]+$/;

/** The migrations of the sources in the order they run; refuses names that would make it unclear. */
export function gatherMigrations(sources: readonly MigrationSource[]): NamedMigration[] {
  const all: NamedMigration[] = [];
  const formerNames = new Set<string>();
  for (const source of sources) {
    const names = Object.keys(source.migrations ?? {}).sort();
    const numbers = new Set<string>();
    for (const name of names) {
      const number = OWN_NAME.exec(name)?.[1];
      if (!number) throw new Error(`migration ${name} (${source.id}) is not named NNNN_words`);
      if (numbers.has(number)) throw new Error(`two migrations of ${source.id} share the number ${number}`);
      numbers.add(number);
      const migration = source.migrations?.[name] as FeatureMigration;
      if (migration.was !== undefined) {
        if (formerNames.has(migration.was)) throw new Error(`two migrations were ${migration.was}`);
        formerNames.add(migration.was);
      }
      all.push({ name: `${source.id}/${name}`, migration });
    }
  }
  return all;
}

export const MIGRATIONS: readonly NamedMigration[] = gatherMigrations([
  { id: 'platform', migrations: PLATFORM_MIGRATIONS },
  ...SERVER_FEATURES,
]);

/** The feature a migration belongs to and its number in that feature's sequence. */
function placeOf(name: string): { feature: string; number: string } {
  const slash = name.lastIndexOf('/');
  return { feature: name.slice(0, slash), number: name.slice(slash + 1, slash + 5) };
}

/**
 * Which of `all` are still to run on a database that ran `executed`, in their order. A feature's
 * migrations run in its own order, so a new one numbered below one that already ran is refused
 * (two branches took the same number, one renumbered after release); features are independent
 * of each other, so a feature's new migration may run after a later feature's.
 */
export function pendingMigrations(
  all: readonly NamedMigration[],
  executed: readonly string[],
  until?: string,
): NamedMigration[] {
  const known = new Set(all.map((m) => m.name));
  const unknown = executed.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new Error(
      `The database was migrated by a newer version (it ran ${unknown.join(', ')}, unknown to this one): ` +
        'run the version that migrated it, or a later one.',
    );
  const done = new Set(executed);
  const last = until === undefined ? all.length - 1 : all.findIndex((m) => m.name === until);
  if (last < 0) throw new Error(`there is no migration ${until}`);
  const pending = all.slice(0, last + 1).filter((m) => !done.has(m.name));
  for (const m of pending) {
    const { feature, number } = placeOf(m.name);
    const later = executed.find((n) => placeOf(n).feature === feature && placeOf(n).number > number);
    if (later)
      throw new Error(
        `migration ${m.name} is new but ${later} of the same feature ran already: ` +
          'a feature numbers a new migration after its last one.',
      );
  }
  return pending;
}

export interface MigrationReport {
  applied: string[];
  /** True when this run created the schema from nothing (a new database). */
  created: boolean;
}

/**
 * Kysely's migration lock (its PostgresAdapter's advisory lock id): a backend of an older version,
 * whose Kysely Migrator takes it, and this one take turns on one PostgreSQL.
 */
const LOCK_ID = 3853314791062309107n;

interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
}

/** Brings the database to the latest migration, or up to and with `until` (tests). */
export function migrateToLatest<DB>(
  db: Kysely<DB>,
  options: { until?: string } = {},
): Promise<MigrationReport> {
  return runMigrations(db, MIGRATIONS, options.until);
}

/**
 * Runs the migrations of `all` a database has not run, in one transaction: two backends starting
 * on one PostgreSQL take turns, and a failed migration leaves nothing of the run behind. The
 * record is Kysely's (`kysely_migration`), so databases migrated by Kysely's Migrator under the
 * former global names open here: their rows are renamed first.
 */
export async function runMigrations<DB>(
  db: Kysely<DB>,
  all: readonly NamedMigration[],
  until?: string,
): Promise<MigrationReport> {
  const applied = await (db as unknown as Kysely<MigrationTables>).transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_ID)})`.execute(trx);
    await sql`create table if not exists kysely_migration (
      name varchar(255) not null primary key,
      timestamp varchar(255) not null
    )`.execute(trx);
    await renameFormerNames(trx, all);
    const rows = await trx.selectFrom('kysely_migration').select(['name', 'timestamp']).execute();
    const pending = pendingMigrations(
      all,
      rows.map((r) => r.name),
      until,
    );
    // Kysely's record: ISO times, each after the last, whatever the clock did.
    let at = Math.max(0, ...rows.map((r) => Date.parse(r.timestamp) || 0));
    for (const { name, migration } of pending) {
      try {
        await migration.up(trx);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new Error(`Database migration ${name} failed: ${why}`, { cause: err });
      }
      at = Math.max(Date.now(), at + 1);
      await trx
        .insertInto('kysely_migration')
        .values({ name, timestamp: new Date(at).toISOString() })
        .execute();
    }
    return pending.map((m) => m.name);
  });
  const first = all[0]?.name;
  return { applied, created: first !== undefined && applied.includes(first) };
}

/** Records made under the former global names (`0018_orders`) take the per-feature ones. */
async function renameFormerNames(
  trx: Transaction<MigrationTables>,
  all: readonly NamedMigration[],
): Promise<void> {
  const renames = all.flatMap((m) => (m.migration.was ? [[m.migration.was, m.name] as const] : []));
  if (renames.length === 0) return;
  const pairs = sql.join(renames.map(([was, name]) => sql`(${was}::text, ${name}::text)`));
  await sql`update kysely_migration as k set name = r.name
    from (values ${pairs}) as r (was, name) where k.name = r.was`.execute(trx);
}
