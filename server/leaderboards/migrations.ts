import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

type AnyDb = Kysely<unknown>;

/**
 * Seasons, records, the rank blocks that count them, and the per-game switch of the dynamic rank
 * list. Scores are whole numbers below 2^31; the lowest block of a board starts at -2^31, so every
 * score has its block. Records name their season without a foreign key: only the seed makes
 * records, after their seasons, and a key's check per row was most of a million-row load on the
 * embedded database.
 */
export const leaderboardsMigrations: Record<string, FeatureMigration> = {
  '0001_leaderboards': {
    async up(db: AnyDb) {
      await sql`create table leaderboard_seasons (
        game text not null,
        id integer not null check (id > 0),
        name text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null check (ends_at > starts_at),
        primary key (game, id)
      )`.execute(db);
      await sql`create table leaderboard_records (
        id serial primary key,
        game text not null,
        season_id integer not null,
        board text not null check (board in ('player', 'team', 'equip')),
        player_id text not null,
        team_name text,
        score integer not null,
        level integer not null,
        eq_name text,
        eq_quality text,
        achieved_at timestamptz not null,
        deleted_at timestamptz,
        deleted_by text,
        delete_reason text
      )`.execute(db);
      // The board's order: the top 100 is its first entries, a rank counts entries before a record.
      await sql`create index leaderboard_records_rank_idx
        on leaderboard_records (game, season_id, board, score desc, achieved_at, id)
        where deleted_at is null`.execute(db);
      // One live record per player, board and season; deleted ones stay beside it.
      await sql`create unique index leaderboard_records_player_idx
        on leaderboard_records (game, season_id, board, player_id)
        where deleted_at is null`.execute(db);
      await sql`create table leaderboard_rank_blocks (
        game text not null,
        season_id integer not null,
        board text not null,
        lo integer not null,
        records integer not null check (records >= 0),
        primary key (game, season_id, board, lo)
      )`.execute(db);
      await sql`create table leaderboard_settings (
        game text primary key,
        dynamic_rank boolean not null,
        updated_at timestamptz,
        updated_by text
      )`.execute(db);
    },
  },
  // Level detail (levels-stages.ts): a stage's records are a board of their own, `stage-<id>`, so
  // its ranks are counted by the same index and blocks as the boards'; a clear keeps its time.
  '0002_stage_records': {
    async up(db: AnyDb) {
      await sql`alter table leaderboard_records drop constraint leaderboard_records_board_check`.execute(db);
      await sql`alter table leaderboard_records add constraint leaderboard_records_board_check
        check (board in ('player', 'team', 'equip') or board ~ '^stage-[1-9][0-9]*$')`.execute(db);
      await sql`alter table leaderboard_records add column clear_ms integer
        check (clear_ms is null or clear_ms > 0)`.execute(db);
    },
  },
};
