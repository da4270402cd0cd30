import type { Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * Sign-in's own tables beyond the platform's foundation (server/db/platform-migrations.ts).
 * Never edit a released migration.
 */
export const authMigrations: Record<string, FeatureMigration> = {
  '0001_known_addresses_refresh_grace': {
    was: '0006_known_addresses_refresh_grace',
    async up(db: AnyDb) {
      // Addresses an operator signed in from: the per-address sign-in limit spares them there.
      await db.schema
        .createTable('known_addresses')
        .addColumn('operator_id', 'integer', (c) =>
          c.notNull().references('operators.id').onDelete('cascade'),
        )
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_addresses_pkey', ['operator_id', 'client_ip'])
        .execute();
      // A rotated refresh token keeps its successor, sealed, for the rotation's grace.
      await db.schema.alterTable('refresh_tokens').addColumn('successor', 'text').execute();
    },
  },
};
