import { sql, type Kysely } from 'kysely';
import { renameTable } from '../db/rename-table.js';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

async function run(db: AnyDb, statements: readonly ReturnType<typeof sql>[]): Promise<void> {
  for (const s of statements) await s.execute(db);
}

/**
 * Server watch: the watched servers with their current state (kept by the backend's watch
 * engine, so every operator and every backend reads the same), a short ring of each one's
 * latest checks, incidents, maintenance windows, operators' mutes, and the alert log main
 * long-polls (`seq` only grows).
 */
export const serverWatchMigrations: Record<string, FeatureMigration> = {
  '0001_server_watch': {
    was: '0009_server_watch',
    async up(db: AnyDb) {
      await run(db, [
        sql`create table watched_servers (
          id serial primary key,
          name text not null,
          game text not null,
          check_kind text not null check (check_kind in ('tcp', 'http', 'gameStatus')),
          check_spec jsonb not null,
          target text not null,
          interval_sec integer not null check (interval_sec between 5 and 3600),
          timeout_ms integer not null check (timeout_ms between 500 and 30000),
          failures_to_down integer not null check (failures_to_down between 1 and 10),
          remind_every_min integer check (remind_every_min between 5 and 1440),
          notify_kind text not null check (notify_kind in ('game', 'operators')),
          notify_operator_ids jsonb not null default '[]',
          note text not null default '',
          paused boolean not null default false,
          demo_key text,
          state text not null default 'unknown'
            check (state in ('up', 'down', 'unknown', 'paused', 'maintenance')),
          state_since timestamptz,
          last_check_at timestamptz,
          last_response_ms integer,
          last_error text,
          consecutive_failures integer not null default 0,
          online_players integer,
          income_today bigint,
          open_incident_id integer,
          check_count integer not null default 0,
          -- Bumped by every change an operator makes: the engine writes only onto the version it read.
          version integer not null default 0,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          updated_by text not null
        )`,
        // Names are unique within a game, whatever their case.
        sql`create unique index watched_servers_name_idx on watched_servers (game, lower(name))`,
        sql`create unique index watched_servers_demo_idx on watched_servers (demo_key) where demo_key is not null`,
        // The last checks of each server: a ring of slots per server (slot = check number mod the
        // ring's size), so the table never grows with time and needs no pruning.
        sql`create table watch_checks (
          server_id integer not null references watched_servers (id) on delete cascade,
          slot integer not null,
          at timestamptz not null,
          ok boolean not null,
          response_ms integer,
          error text,
          online_players integer,
          primary key (server_id, slot)
        )`,
        sql`create table watch_incidents (
          id serial primary key,
          server_id integer not null references watched_servers (id) on delete cascade,
          down_since timestamptz not null,
          detected_at timestamptz not null,
          ended_at timestamptz,
          ended_by text check (ended_by in ('recovered', 'paused', 'changed')),
          last_error text not null default '',
          failed_checks integer not null default 0,
          reminders integer not null default 0,
          last_alert_at timestamptz not null
        )`,
        sql`create index watch_incidents_server_idx on watch_incidents (server_id, id desc)`,
        sql`create table watch_maintenance (
          id serial primary key,
          server_id integer not null references watched_servers (id) on delete cascade,
          starts_at timestamptz not null,
          ends_at timestamptz not null,
          note text not null default '',
          created_by text not null,
          created_at timestamptz not null,
          check (starts_at < ends_at)
        )`,
        sql`create index watch_maintenance_server_idx on watch_maintenance (server_id, ends_at)`,
        sql`create table watch_mutes (
          id serial primary key,
          operator_id integer not null references operators (id) on delete cascade,
          server_id integer references watched_servers (id) on delete cascade,
          created_at timestamptz not null,
          until timestamptz
        )`,
        // One mute per operator and scope (a server, or everything: server 0 stands for null).
        sql`create unique index watch_mutes_scope_idx on watch_mutes (operator_id, coalesce(server_id, 0))`,
        sql`create table watch_events (
          seq bigserial primary key,
          at timestamptz not null,
          kind text not null check (kind in ('down', 'recovered', 'reminder', 'notice')),
          game text not null,
          server_id integer,
          server_name text not null,
          incident_id integer,
          down_since timestamptz,
          duration_sec integer,
          error text,
          notice jsonb,
          notify boolean not null,
          audience jsonb
        )`,
        sql`create index watch_events_at_idx on watch_events (at)`,
      ]);
    },
  },
  /**
   * Alerts other features raise through server watch's port (server/serverWatch/port.ts): a paid
   * order whose deliveries keep failing, with its order, attempts and last error.
   */
  '0002_delivery_alerts': {
    was: '0023_delivery_alerts',
    async up(db: AnyDb) {
      await run(db, [
        sql`alter table watch_events drop constraint watch_events_kind_check`,
        sql`alter table watch_events add constraint watch_events_kind_check
          check (kind in ('down', 'recovered', 'reminder', 'notice', 'delivery'))`,
        sql`alter table watch_events add column delivery jsonb`,
      ]);
    },
  },
  /** The watch list sorts by name, game or since when a server is in its state (game: the unique index). */
  '0003_sorts': {
    async up(db: AnyDb) {
      await run(db, [
        sql`create index watched_servers_sort_name_idx on watched_servers (name, id)`,
        sql`create index watched_servers_since_idx on watched_servers (state_since, id)`,
      ]);
    },
  },
  /**
   * One name per capability: server watch's checks, incidents, maintenance windows, mutes and
   * alert log are `server_watch_*` (were `watch_*`), their sequences, keys, checks and indexes
   * with them; rows and ids kept.
   */
  '0004_one_name': {
    async up(db: AnyDb) {
      for (const table of ['checks', 'incidents', 'maintenance', 'mutes', 'events'])
        await renameTable(db, `watch_${table}`, `server_watch_${table}`);
    },
  },
};
