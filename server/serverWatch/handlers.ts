import { sql } from 'kysely';
import { Codes } from '../../shared/codes.js';
import {
  checkSchema,
  checkTarget,
  testCheckOf,
  type CheckSpec,
  type serverWatchEndpoints,
  type WatchSummary,
  WATCH_STATES,
} from '../../shared/api/serverWatch.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { canAccess, ADMIN_OR_SERVICE } from '../../shared/roles.js';
import { containsPattern, listPage } from '../db/paging.js';
import { jsonValue } from '../db/schema.js';
import { sortedBy } from '../db/sorting.js';
import { auditedResult, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem, validationProblem } from '../http/problem.js';
import { runCheck } from './checks.js';
import { changeConfigRow, touchWatchConfig } from './config.js';
import { alertHubOf } from './hub.js';
import {
  audienceOf,
  mutedAt,
  mutesOf,
  receives,
  serverExtras,
  toAlert,
  toCheck,
  toIncident,
  toMute,
  toServer,
  toWindow,
  type EventRow,
  type ServerRow,
} from './rows.js';

/**
 * The server watch calls. Every change writes a new configuration stamp in its own transaction
 * (config.ts), which is how the engine, on whichever backend runs it, learns of it; a change that
 * makes the state meaningless (paused, another target) resets it here, in the same transaction
 * that the engine's writes lock against.
 */

type Endpoints = typeof serverWatchEndpoints;

const SERVER = { en: 'watched server', zh: '监控服务器' };

function notFound(id: number) {
  return problem(
    Codes.NOT_FOUND,
    `There is no ${SERVER.en} ${id}; it may have been removed (reload the list)`,
    `没有编号为 ${id} 的${SERVER.zh}，可能已被删除（请刷新列表）`,
  );
}

async function mustGet(ctx: HandlerContext, id: number, lock = false): Promise<ServerRow> {
  let q = ctx.db.selectFrom('watched_servers').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(id);
  return row;
}

/**
 * The server an audited call acts on, named in its audit entry: by id until it is found (so a
 * refusal says what was asked for), then by name and id, under its game.
 */
async function auditedGet(ctx: HandlerContext, id: number, lock = false): Promise<ServerRow> {
  ctx.audit.target = `server ${id}`;
  const row = await mustGet(ctx, id, lock);
  ctx.audit.target = `${row.name} (${row.id})`;
  ctx.audit.game = row.game;
  return row;
}

/** Pauses or resumes a server: its check state starts over; the engine reloads its config. */
async function setPaused(ctx: HandlerContext, row: ServerRow, paused: boolean) {
  const after = await changeConfigRow(ctx, 'watched_servers', row.id, {
    ...stateReset(ctx.now),
    ...(paused ? { state: 'paused' as const } : {}),
    paused,
  });
  await touchWatchConfig(ctx.db);
  return auditedResult(ctx, await present(ctx, after));
}

async function present(ctx: HandlerContext, row: ServerRow) {
  const op = ctx.auth?.operator.id ?? null;
  return toServer(row, await serverExtras(ctx.db, [row], op, ctx.now));
}

const stateReset = (now: Date) => ({
  state: 'unknown' as const,
  state_since: now,
  consecutive_failures: 0,
  last_error: null,
  online_players: null,
  income_today: null,
  open_incident_id: null,
});

/** Ends a server's open incident (paused, or what it checks changed): it did not recover. */
async function endIncident(ctx: HandlerContext, row: ServerRow, by: 'paused' | 'changed'): Promise<void> {
  if (row.open_incident_id === null) return;
  await ctx.db
    .updateTable('server_watch_incidents')
    .set({ ended_at: ctx.now, ended_by: by })
    .where('id', '=', row.open_incident_id)
    .where('ended_at', 'is', null)
    .execute();
}

/** The chosen operators must exist, be enabled, and hold a role that receives alerts. */
async function checkAudience(ctx: HandlerContext, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .selectFrom('operators')
    .select(['id', 'name', 'roles', 'disabled'])
    .where('id', 'in', unique)
    .execute();
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw validationProblem([
      { path: 'notify.operatorIds', message: `no operator with id ${missing.join(', ')}` },
    ]);
  }
  const cannot = rows.filter((r) => r.disabled || !canAccess(r.roles, ADMIN_OR_SERVICE));
  if (cannot.length > 0) {
    throw validationProblem([
      {
        path: 'notify.operatorIds',
        message:
          `${cannot.map((r) => r.name).join(', ')} cannot receive alerts (disabled, or without ` +
          'SUPER, ADMIN or Service); choose others or change their roles first',
      },
    ]);
  }
}

async function nameTaken(ctx: HandlerContext, game: GameId, name: string, except?: number): Promise<void> {
  let q = ctx.db
    .selectFrom('watched_servers')
    .select(['id', 'name'])
    .where('game', '=', game)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== undefined) q = q.where('id', '!=', except);
  const other = await q.executeTakeFirst();
  if (!other) return;
  const g = GAMES[game].names;
  throw problem(
    Codes.CONFLICT,
    `${g.en} already has a watched server named "${other.name}" (${other.id}); choose another name`,
    `${g['zh-CN']}已有名为“${other.name}”的监控服务器（${other.id}），请换一个名称`,
  );
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

const ORDER = sql<number>`case state when 'down' then 0 when 'unknown' then 1 when 'maintenance' then 2 when 'up' then 3 else 4 end`;

function futureOrNull(iso: string | null, now: Date, field: string): Date | null {
  if (iso === null) return null;
  const d = new Date(iso);
  if (d.getTime() <= now.getTime())
    throw validationProblem([{ path: field, message: 'must be in the future' }]);
  return d;
}

export const serverWatchHandlers: HandlerMap<Endpoints> = {
  'serverWatch.list': async (input, ctx) => {
    let q = ctx.db.selectFrom('watched_servers');
    if (input.game) q = q.where('game', '=', input.game);
    if (input.state) q = q.where('state', '=', input.state);
    if (input.q) {
      const pattern = containsPattern(input.q);
      q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('target', 'ilike', pattern)]));
    }
    const ordered = sortedBy(
      q.selectAll(),
      input,
      { name: 'name', game: 'game', stateSince: 'state_since' },
      (all) =>
        all
          .orderBy(ORDER)
          .orderBy('game')
          .orderBy(sql`lower(name)`)
          .orderBy('id'),
      'id',
    );
    const page = await listPage(q, ordered, input, (r) => r);
    const extras = await serverExtras(ctx.db, page.items, signedInOf(ctx).operator.id, ctx.now);
    const counts = await ctx.db
      .selectFrom('watched_servers')
      .select(['state', sql<number>`count(*)::int`.as('n')])
      .groupBy('state')
      .execute();
    const summary = Object.fromEntries(WATCH_STATES.map((s) => [s, 0])) as WatchSummary;
    for (const c of counts) summary[c.state] = Number(c.n);
    return { ...page, items: page.items.map((r) => toServer(r, extras)), summary };
  },

  'serverWatch.get': async (input, ctx) => {
    const row = await mustGet(ctx, input.id);
    const [checks, incidents, coming, past] = await Promise.all([
      ctx.db
        .selectFrom('server_watch_checks')
        .selectAll()
        .where('server_id', '=', row.id)
        .orderBy('at', 'desc')
        .execute(),
      ctx.db
        .selectFrom('server_watch_incidents')
        .selectAll()
        .where('server_id', '=', row.id)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
      ctx.db
        .selectFrom('server_watch_maintenance')
        .selectAll()
        .where('server_id', '=', row.id)
        .where('ends_at', '>', ctx.now)
        .orderBy('starts_at')
        .execute(),
      ctx.db
        .selectFrom('server_watch_maintenance')
        .selectAll()
        .where('server_id', '=', row.id)
        .where('ends_at', '<=', ctx.now)
        .orderBy('ends_at', 'desc')
        .limit(10)
        .execute(),
    ]);
    return {
      server: await present(ctx, row),
      checks: checks.map(toCheck),
      incidents: incidents.map((i) => toIncident(i, ctx.now)),
      maintenance: [...coming, ...past].map(toWindow),
    };
  },

  'serverWatch.save': async (input, ctx) => {
    const who = signedInOf(ctx).operator.name;
    const spec: CheckSpec = input.check;
    const target = checkTarget(spec);
    ctx.audit.target = input.name;
    ctx.audit.game = input.game;
    if (input.notify.kind === 'operators') await checkAudience(ctx, input.notify.operatorIds);
    const config = {
      name: input.name,
      game: input.game,
      check_kind: spec.kind,
      check_spec: jsonValue(spec) ?? '{}',
      target,
      interval_sec: input.intervalSec,
      timeout_ms: input.timeoutMs,
      failures_to_down: input.failuresToDown,
      remind_every_min: input.remindEveryMin,
      notify_kind: input.notify.kind,
      notify_operator_ids:
        jsonValue(input.notify.kind === 'operators' ? [...new Set(input.notify.operatorIds)] : []) ?? '[]',
      note: input.note,
      updated_at: ctx.now,
      updated_by: who,
    };
    let row: ServerRow;
    try {
      if (input.id !== undefined) {
        const before = await mustGet(ctx, input.id, true);
        ctx.audit.before = await present(ctx, before);
        await nameTaken(ctx, input.game, input.name, before.id);
        // What is checked changed (or the game it belongs to): the old state says nothing of the new target.
        const sameCheck =
          JSON.stringify(checkSchema.parse(before.check_spec)) === JSON.stringify(spec) &&
          before.game === input.game;
        if (!sameCheck) await endIncident(ctx, before, 'changed');
        row = await changeConfigRow(ctx, 'watched_servers', before.id, {
          ...config,
          ...(sameCheck ? {} : { ...stateReset(ctx.now), last_check_at: null, last_response_ms: null }),
          ...(sameCheck || !before.paused ? {} : { state: 'paused' as const }),
          // An edited demo server is the operator's own from now on: a later start no longer moves it.
          demo_key: sameCheck ? before.demo_key : null,
        });
      } else {
        ctx.audit.before = null;
        await nameTaken(ctx, input.game, input.name);
        row = await ctx.db
          .insertInto('watched_servers')
          .values({ ...config, state: 'unknown', state_since: ctx.now, created_at: ctx.now })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
    } catch (err) {
      // Two operators saving the same name at once: the index decides, said like the check above.
      if (isUniqueViolation(err)) await nameTaken(ctx, input.game, input.name, input.id);
      throw err;
    }
    await touchWatchConfig(ctx.db);
    ctx.audit.target = `${row.name} (${row.id})`;
    return auditedResult(ctx, await present(ctx, row));
  },

  'serverWatch.delete': async (input, ctx) => {
    const row = await auditedGet(ctx, input.id, true);
    ctx.audit.before = await present(ctx, row);
    await ctx.db.deleteFrom('watched_servers').where('id', '=', row.id).execute();
    await touchWatchConfig(ctx.db);
    ctx.audit.after = null;
    return { deleted: true };
  },

  'serverWatch.pause': async (input, ctx) => {
    const row = await auditedGet(ctx, input.id, true);
    if (row.paused) {
      throw problem(
        Codes.CONFLICT,
        `${row.name} is already paused (since ${row.state_since?.toISOString() ?? 'earlier'})`,
        `${row.name} 已经暂停（自 ${row.state_since?.toISOString() ?? '之前'} 起）`,
      );
    }
    ctx.audit.before = await present(ctx, row);
    await endIncident(ctx, row, 'paused');
    return setPaused(ctx, row, true);
  },

  'serverWatch.resume': async (input, ctx) => {
    const row = await auditedGet(ctx, input.id, true);
    if (!row.paused) {
      throw problem(
        Codes.CONFLICT,
        `${row.name} is not paused: it is being watched`,
        `${row.name} 未暂停，正在监控中`,
      );
    }
    ctx.audit.before = await present(ctx, row);
    return setPaused(ctx, row, false);
  },

  'serverWatch.test': async (input) => {
    const spec = checkSchema.parse(testCheckOf(input));
    const outcome = await runCheck(spec, input.timeoutMs);
    return outcome;
  },

  'serverWatch.addMaintenance': async (input, ctx) => {
    const row = await auditedGet(ctx, input.id, true);
    ctx.audit.before = null;
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    if (endsAt.getTime() <= ctx.now.getTime())
      throw validationProblem([
        { path: 'endsAt', message: 'must be in the future: a window that is over changes nothing' },
      ]);
    const window = await ctx.db
      .insertInto('server_watch_maintenance')
      .values({
        server_id: row.id,
        starts_at: startsAt,
        ends_at: endsAt,
        note: input.note,
        created_by: signedInOf(ctx).operator.name,
        created_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touchWatchConfig(ctx.db);
    return auditedResult(ctx, toWindow(window));
  },

  'serverWatch.deleteMaintenance': async (input, ctx) => {
    const row = await auditedGet(ctx, input.id);
    const window = await ctx.db
      .selectFrom('server_watch_maintenance')
      .selectAll()
      .where('id', '=', input.windowId)
      .where('server_id', '=', row.id)
      .executeTakeFirst();
    if (!window) {
      throw problem(
        Codes.NOT_FOUND,
        `${row.name} has no maintenance window ${input.windowId}; it may have been removed`,
        `${row.name} 没有编号为 ${input.windowId} 的维护时段，可能已被删除`,
      );
    }
    ctx.audit.before = toWindow(window);
    await ctx.db.deleteFrom('server_watch_maintenance').where('id', '=', window.id).execute();
    await touchWatchConfig(ctx.db);
    ctx.audit.after = null;
    return { deleted: true };
  },

  'serverWatch.events': async (input, ctx) => {
    const op = signedInOf(ctx).operator;
    const db = ctx.deps.db;
    const hub = alertHubOf(db, ctx.deps.kind === 'postgres');
    const visible = (r: EventRow) =>
      receives(op, r.game, Array.isArray(r.audience) ? (r.audience as number[]) : null);
    const answer = async (rows: EventRow[], last: number) => {
      // Read when answering, not when the poll began: main's poll is nearly always waiting, and a
      // mute made meanwhile must cover the alert that ends the wait.
      const mutes = rows.length ? await mutesOf(db, op.id) : [];
      return {
        events: rows.map((r) => toAlert(r, mutedAt(mutes, r.server_id, r.at))),
        last,
        down: await downCount(ctx, op),
      };
    };
    const { rows: maxRows } = await sql<{
      seq: number | null;
    }>`select max(seq) as seq from server_watch_events`.execute(db);
    const max = Number(maxRows[0]?.seq ?? 0);

    if (input.after === undefined || input.after > max) {
      // The latest ones, for the bell, at once. An `after` past the end (a log that was reset,
      // another backend's numbers) is answered the same way: ask after `last` from now on.
      const recent = await db
        .selectFrom('server_watch_events')
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(200)
        .execute();
      return answer(recent.filter(visible).slice(0, 30).reverse(), max);
    }

    let after = input.after;
    // Long-polling waits in real time whatever the server's clock says: it is about a client's
    // connection, not about the watched servers' times.
    const deadline = Date.now() + input.wait * 1000;
    for (;;) {
      const rows = await db
        .selectFrom('server_watch_events')
        .selectAll()
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(200)
        .execute();
      const last = rows.at(-1);
      if (last) after = Number(last.seq);
      const mine = rows.filter(visible);
      if (mine.length > 0) return answer(mine, after);
      if (rows.length === 200) continue;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || hub.closed) return answer([], after);
      await hub.wait(after, remaining);
    }
  },

  'serverWatch.mutes': async (_input, ctx) => {
    const op = signedInOf(ctx).operator;
    const rows = (await mutesOf(ctx.db, op.id)).filter((m) => m.until === null || m.until > ctx.now);
    return { mutes: await namedMutes(ctx, rows) };
  },

  'serverWatch.mute': async (input, ctx) => {
    const op = signedInOf(ctx).operator;
    ctx.audit.target = input.serverId === null ? 'all alerts' : `server ${input.serverId}`;
    const until = futureOrNull(input.until, ctx.now, 'until');
    if (input.serverId !== null) {
      const row = await mustGet(ctx, input.serverId);
      ctx.audit.target = `${row.name} (${row.id})`;
      ctx.audit.game = row.game;
      if (!receives(op, row.game, audienceOf(row))) {
        throw problem(
          Codes.FORBIDDEN,
          `You are not notified about ${row.name}, so there is nothing to mute`,
          `你不会收到 ${row.name} 的告警，无需静音`,
        );
      }
    }
    let sameScope = ctx.db.selectFrom('server_watch_mutes').selectAll().where('operator_id', '=', op.id);
    sameScope =
      input.serverId === null
        ? sameScope.where('server_id', 'is', null)
        : sameScope.where('server_id', '=', input.serverId);
    const before = await sameScope.executeTakeFirst();
    ctx.audit.before = before ? toMute(before, null) : null;
    // Expired mutes only serve to say whether old alerts were muted; a day on they go.
    await ctx.db
      .deleteFrom('server_watch_mutes')
      .where('operator_id', '=', op.id)
      .where('until', '<', new Date(ctx.now.getTime() - 86_400_000))
      .execute();
    if (before) await ctx.db.deleteFrom('server_watch_mutes').where('id', '=', before.id).execute();
    const row = await ctx.db
      .insertInto('server_watch_mutes')
      .values({ operator_id: op.id, server_id: input.serverId, created_at: ctx.now, until })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [named] = await namedMutes(ctx, [row]);
    return auditedResult(ctx, named ?? toMute(row, null));
  },

  'serverWatch.unmute': async (input, ctx) => {
    const op = signedInOf(ctx).operator;
    ctx.audit.target = input.serverId === null ? 'all alerts' : `server ${input.serverId}`;
    if (input.serverId !== null) {
      const server = await mustGet(ctx, input.serverId);
      ctx.audit.target = `${server.name} (${server.id})`;
      ctx.audit.game = server.game;
    }
    let q = ctx.db.selectFrom('server_watch_mutes').selectAll().where('operator_id', '=', op.id);
    q =
      input.serverId === null ? q.where('server_id', 'is', null) : q.where('server_id', '=', input.serverId);
    const row = await q.executeTakeFirst();
    const live = row && (row.until === null || row.until > ctx.now);
    ctx.audit.before = row && live ? ((await namedMutes(ctx, [row]))[0] ?? null) : null;
    // An ended mute goes too, but lifting it lifts nothing: `deleted` says whether one was in force.
    if (row) await ctx.db.deleteFrom('server_watch_mutes').where('id', '=', row.id).execute();
    ctx.audit.after = null;
    return { deleted: live === true };
  },
};

async function namedMutes(ctx: HandlerContext, rows: Awaited<ReturnType<typeof mutesOf>>) {
  const ids = [...new Set(rows.flatMap((m) => (m.server_id === null ? [] : [m.server_id])))];
  const names = ids.length
    ? await ctx.db.selectFrom('watched_servers').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  return rows
    .sort((a, b) => (a.server_id ?? 0) - (b.server_id ?? 0))
    .map((m) =>
      toMute(m, m.server_id === null ? null : (names.find((n) => n.id === m.server_id)?.name ?? null)),
    );
}

/** Servers down now whose alerts the operator receives. */
async function downCount(ctx: HandlerContext, op: { id: number; roles: readonly string[] }): Promise<number> {
  const rows = await ctx.deps.db
    .selectFrom('watched_servers')
    .select(['game', 'notify_kind', 'notify_operator_ids'])
    .where('state', '=', 'down')
    .execute();
  return rows.filter((r) => receives(op, r.game, audienceOf(r))).length;
}
