import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Players, their game data and cache (0002 also made the moderation tables: it shipped as one). */

export const playersMigrations: Record<string, Migration> = {
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
};
