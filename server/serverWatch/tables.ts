import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, JsonColumn, NullableTimestamp, NullableText, RequiredJson } from '../db/columns.js';

/** A watched game server: what to check, who is notified, and its state (server/serverWatch). */
export interface WatchedServersTable {
  id: Generated<number>;
  name: string;
  game: string;
  check_kind: 'tcp' | 'http' | 'gameStatus';
  check_spec: RequiredJson;
  /** host:port or the URL, for search and messages. */
  target: string;
  interval_sec: number;
  timeout_ms: number;
  failures_to_down: number;
  remind_every_min: number | null;
  notify_kind: 'game' | 'operators';
  notify_operator_ids: ColumnType<unknown, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  /** One of the demo data's simulated game servers (server/simulated), by its key. */
  demo_key: NullableText;
  state: 'up' | 'down' | 'unknown' | 'paused' | 'maintenance';
  state_since: NullableTimestamp;
  last_check_at: NullableTimestamp;
  last_response_ms: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: NullableText;
  consecutive_failures: Generated<number>;
  online_players: ColumnType<number | null, number | null | undefined, number | null>;
  income_today: ColumnType<number | null, number | null | undefined, number | null>;
  open_incident_id: ColumnType<number | null, number | null | undefined, number | null>;
  check_count: Generated<number>;
  /** Bumped by every operator's change; the engine writes only onto the version it read. */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

export interface WatchChecksTable {
  server_id: number;
  slot: number;
  at: Timestamp;
  ok: boolean;
  response_ms: number | null;
  error: string | null;
  online_players: number | null;
}

export interface WatchIncidentsTable {
  id: Generated<number>;
  server_id: number;
  down_since: Timestamp;
  detected_at: Timestamp;
  ended_at: NullableTimestamp;
  ended_by: 'recovered' | 'paused' | 'changed' | null;
  last_error: string;
  failed_checks: number;
  reminders: Generated<number>;
  last_alert_at: Timestamp;
}

export interface WatchMaintenanceTable {
  id: Generated<number>;
  server_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  note: string;
  created_by: string;
  created_at: Timestamp;
}

export interface WatchMutesTable {
  id: Generated<number>;
  operator_id: number;
  /** null = every alert. */
  server_id: number | null;
  created_at: Timestamp;
  until: NullableTimestamp;
}

/** The alert log main long-polls: seq only grows, and one backend appends (server/serverWatch). */
export interface WatchEventsTable {
  seq: Generated<number>;
  at: Timestamp;
  kind: 'down' | 'recovered' | 'reminder' | 'notice' | 'delivery';
  game: string;
  server_id: number | null;
  server_name: string;
  incident_id: number | null;
  down_since: NullableTimestamp;
  duration_sec: number | null;
  error: NullableText;
  notice: JsonColumn;
  /** A delivery alert's order, attempts and last error (server/serverWatch/port.ts). */
  delivery: ColumnType<unknown, string | null | undefined, string | null>;
  notify: boolean;
  /** null = every SUPER and ADMIN of the game; else the ids of the operators chosen. */
  audience: JsonColumn;
}

/** Server watch (server/serverWatch). */
export interface ServerWatchTables {
  watched_servers: WatchedServersTable;
  server_watch_checks: WatchChecksTable;
  server_watch_incidents: WatchIncidentsTable;
  server_watch_maintenance: WatchMaintenanceTable;
  server_watch_mutes: WatchMutesTable;
  server_watch_events: WatchEventsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends ServerWatchTables {}
}
