import { sql, type Kysely } from 'kysely';
import { renameTable } from '../db/rename-table.js';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Activation codes and shop tickets: batches, their codes, redemptions, game servers' nonces. */
export const giftCodesMigrations: Record<string, FeatureMigration> = {
  '0001_gift_codes': {
    was: '0017_gift_codes',
    async up(db: AnyDb) {
      await db.schema
        .createTable('code_batches')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('grant_spec', 'jsonb', (c) => c.notNull())
        .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
        .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
        .addColumn('uses_per_code', 'integer', (c) => c.notNull())
        .addColumn('uses_per_player', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A game's list of one kind, newest first.
      await db.schema
        .createIndex('code_batches_list_idx')
        .on('code_batches')
        .columns(['game', 'kind', 'created_at', 'id'])
        .execute();

      // No serial id and no foreign key on the codes: a batch of 100,000 is written in a few
      // statements, and each extra index, sequence or per-row key check costs whole seconds on the
      // embedded database. The code (in the C collation: plain ASCII, compared bytewise, sorted as
      // JavaScript sorts) is the key, unique in its game across every batch and both kinds.
      await sql`
        create table gift_codes (
          game text not null,
          code text collate "C" not null,
          batch_id integer not null,
          uses integer not null default 0,
          enabled boolean not null default true,
          last_player_id text,
          last_redeemed_at timestamptz,
          primary key (game, code)
        )`.execute(db);
      // A batch's codes, paged in order.
      await sql`create index gift_codes_batch_idx on gift_codes (batch_id, code)`.execute(db);

      await db.schema
        .createTable('code_redemptions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('code', sql`text collate "C"`, (c) => c.notNull())
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('code_batches.id'))
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('server_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A player's uses of a batch (the per-player limit).
      await sql`create index code_redemptions_player_idx on code_redemptions (batch_id, player_id)`.execute(
        db,
      );
      // A code's redemptions, newest first.
      await sql`create index code_redemptions_code_idx on code_redemptions (game, code, at desc, id desc)`.execute(
        db,
      );

      await db.schema
        .createTable('game_server_nonces')
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('ts', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_server_nonces_pk', ['game', 'nonce'])
        .execute();
      // Pruning: nonces whose time has left the clock-skew window.
      await sql`create index game_server_nonces_ts_idx on game_server_nonces (ts)`.execute(db);
    },
  },
  /**
   * One name per capability: the batches and redemptions of gift codes are named so, like the
   * codes; their keys, sequences and indexes with them. Renamed in place, rows kept.
   */
  '0002_one_name': {
    async up(db: AnyDb) {
      await renameTable(db, 'code_batches', 'gift_code_batches');
      await renameTable(db, 'code_redemptions', 'gift_code_redemptions');
    },
  },
  /**
   * A game's batches of one kind sorted by their name or when they end (shared BATCH_SORTS) read a
   * page off an index in that order, ties by id as the list breaks them; by creation the list's
   * index serves.
   */
  '0003_batch_sorts': {
    async up(db: AnyDb) {
      await sql`create index gift_code_batches_name_idx on gift_code_batches (game, kind, name, id)`.execute(
        db,
      );
      await sql`create index gift_code_batches_until_idx on gift_code_batches (game, kind, valid_until, id)`.execute(
        db,
      );
    },
  },
  /**
   * One name per capability: activation codes' endpoint ids are `giftCodes.*` (were
   * `activeCodes.*`), so the audit entries written under the former ids take the new ones and the
   * system logs find old and new entries under one action.
   */
  '0004_audit_actions': {
    async up(db: AnyDb) {
      const [from, to] = ['activeCodes.', 'giftCodes.'];
      await sql`update audit_log set action = ${to} || substr(action, ${from.length + 1})
        where starts_with(action, ${from})`.execute(db);
    },
  },
};
