import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Players, their game data and cache (0002 also made the moderation tables: it shipped as one). */

/** The players table grows: deleted as a state, the indexes statistics and the audit read. (0001, one migration as shipped.) */
async function playersColumnsAndIndexes(db: AnyDb): Promise<void> {
  // Banned is a blacklist entry now (it can expire), not a state; deleted is a state.
  await sql`update players set state = 'active' where state = 'banned'`.execute(db);
  await db.schema.alterTable('players').addColumn('deleted_at', 'timestamptz').execute();
  await sql`alter table players add constraint players_state_check
    check (state in ('active', 'inactive', 'deleted'))`.execute(db);
  // Statistics count new and recently active players per game.
  await db.schema.createIndex('players_created_idx').on('players').columns(['game', 'created_at']).execute();
  await db.schema
    .createIndex('players_last_login_idx')
    .on('players')
    .columns(['game', 'last_login_at'])
    .execute();
  await db.schema.createIndex('audit_target_idx').on('audit_log').columns(['game', 'target', 'id']).execute();
}

/** A player's game data, equipment, cache and logs. (0001, one migration as shipped.) */
async function playerGameData(db: AnyDb): Promise<void> {
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
}

/** Banned heroes, the blacklist, special users, testing players and their recharges. (0001, one migration as shipped.) */
async function moderationTables(db: AnyDb): Promise<void> {
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
  await db.schema.createIndex('banned_heroes_game_idx').on('banned_heroes').columns(['game', 'id']).execute();
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
}

export const playersMigrations: Record<string, FeatureMigration> = {
  '0001_players_moderation': {
    was: '0002_players_moderation',
    async up(db: AnyDb) {
      // In three parts only to be read: the statements and their order are as shipped.
      await playersColumnsAndIndexes(db);
      await playerGameData(db);
      await moderationTables(db);
    },
  },
  '0002_player_search': {
    was: '0003_player_search',
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
  '0004_equipment_docs': {
    async up(db: AnyDb) {
      // A piece's JSON is kept as it was stored (materialise.ts writes it with the piece, from
      // the same JSON), and the equipment tab is these texts joined: a heavy player's 10,000
      // pieces are one string_agg, not 10,000 JSON objects built and printed per read (issues
      // 23 and 25: the first open of a heavy player's equipment). Pieces are only ever inserted
      // (and removed by repairs), so the text cannot drift from the columns; a feature that
      // changes a piece must write its doc too. The rows stored before this get theirs here.
      await sql`alter table player_equipment add column doc text`.execute(db);
      await sql`update player_equipment set doc = jsonb_build_object('id', id, 'eqID', eq_id,
        'name', name, 'quality', quality, 'level', level, 'power', power, 'baseAttrs', base_attrs,
        'extraAttrs', extra_attrs, 'suitAttrs', suit_attrs)::text`.execute(db);
      await sql`alter table player_equipment alter column doc set not null`.execute(db);
      // The game's cache copy is kept as the text the game would hand back: stored, read and
      // answered without being turned into jsonb and printed again (about half a heavy copy's
      // read and write). Nothing looks inside a copy but the repair that counts its rows.
      await sql`alter table player_cache alter column data type text using data::text`.execute(db);
    },
  },
  '0003_player_name_grams': {
    was: '0007_player_name_grams',
    async up(db: AnyDb) {
      // Name search by our own index of 1- and 2-character grams (server/players/search.ts says
      // how it is read). pg_bigm would do this, but PGlite has no such extension, and pg_trgm
      // has nothing for text under three characters, which is what operators type for Chinese
      // names. Plain tables and triggers work the same on PGlite and PostgreSQL.
      //
      // The postings of a name: every distinct character and every distinct pair of adjacent
      // characters of lower(name); pairs carry lower(name) itself, so that a longer fragment can
      // be checked inside the index (an index-only scan) instead of on each candidate player.
      // The database lowers (never the client): in a UTF-8 database ILIKE is lower(name) LIKE
      // lower(pattern), so grams taken with the same lower() find exactly the names ILIKE finds,
      // whatever the locale folds. Each gram once, by "this is its first occurrence" (a third
      // faster than DISTINCT; the seed runs this on millions of names). Not STRICT, so that the
      // planner inlines it. The triggers, the backfill below and the seed's bulk load
      // (server/players/name-grams.ts) all make postings with it.
      await sql`
        create function player_name_postings(name text) returns table (gram text, lname text)
        language sql immutable parallel safe as $$
          select substr(l, i, k), case when k = 2 then l end
          from lower(name) as l, generate_series(1, char_length(l)) as i, (values (1), (2)) as w(k)
          where i + k - 1 <= char_length(l) and strpos(l, substr(l, i, k)) = i
        $$`.execute(db);

      // One row per posting; the key is the gram's posting list ordered by account number, so
      // a page is a short ordered read of the index. Grams compare bytewise (collation "C")
      // whatever the database's locale: equality is the same in any deterministic collation,
      // and byte order makes sorting and lookups cheaper.
      //
      // One partition per game, for two reasons: the seed can build one game's index after
      // loading it instead of inserting millions of keys one by one; and a partition's key can
      // leave the game out (a quarter smaller), which the search then reads directly (on the
      // parent, the test on game would not be in the index and would rule out the index-only
      // scan). Any other game's rows go to the default partition, keyed by game too; a game
      // added later may get its own partition in a migration (and in GRAM_PARTITIONS).
      await sql`
        create table player_name_grams (
          game text not null,
          gram text collate "C" not null,
          num integer not null,
          lname text
        ) partition by list (game)`.execute(db);
      // (The keys come after the backfill at the end: built once, not key by key.)
      const partitions = ['atomicwar', 'ymmj', 'lw', 'party'];
      for (const game of partitions) {
        await sql`create table ${sql.id(`player_name_grams_${game}`)} partition of player_name_grams
          for values in (${sql.lit(game)})`.execute(db);
      }
      await sql`create table player_name_grams_other partition of player_name_grams default`.execute(db);

      // How many players of a game have each gram: the exact total of a 1- or 2-character
      // search, and which pair of a longer fragment is the rarest.
      await sql`
        create table player_name_gram_counts (
          game text not null,
          gram text collate "C" not null,
          players integer not null,
          constraint player_name_gram_counts_pkey primary key (game, gram)
        )`.execute(db);

      // Kept in the same transaction as the change to players, by statement triggers that read
      // the changed rows as a set: a bulk insert is one set-wise insert, not a call per row. An
      // update touches only rows whose game, num or name changed (a state change touches none);
      // it removes their old postings before adding the new ones (a rename keeps most keys).
      // Every count moves by its net change in one insert sorted by key, so concurrent writers
      // take the counts' row locks in one order and cannot deadlock. (A trigger's body is plpgsql
      // text, so it is put together from the constant pieces below; no input goes into it.)
      const postingsOf = (rows: string) => `
        select r.game, r.num, x.gram, x.lname
        from (${rows}) as r cross join lateral player_name_postings(r.name) as x`;
      const add = (rows: string) => `
        insert into player_name_grams (game, gram, num, lname)
        select game, gram, num, lname from (${postingsOf(rows)}) as a
        returning game, gram`;
      const remove = (rows: string) => `
        delete from player_name_grams as t
        using (${postingsOf(rows)}) as d
        where t.game = d.game and t.gram = d.gram and t.num = d.num`;
      const moveCounts = (deltas: string) => `
        insert into player_name_gram_counts as c (game, gram, players)
        select game, gram, sum(d)::int from (${deltas}) as m
        group by game, gram having sum(d) <> 0
        order by game, gram
        on conflict (game, gram) do update set players = c.players + excluded.players`;
      const trigger = async (op: 'insert' | 'update' | 'delete', tables: string, body: string) => {
        await sql
          .raw(
            `create function player_name_grams_${op}() returns trigger language plpgsql as $fn$
            begin
              ${body};
              return null;
            end $fn$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger players_name_grams_${op} after ${op} on players
            referencing ${tables} for each statement execute function player_name_grams_${op}()`,
          )
          .execute(db);
      };
      const inserted = 'select game, num, name from new_players';
      const deleted = 'select game, num, name from old_players';
      const before = `${deleted} except ${inserted}`;
      const after = `${inserted} except ${deleted}`;
      await trigger(
        'insert',
        'new table as new_players',
        `with a as (${add(inserted)}) ${moveCounts('select game, gram, 1 as d from a')}`,
      );
      await trigger(
        'delete',
        'old table as old_players',
        `with r as (${remove(deleted)} returning t.game, t.gram)
        ${moveCounts('select game, gram, -1 as d from r')}`,
      );
      await trigger(
        'update',
        'old table as old_players new table as new_players',
        `${remove(before)};
        with a as (${add(after)})
        ${moveCounts(`select game, gram, 1 as d from a
          union all select game, gram, -1 from (${postingsOf(before)}) as r`)}`,
      );
      await sql`
        create function player_name_grams_truncate() returns trigger language plpgsql as $fn$
        begin
          truncate player_name_grams, player_name_gram_counts;
          return null;
        end $fn$`.execute(db);
      await sql`
        create trigger players_name_grams_truncate after truncate on players
        for each statement execute function player_name_grams_truncate()`.execute(db);

      // The players already there: a desktop install holds 500 per game, a developer's database
      // may hold millions, so one game at a time, then the keys. PGlite has no checkpointer:
      // checkpoint between games, or this one transaction keeps all its write-ahead log.
      const { rows } = await sql<{ found: boolean }>`
        select exists (select 1 from pg_stat_activity where backend_type = 'checkpointer') as found`.execute(
        db,
      );
      const pause = async () => {
        if (!rows[0]?.found) await sql`checkpoint`.execute(db);
      };
      const backfill = async (which: RawBuilder<boolean>) => {
        await sql`
          with a as (
            insert into player_name_grams (game, gram, num, lname)
            select r.game, x.gram, r.num, x.lname
            from players as r cross join lateral player_name_postings(r.name) as x
            where ${which}
            returning game, gram
          )
          insert into player_name_gram_counts (game, gram, players)
          select game, gram, count(*)::int from a group by game, gram`.execute(db);
        await pause();
      };
      for (const game of partitions) {
        await backfill(sql<boolean>`r.game = ${game}`);
        const part = `player_name_grams_${game}`;
        await sql`alter table ${sql.id(part)} add constraint ${sql.id(`${part}_pkey`)}
          primary key (gram, num) include (lname)`.execute(db);
        await pause();
      }
      await backfill(sql<boolean>`r.game <> all(${partitions}::text[])`);
      await sql`alter table player_name_grams_other add constraint player_name_grams_other_pkey
        primary key (game, gram, num) include (lname)`.execute(db);
      await sql`analyze player_name_grams`.execute(db);
      await sql`analyze player_name_gram_counts`.execute(db);
    },
  },
  '0005_cache_shape': {
    async up(db: AnyDb) {
      // A copy's row count and first row, kept with it (players/cache.ts): the equipment call
      // answers the count and the top power (the first piece's), and scanning a heavy copy's
      // 2 MB text for them cost more than reading it (issue 23). Copies taken before get theirs
      // here, once.
      await sql`alter table player_cache add column row_count integer, add column first_row text`.execute(db);
      await sql`update player_cache set row_count = json_array_length(data::json),
        first_row = (data::json -> 0)::text`.execute(db);
    },
  },
};
