import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

type AnyDb = Kysely<unknown>;

/**
 * Message notices: per game, a threshold on online players or today's income. `state` is what
 * the watch engine last decided (ok, crossed, unknown), so a crossing fires once, even across a
 * restart of the backend.
 */
export const noticesMigrations: Record<string, FeatureMigration> = {
  '0001_notices': {
    was: '0010_notices',
    async up(db: AnyDb) {
      await sql`create table notice_rules (
        id serial primary key,
        game text not null,
        kind text not null check (kind in ('playersBelow', 'playersAbove', 'incomeBelow')),
        threshold bigint not null check (threshold >= 0),
        by_hour integer check (by_hour between 0 and 23),
        enabled boolean not null default true,
        note text not null default '',
        state text not null default 'unknown' check (state in ('ok', 'crossed', 'unknown')),
        last_fired_at timestamptz,
        last_value bigint,
        last_evaluated_at timestamptz,
        version integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        updated_by text not null
      )`.execute(db);
      await sql`create index notice_rules_game_idx on notice_rules (game, id)`.execute(db);
    },
  },
  /** The notices list sorts by when a notice last fired (by game: notice_rules_game_idx). */
  '0002_sorts': {
    async up(db: AnyDb) {
      await sql`create index notice_rules_fired_idx on notice_rules (last_fired_at, id)`.execute(db);
    },
  },
};
