import { sql, type Selectable } from 'kysely';
import {
  LOG_COUNT_CAP,
  LOG_EXPORT_CAP,
  type SystemEvent,
  type SystemLogEntry,
  type SystemLogRow,
  type systemLogsEndpoints,
} from '../../shared/api/systemLogs.js';
import { Codes } from '../../shared/codes.js';
import { auditEntryOf } from '../audit/record.js';
import { countOnce, pageResult, pageWindow } from '../db/paging.js';
import { inLogOrder } from '../db/sorting.js';
import type { AuditLogTable } from '../audit/tables.js';
import type { SystemEventsTable } from '../db/platform-tables.js';
import type { HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { cappedCount, pageIds } from './query.js';

/** The system logs: the audit trail and the backend's own events, read by a SUPER. */

type Endpoints = typeof systemLogsEndpoints;
type AuditRowFull = Selectable<AuditLogTable>;

/** The audit log's entry as operators see it, and for a SUPER where the call came from. */
function toEntry(row: AuditRowFull): SystemLogEntry {
  return { ...auditEntryOf(row), clientIp: row.client_ip };
}

function toEvent(row: Selectable<SystemEventsTable>): SystemEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    level: row.level,
    game: row.game,
    subject: row.subject,
    detail: row.detail ?? null,
  };
}

/** The page's columns without before/after (which stay on the server until the entry is opened). */
const ROW_COLUMNS = [
  'id',
  'at',
  'operator',
  'action',
  'game',
  'target',
  'reason',
  'outcome',
  'code',
  'client_ip',
] as const;

export const systemLogsHandlers: HandlerMap<Endpoints> = {
  'systemLogs.audit': async (input, ctx) => {
    const { limit, offset } = pageWindow(input);
    const [counted, rows] = await Promise.all([
      countOnce(input, () => cappedCount(ctx.db, input, LOG_COUNT_CAP)),
      ctx.db
        .selectFrom('audit_log')
        .select(ROW_COLUMNS)
        .select(sql<boolean>`(before is not null or after is not null)`.as('has_changes'))
        .where('id', 'in', pageIds(ctx.db, input, limit, offset))
        .$call((q) => inLogOrder(q, input))
        .execute(),
    ]);
    const items = rows.map((r): SystemLogRow => ({
      id: r.id,
      at: r.at.toISOString(),
      operator: r.operator,
      action: r.action,
      game: r.game,
      target: r.target,
      reason: r.reason,
      outcome: r.outcome,
      code: r.code,
      clientIp: r.client_ip,
      hasChanges: r.has_changes,
    }));
    return {
      ...pageResult(items, Math.min(counted, LOG_COUNT_CAP), input),
      totalCapped: counted > LOG_COUNT_CAP,
    };
  },

  'systemLogs.entry': async (input, ctx) => {
    const row = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', input.entryId)
      .executeTakeFirst();
    if (!row) {
      throw problem(
        Codes.NOT_FOUND,
        `No audit entry ${input.entryId}; check the number`,
        `没有编号为 ${input.entryId} 的审计记录，请检查编号`,
      );
    }
    return toEntry(row);
  },

  'systemLogs.export': async (input, ctx) => {
    const rows = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', 'in', pageIds(ctx.db, input, LOG_EXPORT_CAP + 1, 0))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return {
      items: rows.slice(0, LOG_EXPORT_CAP).map(toEntry),
      capped: rows.length > LOG_EXPORT_CAP,
      cap: LOG_EXPORT_CAP,
    };
  },

  'systemLogs.events': async (input, ctx) => {
    let q = ctx.db.selectFrom('system_events');
    if (input.kind !== undefined) q = q.where('kind', '=', input.kind);
    if (input.area !== undefined) q = q.where('kind', 'like', `${input.area}.%`);
    if (input.level !== undefined) q = q.where('level', '=', input.level);
    if (input.game === 'none') q = q.where('game', 'is', null);
    else if (input.game !== undefined) q = q.where('game', '=', input.game);
    if (input.from !== undefined) q = q.where('at', '>=', new Date(input.from));
    if (input.to !== undefined) q = q.where('at', '<', new Date(input.to));
    const { limit, offset } = pageWindow(input);
    const [n, rows] = await Promise.all([
      countOnce(input, async () => {
        const counted = await ctx.db
          .selectFrom(
            q
              .select(sql<number>`1`.as('one'))
              .limit(LOG_COUNT_CAP + 1)
              .as('m'),
          )
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        return counted.n;
      }),
      inLogOrder(q.selectAll(), input).limit(limit).offset(offset).execute(),
    ]);
    return {
      ...pageResult(rows.map(toEvent), Math.min(n, LOG_COUNT_CAP), input),
      totalCapped: n > LOG_COUNT_CAP,
    };
  },

  'systemLogs.eventKinds': async (_input, ctx) => {
    const rows = await ctx.db.selectFrom('system_events').select('kind').distinct().orderBy('kind').execute();
    return { kinds: rows.map((r) => r.kind) };
  },
};
