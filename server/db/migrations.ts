import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { SERVER_FEATURES } from '../features.js';

/**
 * The one set of migrations, for PGlite and PostgreSQL alike, gathered from the feature modules
 * (each keeps its own beside its handlers). Written in code (not files) so the bundled desktop app
 * carries them. They run in the order of their names, whichever feature holds them: a new one
 * takes the next free number. Never edit a released one.
 */
function gather(): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const f of SERVER_FEATURES) {
    for (const [name, m] of Object.entries(f.migrations ?? {})) {
      if (!/^\d{4}_[a-z0-9_]+$/.test(name))
        throw new Error(`migration ${name} (${f.id}) is not named NNNN_words`);
      if (all[name]) throw new Error(`migration ${name} is declared twice`);
      all[name] = m;
    }
  }
  const names = Object.keys(all).sort();
  const numbers = names.map((n) => n.slice(0, 4));
  if (new Set(numbers).size !== numbers.length)
    throw new Error(`two migrations share a number: ${names.join(', ')}`);
  return Object.fromEntries(names.map((n) => [n, all[n] as Migration]));
}

export const MIGRATIONS: Record<string, Migration> = gather();

class InCodeProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export interface MigrationReport {
  applied: string[];
  /** True when this run created the schema from nothing (a new database). */
  created: boolean;
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: new InCodeProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${why}`);
  }
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const first = Object.keys(MIGRATIONS)[0];
  return { applied, created: first !== undefined && applied.includes(first) };
}
