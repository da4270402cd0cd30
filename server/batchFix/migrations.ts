import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Data repair: its runs, their progress and outcome. */
export const batchFixMigrations: Record<string, FeatureMigration> = {
  '0001_batch_fix_jobs': {
    was: '0014_batch_fix_jobs',
    async up(db: AnyDb) {
      await db.schema
        .createTable('batch_fix_jobs')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(sql`status in ('queued', 'running', 'done', 'failed', 'cancelled', 'interrupted')`),
        )
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.references('operators.id').onDelete('set null'))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz')
        .addColumn('finished_at', 'timestamptz')
        .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('counts', 'jsonb', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // A game's runs newest first, of all functions or one.
      await db.schema
        .createIndex('batch_fix_jobs_game_idx')
        .on('batch_fix_jobs')
        .columns(['game', 'id'])
        .execute();
      await db.schema
        .createIndex('batch_fix_jobs_name_idx')
        .on('batch_fix_jobs')
        .columns(['game', 'name', 'id'])
        .execute();
      // One run at a time per function and game, whatever two servers or two clicks do at once.
      await sql`create unique index batch_fix_jobs_one_active_idx on batch_fix_jobs (game, name)
        where status in ('queued', 'running')`.execute(db);
    },
  },
};
