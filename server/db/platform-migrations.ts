import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * The platform's migrations, run before every feature's: the foundation (operators, sessions,
 * refresh tokens, sign-in failures, audit log, meta, players), the audit actions' names, and the
 * backend's own events. Never edit a released migration.
 */
export const PLATFORM_MIGRATIONS: Record<string, FeatureMigration> = {
  '0001_foundation': {
    was: '0001_foundation',
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('operators')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_login_at', 'timestamptz')
        .execute();
      // Names sign in too, in any case: two operators may not differ only by case.
      await db.schema
        .createIndex('operators_name_key')
        .on('operators')
        .unique()
        .expression(sql`lower(name)`)
        .execute();
      await db.schema
        .createIndex('operators_created_idx')
        .on('operators')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('operator_id', 'integer', (c) =>
          c.notNull().references('operators.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('revoked_reason', 'text')
        .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_operator_idx').on('sessions').column('operator_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session_idx')
        .on('refresh_tokens')
        .column('session_id')
        .execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_account_idx')
        .on('login_failures')
        .columns(['account', 'at'])
        .execute();
      await db.schema
        .createIndex('login_failures_ip_idx')
        .on('login_failures')
        .columns(['client_ip', 'at'])
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.references('operators.id').onDelete('set null'))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('game', 'text')
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('ok', 'error')`))
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('before', 'jsonb')
        .addColumn('after', 'jsonb')
        .addColumn('client_ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('audit_operator_idx')
        .on('audit_log')
        .columns(['operator_id', 'id'])
        .execute();
      await db.schema.createIndex('audit_action_idx').on('audit_log').columns(['action', 'id']).execute();

      await db.schema
        .createTable('players')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('num', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_login_at', 'timestamptz')
        .addPrimaryKeyConstraint('players_pkey', ['game', 'id'])
        .addUniqueConstraint('players_game_num_key', ['game', 'num'])
        .execute();
      // Prefix search on the name, in any case.
      await db.schema
        .createIndex('players_name_prefix_idx')
        .on('players')
        .expression(sql`game, lower(name) text_pattern_ops`)
        .execute();
      // Partial search ("contains") needs trigrams. Both PGlite (bundled contrib) and stock
      // PostgreSQL ship pg_trgm; a server without it still works, only slower on such searches.
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if ((rows[0]?.n ?? 0) > 0) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index players_name_trgm_idx on players using gin (name gin_trgm_ops)`.execute(db);
      }
    },
  },
  '0002_capability_names': {
    was: '0005_capability_names',
    async up(db: AnyDb) {
      // One name per capability in every layer: the audit log's actions are the endpoint ids now.
      const renames: [string, string][] = [
        ['user.create', 'users.create'],
        ['user.update', 'users.update'],
        ['user.delete', 'users.delete'],
        ['player.delete', 'players.delete'],
        ['player.activate', 'players.activate'],
        ['player.clearCache', 'players.clearCache'],
        ['hero.ban', 'bannedHeroes.ban'],
        ['hero.unban', 'bannedHeroes.unban'],
        ['hero.deleteItem', 'bannedHeroes.deleteItem'],
        ['special.create', 'specialUsers.create'],
        ['special.delete', 'specialUsers.delete'],
        ['testing.refund', 'testingPlayers.refund'],
        ['auth.refresh-reuse', 'auth.refreshReuse'],
      ];
      for (const [from, to] of renames) {
        await sql`update audit_log set action = ${to} where action = ${from}`.execute(db);
      }
    },
  },
  '0003_system_events': {
    was: '0008_system_events',
    async up(db: AnyDb) {
      // The backend's own events, shown with the audit trail in the system logs.
      await db.schema
        .createTable('system_events')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('info', 'warn', 'error')`))
        .addColumn('game', 'text')
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'jsonb')
        .execute();
      await db.schema.createIndex('system_events_at_idx').on('system_events').columns(['at', 'id']).execute();
      await db.schema
        .createIndex('system_events_kind_at_idx')
        .on('system_events')
        .columns(['kind', 'at', 'id'])
        .execute();
    },
  },
};
