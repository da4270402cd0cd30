import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/*
 * The counting rules of statistics, in SQL, once: the statement-level triggers that keep the
 * rollups current in the transaction of each insert (a bulk seed costs one grouped upsert per
 * rollup), and `statistics_rebuild(game)`, the data repair, made of the same fragments. Upserts
 * take their rows in key order, so two writers never deadlock on them.
 *
 * What the raw rows may do: matches, lineups and sign-ins are appended, never changed (a match
 * played and a sign-in are facts); anything else (a correction, a deletion) leaves the rollups to
 * `statistics_rebuild`.
 */

const HOUR = (col: string) => `date_trunc('hour', ${col})`;

/** Matches of `rel`: matches and seconds per game, hour and mode. */
const addMatches = (rel: string) => `
  insert into match_hours as t (game, hour, mode, matches, seconds)
  select game, ${HOUR('started_at')}, mode, count(*), sum(seconds) from ${rel} as r
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (game, hour, mode) do update
  set matches = t.matches + excluded.matches, seconds = t.seconds + excluded.seconds`;

/** Player places of `rel` (lineup rows), counted under their match's hour and mode. */
const addPlaces = (rel: string) => `
  insert into match_hours as t (game, hour, mode, players)
  select m.game, ${HOUR('m.started_at')}, m.mode, count(*) from ${rel} as p
    join matches as m on m.game = p.game and m.id = p.match_id
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (game, hour, mode) do update set players = t.players + excluded.players`;

/**
 * Sign-ins of `rel` per account and address, then the addresses: an address's accounts move by
 * the account rows that are new (`xmax = 0` says so inside the same statement).
 */
const addSignIns = (rel: string) => `
  with s as (
    select game, ip, player_id, count(*)::int as n, min("at") as f, max("at") as l
    from ${rel} as r group by 1, 2, 3),
  a as (
    insert into ip_accounts as t (game, ip, player_id, sign_ins, first_at, last_at)
    select game, ip, player_id, n, f, l from s order by game, ip, player_id
    on conflict (game, ip, player_id) do update
    set sign_ins = t.sign_ins + excluded.sign_ins, first_at = least(t.first_at, excluded.first_at),
      last_at = greatest(t.last_at, excluded.last_at)
    returning t.game, t.ip, (t.xmax = 0)::int as fresh)
  insert into ip_addresses as t (game, ip, accounts, sign_ins, first_at, last_at)
  select x.game, x.ip, x.accounts, y.n, y.f, y.l
  from (select game, ip, sum(fresh)::int as accounts from a group by 1, 2) as x
    join (select game, ip, sum(n)::int as n, min(f) as f, max(l) as l from s group by 1, 2) as y
      on y.game = x.game and y.ip = x.ip
  order by x.game, x.ip
  on conflict (game, ip) do update
  set accounts = t.accounts + excluded.accounts, sign_ins = t.sign_ins + excluded.sign_ins,
    first_at = least(t.first_at, excluded.first_at), last_at = greatest(t.last_at, excluded.last_at)`;

/** Every rollup of one game (`g`), recounted from the raw rows. */
const REBUILD = `
  delete from match_hours where game = g;
  delete from ip_accounts where game = g;
  delete from ip_addresses where game = g;
  ${addMatches('(select * from matches where game = g)')};
  ${addPlaces('(select * from match_players where game = g)')};
  ${addSignIns('(select * from sign_ins where game = g)')}`;

async function triggerOn(db: AnyDb, name: string, table: string, rel: string, body: string): Promise<void> {
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $fn$
      begin
        ${body};
        return null;
      end $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${name} after insert on ${table}
      referencing new table as ${rel} for each statement execute function ${name}()`,
    )
    .execute(db);
}

const COUNTER = (c: string) => `${c} integer not null default 0`;

async function createTables(db: AnyDb): Promise<void> {
  const statements = [
    `create table matches (
      game text not null, id bigint not null, mode text not null, map text not null,
      started_at timestamptz not null, seconds integer not null check (seconds >= 0),
      winner text check (winner in ('red', 'blue')),
      primary key (game, id))`,
    // A day's matches, in start order.
    `create index matches_started_idx on matches (game, started_at, id)`,
    `create table match_players (
      game text not null, match_id bigint not null, player_id text not null,
      side text not null check (side in ('red', 'blue')),
      result text not null check (result in ('win', 'loss', 'draw')),
      kills integer not null check (kills >= 0), deaths integer not null check (deaths >= 0),
      score integer not null,
      primary key (game, match_id, player_id),
      foreign key (game, match_id) references matches (game, id))`,
    `create table match_hours (
      game text not null, hour timestamptz not null, mode text not null,
      ${COUNTER('matches')}, ${COUNTER('players')}, seconds bigint not null default 0,
      primary key (game, hour, mode))`,
    `create table api_call_hours (
      hour timestamptz not null, endpoint text not null, game text not null,
      ${COUNTER('calls')}, ${COUNTER('errors')}, buckets integer[] not null,
      primary key (hour, endpoint, game))`,
    // One game's hours (the statistics of a game's page).
    `create index api_call_hours_game_idx on api_call_hours (game, hour)`,
    `create table api_call_errors (
      hour timestamptz not null, endpoint text not null, game text not null, code integer not null,
      ${COUNTER('calls')}, primary key (hour, endpoint, game, code))`,
    `create index api_call_errors_game_idx on api_call_errors (game, hour)`,
    `create table ip_addresses (
      game text not null, ip text not null, ${COUNTER('accounts')}, ${COUNTER('sign_ins')},
      first_at timestamptz not null, last_at timestamptz not null,
      primary key (game, ip))`,
    // The IP statistics' sorts, each ending with the address (the list's tie-break).
    `create index ip_addresses_accounts_idx on ip_addresses (game, accounts, ip)`,
    `create index ip_addresses_sign_ins_idx on ip_addresses (game, sign_ins, ip)`,
    `create index ip_addresses_last_idx on ip_addresses (game, last_at, ip)`,
    `create table ip_accounts (
      game text not null, ip text not null, player_id text not null, ${COUNTER('sign_ins')},
      first_at timestamptz not null, last_at timestamptz not null,
      primary key (game, ip, player_id))`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export const statisticsMigrations: Record<string, FeatureMigration> = {
  '0001_statistics': {
    async up(db: AnyDb) {
      await createTables(db);
      await sql
        .raw(
          `create function statistics_rebuild(g text) returns void language plpgsql as $fn$
          begin
            ${REBUILD};
          end $fn$`,
        )
        .execute(db);
      await triggerOn(db, 'statistics_matches', 'matches', 'new_matches', addMatches('new_matches'));
      await triggerOn(db, 'statistics_match_players', 'match_players', 'new_places', addPlaces('new_places'));
      await triggerOn(db, 'statistics_sign_ins', 'sign_ins', 'new_sign_ins', addSignIns('new_sign_ins'));
      // Sign-ins that exist already (a database migrated after its seed) are counted now.
      await sql`select statistics_rebuild(game) from (select distinct game from sign_ins) as g`.execute(db);
    },
  },
};
