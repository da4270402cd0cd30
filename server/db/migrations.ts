import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/**
 * The one set of migrations, for PGlite and PostgreSQL alike. Written in code (not files) so the
 * bundled desktop app carries them. Later issues append entries; never edit a released one.
 */

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': {
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
  '0002_players_moderation': {
    async up(db: AnyDb) {
      // Banned is a blacklist entry now (it can expire), not a state; deleted is a state.
      await sql`update players set state = 'active' where state = 'banned'`.execute(db);
      await db.schema.alterTable('players').addColumn('deleted_at', 'timestamptz').execute();
      await sql`alter table players add constraint players_state_check
        check (state in ('active', 'inactive', 'deleted'))`.execute(db);
      // Statistics count new and recently active players per game.
      await db.schema
        .createIndex('players_created_idx')
        .on('players')
        .columns(['game', 'created_at'])
        .execute();
      await db.schema
        .createIndex('players_last_login_idx')
        .on('players')
        .columns(['game', 'last_login_at'])
        .execute();
      await db.schema
        .createIndex('audit_target_idx')
        .on('audit_log')
        .columns(['game', 'target', 'id'])
        .execute();

      // A player's game data is made from the seed the first time it is read, then lives here.
      await db.schema
        .createTable('player_data_made')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('made_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_data_made_pkey', ['game', 'player_id'])
        .execute();
      await db.schema
        .createTable('player_rows')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('tab', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_rows_pkey', ['game', 'player_id', 'tab', 'seq'])
        .execute();
      await db.schema
        .createTable('player_equipment')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('eq_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quality', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('power', 'integer', (c) => c.notNull())
        .addColumn('base_attrs', 'jsonb', (c) => c.notNull())
        .addColumn('extra_attrs', 'jsonb', (c) => c.notNull())
        .addColumn('suit_attrs', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_equipment_pkey', ['game', 'player_id', 'id'])
        .execute();
      await db.schema
        .createIndex('player_equipment_power_idx')
        .on('player_equipment')
        .expression(sql`game, player_id, power desc, id`)
        .execute();
      // The game's cache: a copy of a tab as it was when taken; "clear cache" drops these.
      await db.schema
        .createTable('player_cache')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('tab', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('cached_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('player_cache_pkey', ['game', 'player_id', 'tab'])
        .execute();
      await db.schema
        .createTable('player_logs')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createIndex('player_logs_player_idx')
        .on('player_logs')
        .columns(['game', 'player_id', 'at', 'id'])
        .execute();

      await db.schema
        .createTable('banned_heroes')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('hero_id', 'integer', (c) => c.notNull())
        .addColumn('hero_name', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz')
        .addColumn('lifted_at', 'timestamptz')
        .addColumn('lifted_by', 'text')
        .addColumn('lift_reason', 'text')
        .execute();
      await db.schema
        .createIndex('banned_heroes_game_idx')
        .on('banned_heroes')
        .columns(['game', 'id'])
        .execute();
      await db.schema
        .createIndex('banned_heroes_hero_idx')
        .on('banned_heroes')
        .columns(['game', 'hero_id', 'player_id'])
        .execute();

      await db.schema
        .createTable('blacklist')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('player', 'ip')`))
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('blacklist_game_idx').on('blacklist').columns(['game', 'id']).execute();
      await db.schema
        .createIndex('blacklist_value_idx')
        .on('blacklist')
        .columns(['game', 'kind', 'value'])
        .execute();

      await db.schema
        .createTable('special_users')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('special_users_player_key', ['game', 'player_id'])
        .execute();

      await db.schema
        .createTable('testing_players')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('added_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('testing_players_pkey', ['game', 'player_id'])
        .execute();
      await db.schema
        .createTable('testing_recharges')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull().unique())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'refunded')`))
        .addColumn('refunded_at', 'timestamptz')
        .addColumn('refunded_by', 'text')
        .addColumn('refund_reason', 'text')
        .execute();
      await db.schema
        .createIndex('testing_recharges_player_idx')
        .on('testing_recharges')
        .columns(['game', 'player_id', 'id'])
        .execute();
      await db.schema
        .createIndex('testing_recharges_game_idx')
        .on('testing_recharges')
        .columns(['game', 'id'])
        .execute();
    },
  },
  '0003_player_search': {
    async up(db: AnyDb) {
      // Name search ("contains", any case) is always within one game. One trigram index per game
      // keeps each posting list to that game's players, a quarter of the global index's, which
      // is most of a search's cost at a million players per game. The global trigram index and
      // the prefix index then serve no query and only slow down inserts (the seed of a million
      // players per game is about a fifth faster without them). A new game adds its own index
      // in a migration; without one its name searches still work, by scanning.
      await sql`drop index if exists players_name_prefix_idx`.execute(db);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
      if ((rows[0]?.n ?? 0) === 0) return;
      for (const game of ['atomicwar', 'ymmj', 'lw', 'party']) {
        await sql`create index ${sql.id(`players_${game}_name_trgm_idx`)} on players
          using gin (name gin_trgm_ops) where game = ${sql.lit(game)}`.execute(db);
      }
      await sql`drop index if exists players_name_trgm_idx`.execute(db);
    },
  },
  '0004_moderation_indexes': {
    async up(db: AnyDb) {
      // Moderation lists are newest first by creation time (seeded history is not in id order),
      // one game at a time: these let a page be read from the index instead of sorting the game.
      await db.schema
        .createIndex('blacklist_created_idx')
        .on('blacklist')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('banned_heroes_created_idx')
        .on('banned_heroes')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('special_users_created_idx')
        .on('special_users')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('testing_players_added_idx')
        .on('testing_players')
        .columns(['game', 'added_at', 'player_id'])
        .execute();
      await db.schema
        .createIndex('testing_recharges_at_idx')
        .on('testing_recharges')
        .columns(['game', 'at', 'id'])
        .execute();
    },
  },
};

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
