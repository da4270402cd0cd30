import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

type AnyDb = Kysely<unknown>;

/**
 * Every operator's own shortcut preferences: one row per operator who saved any, holding only the
 * combos they changed from the defaults (so a later change of a default reaches everyone who kept
 * it) and their pinned pages in order. An operator's preferences go with them.
 */
export const shortcutsMigrations: Record<string, FeatureMigration> = {
  '0001_shortcuts': {
    was: '0012_shortcuts',
    async up(db: AnyDb) {
      await sql`create table operator_shortcuts (
        operator_id integer primary key references operators (id) on delete cascade,
        combos jsonb not null,
        pinned jsonb not null,
        updated_at timestamptz not null
      )`.execute(db);
    },
  },
};
