import type { Kysely, Selectable } from 'kysely';
import type {
  CheckResult,
  Incident,
  MaintenanceWindow,
  Mute,
  WatchAlert,
  WatchedServer,
} from '../../shared/api/serverWatch.js';
import { alertDeliverySchema, alertNoticeSchema, checkSchema } from '../../shared/api/serverWatch.js';
import { GAMES, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import type {
  WatchChecksTable,
  WatchEventsTable,
  WatchIncidentsTable,
  WatchMaintenanceTable,
  WatchMutesTable,
  WatchedServersTable,
} from './tables.js';

/** Rows of the server watch tables as the API gives them, and who receives what. */

export type ServerRow = Selectable<WatchedServersTable>;
export type IncidentRow = Selectable<WatchIncidentsTable>;
export type WindowRow = Selectable<WatchMaintenanceTable>;
export type MuteRow = Selectable<WatchMutesTable>;
export type EventRow = Selectable<WatchEventsTable>;

export const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** The operators chosen to be notified (ids as stored). */
export function audienceOf(row: Pick<ServerRow, 'notify_kind' | 'notify_operator_ids'>): number[] | null {
  if (row.notify_kind !== 'operators') return null;
  const ids = row.notify_operator_ids;
  return Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : [];
}

/** Whether an operator receives the alerts of a game's server: SUPER or ADMIN of the game, or chosen. */
export function receives(
  op: { id: number; roles: readonly string[] },
  game: string,
  audience: readonly number[] | null,
): boolean {
  if (audience !== null) return audience.includes(op.id);
  if (op.roles.includes('SUPER')) return true;
  const role = GAMES[game as GameId]?.role;
  return op.roles.includes('ADMIN') && role !== undefined && op.roles.includes(role);
}

/** Whether one of an operator's mutes covered this server (or everything) at `at`. */
export function mutedAt(mutes: readonly MuteRow[], serverId: number | null, at: Date): boolean {
  const t = at.getTime();
  return mutes.some(
    (m) =>
      (m.server_id === null || m.server_id === serverId) &&
      m.created_at.getTime() <= t &&
      (m.until === null || m.until.getTime() > t),
  );
}

export function toIncident(row: IncidentRow, now: Date): Incident {
  const end = row.ended_at ?? now;
  return {
    id: row.id,
    serverId: row.server_id,
    downSince: row.down_since.toISOString(),
    detectedAt: row.detected_at.toISOString(),
    endedAt: iso(row.ended_at),
    endedBy: row.ended_by,
    durationSec: Math.max(0, Math.round((end.getTime() - row.down_since.getTime()) / 1000)),
    lastError: row.last_error,
    failedChecks: row.failed_checks,
    reminders: row.reminders,
  };
}

export function toWindow(row: WindowRow): MaintenanceWindow {
  return {
    id: row.id,
    serverId: row.server_id,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    note: row.note,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export function toCheck(row: Selectable<WatchChecksTable>): CheckResult {
  return {
    at: row.at.toISOString(),
    ok: row.ok,
    responseMs: row.response_ms,
    error: row.error,
    onlinePlayers: row.online_players,
  };
}

export function toMute(row: MuteRow, serverName: string | null): Mute {
  return {
    id: row.id,
    serverId: row.server_id,
    serverName,
    until: iso(row.until),
    createdAt: row.created_at.toISOString(),
  };
}

export interface ServerExtras {
  incidents: ReadonlyMap<number, IncidentRow>;
  /** The window in force, else the next one, by server. */
  windows: ReadonlyMap<number, WindowRow>;
  operatorNames: ReadonlyMap<number, string>;
  mutes: readonly MuteRow[];
  now: Date;
}

export function toServer(row: ServerRow, x: ServerExtras): WatchedServer {
  const check = checkSchema.parse(row.check_spec);
  const audience = audienceOf(row);
  const incident = row.open_incident_id === null ? undefined : x.incidents.get(row.open_incident_id);
  const window = x.windows.get(row.id);
  return {
    id: row.id,
    name: row.name,
    game: row.game as GameId,
    check,
    intervalSec: row.interval_sec,
    timeoutMs: row.timeout_ms,
    failuresToDown: row.failures_to_down,
    remindEveryMin: row.remind_every_min,
    notify:
      audience === null
        ? { kind: 'game' }
        : {
            kind: 'operators',
            operators: audience.map((id) => ({ id, name: x.operatorNames.get(id) ?? `#${id}` })),
          },
    note: row.note,
    paused: row.paused,
    state: row.state,
    stateSince: iso(row.state_since),
    lastCheckAt: iso(row.last_check_at),
    lastResponseMs: row.last_response_ms,
    lastError: row.last_error,
    consecutiveFailures: row.consecutive_failures,
    onlinePlayers: row.online_players,
    incomeToday: row.income_today === null ? null : Number(row.income_today),
    openIncident: incident && incident.ended_at === null ? toIncident(incident, x.now) : null,
    maintenance: window ? toWindow(window) : null,
    muted: mutedAt(x.mutes, row.id, x.now),
    demo: row.demo_key !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** What toServer needs besides the rows, read in one query per kind for a page of servers. */
export async function serverExtras(
  db: Kysely<Database>,
  rows: readonly ServerRow[],
  operatorId: number | null,
  now: Date,
): Promise<ServerExtras> {
  const ids = rows.map((r) => r.id);
  const incidentIds = rows.flatMap((r) => (r.open_incident_id === null ? [] : [r.open_incident_id]));
  const operatorIds = [...new Set(rows.flatMap((r) => audienceOf(r) ?? []))];
  const [incidents, windows, operators, mutes] = await Promise.all([
    incidentIds.length
      ? db.selectFrom('server_watch_incidents').selectAll().where('id', 'in', incidentIds).execute()
      : Promise.resolve([]),
    ids.length
      ? db
          .selectFrom('server_watch_maintenance')
          .selectAll()
          .where('server_id', 'in', ids)
          .where('ends_at', '>', now)
          .orderBy('starts_at')
          .execute()
      : Promise.resolve([]),
    operatorIds.length
      ? db.selectFrom('operators').select(['id', 'name']).where('id', 'in', operatorIds).execute()
      : Promise.resolve([]),
    operatorId === null ? Promise.resolve([]) : mutesOf(db, operatorId),
  ]);
  const firstWindow = new Map<number, WindowRow>();
  for (const w of windows) if (!firstWindow.has(w.server_id)) firstWindow.set(w.server_id, w);
  return {
    incidents: new Map(incidents.map((i) => [i.id, i])),
    windows: firstWindow,
    operatorNames: new Map(operators.map((o) => [o.id, o.name])),
    mutes,
    now,
  };
}

export function mutesOf(db: Kysely<Database>, operatorId: number): Promise<MuteRow[]> {
  return db.selectFrom('server_watch_mutes').selectAll().where('operator_id', '=', operatorId).execute();
}

export function toAlert(row: EventRow, muted: boolean): WatchAlert {
  const notice = row.notice === null ? null : alertNoticeSchema.safeParse(row.notice);
  const delivery = row.delivery === null ? null : alertDeliverySchema.safeParse(row.delivery);
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    kind: row.kind,
    game: row.game as GameId,
    serverId: row.server_id,
    serverName: row.server_name,
    incidentId: row.incident_id,
    downSince: iso(row.down_since),
    durationSec: row.duration_sec,
    error: row.error,
    notice: notice?.success ? notice.data : null,
    delivery: delivery?.success ? delivery.data : null,
    notify: row.notify,
    muted,
  };
}
