import type { Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * The pay-server session (one token per operator, hashed) and the pay server's on/off state. The
 * pay server is part of the payments feature (server/payments/feature.ts): its migrations are
 * numbered in that feature's sequence.
 */
export const payServerMigrations: Record<string, FeatureMigration> = {
  '0002_pay_server': {
    was: '0020_pay_server',
    async up(db: AnyDb) {
      await db.schema
        .createTable('pay_server_tokens')
        // One per operator: a new sign-in replaces the old token (the row is replaced).
        .addColumn('operator_id', 'integer', (c) =>
          c.primaryKey().references('operators.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pay_server_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('accepting', 'boolean', (c) => c.notNull())
        .addColumn('changed_at', 'timestamptz')
        .addColumn('changed_by', 'text')
        .addColumn('reason', 'text')
        .execute();
      // The one row: a new database takes orders until a SUPER shuts the pay server down.
      await (db as Kysely<{ pay_server_state: { id: number; accepting: boolean } }>)
        .insertInto('pay_server_state')
        .values({ id: 1, accepting: true })
        .execute();
    },
  },
};
