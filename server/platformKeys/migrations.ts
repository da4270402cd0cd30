import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Game-platform keys, their secrets sealed (never stored in the clear). */
export const platformKeysMigrations: Record<string, FeatureMigration> = {
  '0001_platform_keys': {
    was: '0015_platform_keys',
    async up(db: AnyDb) {
      await db.schema
        .createTable('platform_keys')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('secret_key_id', 'text', (c) => c.notNull())
        .addColumn('secret_hint', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('secret_set_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A name once per game, whatever its case: "Steam Web API" and "steam web api" are one key.
      await sql`create unique index platform_keys_name_idx on platform_keys (game, lower(name))`.execute(db);
      await db.schema
        .createIndex('platform_keys_created_idx')
        .on('platform_keys')
        .columns(['game', 'created_at', 'id'])
        .execute();
    },
  },
  /**
   * A game's keys sorted by name or by their last change (shared KEY_SORTS) read off an index in
   * that order, ties by id; by creation the index above serves.
   */
  '0002_sorts': {
    async up(db: AnyDb) {
      await sql`create index platform_keys_sort_name_idx on platform_keys (game, name, id)`.execute(db);
      await sql`create index platform_keys_updated_idx on platform_keys (game, updated_at, id)`.execute(db);
    },
  },
};
