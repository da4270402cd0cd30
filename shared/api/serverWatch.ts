import { z } from 'zod';
import { ADMIN_OR_SERVICE, SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { sortInput } from './sorting.js';
import { serverWatchPages } from './serverWatch.pages.js';
import { gameIdSchema } from '../ids-schema.js';

/**
 * Server watch (spec: GET, POST, DELETE /admin/serverwatch): the game servers the reference
 * backend checks, their state and incident history, and the alerts it raises for main to turn
 * into native notifications.
 *
 * The page is the super-admin's (SUPER_ONLY, like every admin page). The alerts themselves go to
 * whoever a server names: every SUPER and ADMIN of its game, or chosen operators (support staff,
 * who hold Service). So the calls main makes while an operator is signed in (the alert events,
 * the operator's own mute) are open to ADMIN and Service as well; each answers only what the
 * caller is notified about.
 */

export const CHECK_KINDS = ['tcp', 'http', 'gameStatus'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/**
 * up: checks pass (a failed check or two below the server's threshold leave it up, counted in
 * consecutiveFailures). down: `failuresToDown` checks in a row failed (an incident is open).
 * unknown: not checked yet since it was added, changed or resumed. paused: not checked.
 * maintenance: inside a maintenance window (checked, never alerting).
 */
export const WATCH_STATES = ['up', 'down', 'unknown', 'paused', 'maintenance'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

/** Bounds the engine can keep, and an operator would expect. */
export const WATCH_LIMITS = {
  intervalSec: { min: 5, max: 3600, default: 30 },
  timeoutMs: { min: 500, max: 30_000, default: 5000 },
  failuresToDown: { min: 1, max: 10, default: 3 },
  remindEveryMin: { min: 5, max: 1440 },
  maintenanceMaxDays: 30,
  chosenOperatorsMax: 50,
} as const;

const hostnamePattern =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A host name or an IP address (IPv6 without brackets). */
export const checkHostSchema = z
  .string()
  .trim()
  .min(1, 'a host name or IP address')
  .max(253)
  .refine(
    (h) => hostnamePattern.test(h) || z.ipv4().safeParse(h).success || z.ipv6().safeParse(h).success,
    'a host name (game1.example.com) or an IP address (10.0.0.5, ::1)',
  );

/** An http(s) URL without a user name or password (the backend requests it as it is). */
export const checkUrlSchema = z
  .string()
  .trim()
  .max(2000, 'at most 2000 characters')
  .refine((raw) => {
    try {
      const u = new URL(raw);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'an http:// or https:// address such as https://game1.example.com/status, without a user name or password');

const portSchema = z
  .number({ error: 'a port from 1 to 65535' })
  .int('a port from 1 to 65535')
  .min(1, 'a port from 1 to 65535')
  .max(65535, 'a port from 1 to 65535');

/**
 * What to check. tcp: a connection to host:port opens. http: the URL answers with
 * `expectStatus`. gameStatus: the game server's own status URL answers 200 with JSON that
 * reports its online players (`onlinePlayers`, and `incomeToday` in minor units when it has it;
 * see server/simulated for the format).
 */
export const checkSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tcp'), host: checkHostSchema, port: portSchema }),
  z.strictObject({
    kind: z.literal('http'),
    url: checkUrlSchema,
    expectStatus: z
      .number({ error: 'an HTTP status from 100 to 599' })
      .int('an HTTP status from 100 to 599')
      .min(100, 'an HTTP status from 100 to 599')
      .max(599, 'an HTTP status from 100 to 599')
      .default(200),
  }),
  z.strictObject({ kind: z.literal('gameStatus'), url: checkUrlSchema }),
]);
export type CheckSpec = z.output<typeof checkSchema>;
export type CheckInput = z.input<typeof checkSchema>;

/** The check, as an operator reads it: host:port or the URL. */
export function checkTarget(check: CheckSpec): string {
  return check.kind === 'tcp'
    ? `${check.host.includes(':') ? `[${check.host}]` : check.host}:${check.port}`
    : check.url;
}

export const operatorRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** Who is notified: every SUPER and ADMIN of the server's game, or the operators chosen. */
export const notifySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('game') }),
  z.strictObject({
    kind: z.literal('operators'),
    operatorIds: z
      .array(z.number().int().min(1), { error: 'a list of operator ids' })
      .min(1, 'choose at least one operator')
      .max(WATCH_LIMITS.chosenOperatorsMax, `at most ${WATCH_LIMITS.chosenOperatorsMax} operators`),
  }),
]);
export type NotifyInput = z.input<typeof notifySchema>;

export const notifyOutputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game') }),
  z.object({ kind: z.literal('operators'), operators: z.array(operatorRefSchema) }),
]);

export const maintenanceWindowSchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const incidentSchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  /** The first failed check of the run that made it down. */
  downSince: z.string(),
  /** When the check that decided "down" ran. */
  detectedAt: z.string(),
  /** null while it lasts. */
  endedAt: z.string().nullable(),
  /**
   * recovered: a check passed. paused: the server was paused meanwhile. changed: what is checked
   * was changed meanwhile (the new target starts afresh).
   */
  endedBy: z.enum(['recovered', 'paused', 'changed']).nullable(),
  /** Seconds from downSince to its end (or to now while it lasts). */
  durationSec: z.number().int(),
  lastError: z.string(),
  failedChecks: z.number().int(),
  reminders: z.number().int(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const checkResultSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  onlinePlayers: z.number().int().nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const watchedServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  game: gameIdSchema,
  check: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('tcp'), host: z.string(), port: z.number().int() }),
    z.object({ kind: z.literal('http'), url: z.string(), expectStatus: z.number().int() }),
    z.object({ kind: z.literal('gameStatus'), url: z.string() }),
  ]),
  intervalSec: z.number().int(),
  timeoutMs: z.number().int(),
  failuresToDown: z.number().int(),
  /** Minutes between reminders while down; null = no reminder. */
  remindEveryMin: z.number().int().nullable(),
  notify: notifyOutputSchema,
  note: z.string(),
  paused: z.boolean(),
  state: z.enum(WATCH_STATES),
  /** When the state last changed. */
  stateSince: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  onlinePlayers: z.number().int().nullable(),
  /** Today's income in minor units (fen), from a game status check that reports it. */
  incomeToday: z.number().int().nullable(),
  openIncident: incidentSchema.nullable(),
  /** The maintenance window in force now, else the next one. */
  maintenance: maintenanceWindowSchema.nullable(),
  /** The caller has muted this server's alerts (or all alerts) for now. */
  muted: z.boolean(),
  /** One of the demo data's simulated game servers. */
  demo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type WatchedServer = z.infer<typeof watchedServerSchema>;

export const watchSummarySchema = z.object(
  Object.fromEntries(WATCH_STATES.map((s) => [s, z.number().int()])) as Record<WatchState, z.ZodNumber>,
);
export type WatchSummary = z.infer<typeof watchSummarySchema>;

/** `delivery`: a paid order whose deliveries keep failing (raised by server/orders). */
export const ALERT_KINDS = ['down', 'recovered', 'reminder', 'notice', 'delivery'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A message notice that fired (shared/api/notices.ts), as an alert carries it. */
export const alertNoticeSchema = z.object({
  ruleId: z.number().int(),
  kind: z.enum(['playersBelow', 'playersAbove', 'incomeBelow']),
  threshold: z.number().int(),
  value: z.number().int(),
  byHour: z.number().int().nullable(),
});

/** A paid order that the game kept refusing or not answering, as its alert carries it. */
export const alertDeliverySchema = z.object({
  orderId: z.string(),
  /** Deliveries tried so far. */
  attempts: z.number().int(),
  /** The last failure, in both languages. */
  error: z.object({ en: z.string(), 'zh-CN': z.string() }),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

/**
 * One alert of the backend's event log, as the caller sees it. `seq` increases with every alert
 * the backend appends. `notify` is false for what must not raise a notification (a recovery seen
 * during a maintenance window); `muted` says the caller had muted it when it happened.
 */
export const watchAlertSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.enum(ALERT_KINDS),
  game: gameIdSchema,
  serverId: z.number().int().nullable(),
  serverName: z.string(),
  incidentId: z.number().int().nullable(),
  downSince: z.string().nullable(),
  durationSec: z.number().int().nullable(),
  error: z.string().nullable(),
  notice: alertNoticeSchema.nullable(),
  /** A `delivery` alert's order (its serverName is the order id, its serverId null). */
  delivery: alertDeliverySchema.nullable(),
  notify: z.boolean(),
  muted: z.boolean(),
});
export type WatchAlert = z.infer<typeof watchAlertSchema>;

/**
 * What main's alerts service tells the renderer (shared/ipc.ts). `alerts`: the recent alerts,
 * newest first; `live` marks those that arrived while this console was watching (the bell counts
 * the unread among them), the others were already in the log when it started.
 */
export interface AlertsState {
  alerts: (WatchAlert & { live: boolean })[];
  /** Servers down now that this operator is notified about. */
  down: number;
  /** Signed in and receiving alerts. */
  watching: boolean;
  /** 'native': main raises OS notifications (the desktop app); 'none': the event channel only. */
  notifications: 'native' | 'none';
}

/** New alerts (oldest first), or only a new down count. */
export interface AlertsUpdate {
  alerts: (WatchAlert & { live: boolean })[];
  down: number;
}

export const muteSchema = z.object({
  id: z.number().int(),
  /** null = every alert (servers and notices). */
  serverId: z.number().int().nullable(),
  serverName: z.string().nullable(),
  /** null = until lifted. */
  until: z.string().nullable(),
  createdAt: z.string(),
});
export type Mute = z.infer<typeof muteSchema>;

const serverId = intParam({ min: 1, message: 'a server id is a positive whole number' });
const isoTime = z.iso.datetime({ offset: true, message: 'an ISO date-time such as 2026-12-31T23:59:59Z' });

export const watchSaveInputSchema = z
  .strictObject({
    /** Present: update that server; absent: add one. */
    id: z.number().int().min(1, 'a server id is a positive whole number').optional(),
    name: z.string().trim().min(1, 'give the server a name').max(80, 'at most 80 characters'),
    game: gameIdSchema,
    check: checkSchema,
    intervalSec: z
      .number()
      .int()
      .min(WATCH_LIMITS.intervalSec.min, `at least ${WATCH_LIMITS.intervalSec.min} seconds`)
      .max(WATCH_LIMITS.intervalSec.max, `at most ${WATCH_LIMITS.intervalSec.max} seconds (an hour)`)
      .default(WATCH_LIMITS.intervalSec.default),
    timeoutMs: z
      .number()
      .int()
      .min(WATCH_LIMITS.timeoutMs.min, `at least ${WATCH_LIMITS.timeoutMs.min} ms`)
      .max(WATCH_LIMITS.timeoutMs.max, `at most ${WATCH_LIMITS.timeoutMs.max} ms`)
      .default(WATCH_LIMITS.timeoutMs.default),
    failuresToDown: z
      .number()
      .int()
      .min(WATCH_LIMITS.failuresToDown.min, `at least ${WATCH_LIMITS.failuresToDown.min}`)
      .max(WATCH_LIMITS.failuresToDown.max, `at most ${WATCH_LIMITS.failuresToDown.max}`)
      .default(WATCH_LIMITS.failuresToDown.default),
    remindEveryMin: z
      .number()
      .int()
      .min(WATCH_LIMITS.remindEveryMin.min, `at least ${WATCH_LIMITS.remindEveryMin.min} minutes`)
      .max(WATCH_LIMITS.remindEveryMin.max, `at most ${WATCH_LIMITS.remindEveryMin.max} minutes (a day)`)
      .nullable()
      .default(null),
    notify: notifySchema.default({ kind: 'game' }),
    note: z.string().trim().max(500, 'at most 500 characters').default(''),
    reason: reasonSchema.optional(),
  })
  .refine((v) => v.timeoutMs < v.intervalSec * 1000, {
    path: ['timeoutMs'],
    message: 'must be shorter than the interval',
  });
export type WatchSaveInput = z.input<typeof watchSaveInputSchema>;

/** The check a test call describes, in the shape of a saved one. */
export function testCheckOf(v: {
  kind: CheckKind;
  host?: string | undefined;
  port?: number | undefined;
  url?: string | undefined;
  expectStatus?: number | undefined;
}): unknown {
  if (v.kind === 'tcp') return { kind: 'tcp', host: v.host, port: v.port };
  if (v.kind === 'http')
    return {
      kind: 'http',
      url: v.url,
      ...(v.expectStatus === undefined ? {} : { expectStatus: v.expectStatus }),
    };
  return { kind: 'gameStatus', url: v.url };
}

export const watchTestResultSchema = z.object({
  ok: z.boolean(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  onlinePlayers: z.number().int().nullable(),
  incomeToday: z.number().int().nullable(),
});

/** What the watch list sorts by besides its own order (down first): name, game, since when. */
export const WATCH_SORTS = ['name', 'game', 'stateSince'] as const;

export const serverWatchEndpoints = {
  'serverWatch.list': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/serverwatch',
    summary:
      'Watched servers with their current state, down first, then by game and name, unless sorted by ' +
      'name, game or the time of the last change of state; q matches the name or the target. The ' +
      'summary counts every server by state (filters aside).',
    access: SUPER_ONLY,
    input: z.strictObject({
      game: gameIdSchema.optional(),
      state: z.enum(WATCH_STATES).optional(),
      q: z.string().trim().max(80).optional(),
      ...sortInput(WATCH_SORTS),
      ...pageInput,
    }),
    output: pageOf(watchedServerSchema).extend({ summary: watchSummarySchema }),
  }),
  'serverWatch.get': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/serverwatch/:id',
    summary:
      'One watched server: its state, its last checks (newest first), its incidents (newest ' +
      'first) and its maintenance windows (current and coming, then the last past ones).',
    access: SUPER_ONLY,
    input: z.strictObject({ id: serverId }),
    output: z.object({
      server: watchedServerSchema,
      checks: z.array(checkResultSchema),
      incidents: z.array(incidentSchema),
      maintenance: z.array(maintenanceWindowSchema),
    }),
  }),
  'serverWatch.save': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/serverwatch',
    summary:
      'Adds a watched server, or changes one (with its id). Names are unique within a game. A ' +
      'change of what is checked starts its state afresh.',
    access: SUPER_ONLY,
    audit: true,
    input: watchSaveInputSchema,
    output: watchedServerSchema,
  }),
  'serverWatch.delete': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/serverwatch/:id',
    summary: 'Stops watching a server and removes it with its history. Needs a reason.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: serverId, reason: reasonSchema }),
    output: z.object({ deleted: z.boolean() }),
  }),
  'serverWatch.pause': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/serverwatch/:id/pause',
    summary: 'Stops checking a server (and alerting about it) until resumed. Needs a reason.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: serverId, reason: reasonSchema }),
    output: watchedServerSchema,
  }),
  'serverWatch.resume': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/serverwatch/:id/resume',
    summary: 'Checks a paused server again; its state starts afresh.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: serverId, reason: reasonSchema.optional() }),
    output: watchedServerSchema,
  }),
  'serverWatch.test': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/serverwatch/test',
    summary:
      'Runs one check now and says what it found; nothing is saved. kind tcp takes host and port, ' +
      'http takes url (and expectStatus, 200 by default), gameStatus takes url.',
    access: SUPER_ONLY,
    input: z
      .strictObject({
        kind: z.enum(CHECK_KINDS),
        host: z.string().max(253).optional(),
        port: intParam({ min: 1, max: 65535, message: 'a port from 1 to 65535' }).optional(),
        url: z.string().max(2000).optional(),
        expectStatus: intParam({ min: 100, max: 599, message: 'an HTTP status from 100 to 599' }).optional(),
        timeoutMs: intParam({
          min: WATCH_LIMITS.timeoutMs.min,
          max: WATCH_LIMITS.timeoutMs.max,
          message: `${WATCH_LIMITS.timeoutMs.min} to ${WATCH_LIMITS.timeoutMs.max} ms`,
        }).default(WATCH_LIMITS.timeoutMs.default),
      })
      .superRefine((v, ctx) => {
        const parsed = checkSchema.safeParse(testCheckOf(v));
        if (parsed.success) return;
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: issue.path.length ? issue.path : ['kind'],
            message: issue.message,
          });
      }),
    output: watchTestResultSchema,
  }),
  'serverWatch.addMaintenance': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/serverwatch/:id/maintenance',
    summary:
      'A maintenance window: inside it the server is still checked but raises no alert. It must ' +
      `end in the future and last at most ${WATCH_LIMITS.maintenanceMaxDays} days.`,
    access: SUPER_ONLY,
    audit: true,
    input: z
      .strictObject({
        id: serverId,
        startsAt: isoTime,
        endsAt: isoTime,
        note: z.string().trim().max(500, 'at most 500 characters').default(''),
        reason: reasonSchema.optional(),
      })
      .refine((v) => Date.parse(v.startsAt) < Date.parse(v.endsAt), {
        path: ['endsAt'],
        message: 'must be after the start',
      })
      .refine(
        (v) => Date.parse(v.endsAt) - Date.parse(v.startsAt) <= WATCH_LIMITS.maintenanceMaxDays * 86_400_000,
        { path: ['endsAt'], message: `a window lasts at most ${WATCH_LIMITS.maintenanceMaxDays} days` },
      ),
    output: maintenanceWindowSchema,
  }),
  'serverWatch.deleteMaintenance': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/serverwatch/:id/maintenance/:windowId',
    summary: 'Removes a maintenance window (ending it at once if it is in force). Needs a reason.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({
      id: serverId,
      windowId: intParam({ min: 1, message: 'a window id is a positive whole number' }),
      reason: reasonSchema,
    }),
    output: z.object({ deleted: z.boolean() }),
  }),
  'serverWatch.events': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/serverwatch/events',
    summary:
      'Alerts for the caller (servers and message notices they are notified about). Without ' +
      '`after`: the latest ones, at once. With `after`: those after that sequence number, ' +
      'waiting up to `wait` seconds (0 to 25) for one to come; answered as soon as there is. ' +
      '`last` is the sequence number to ask after next; `down` counts the servers down now that ' +
      'the caller is notified about.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({
      after: intParam({ min: 0, message: 'after is a sequence number (0 or more)' }).optional(),
      wait: intParam({ min: 0, max: 25, message: 'wait is 0 to 25 seconds' }).default(0),
    }),
    output: z.object({
      events: z.array(watchAlertSchema),
      last: z.number().int(),
      down: z.number().int(),
    }),
  }),
  'serverWatch.mutes': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/serverwatch/mutes',
    summary: "The caller's own mutes in force (every alert, or one server's).",
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({}),
    output: z.object({ mutes: z.array(muteSchema) }),
  }),
  'serverWatch.mute': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/serverwatch/mutes',
    summary:
      "Mutes the caller's alerts: one server's (serverId), or all (serverId null or absent), " +
      'until a time or until lifted. Replaces the caller’s mute of the same scope. Other ' +
      'operators still get theirs.',
    access: ADMIN_OR_SERVICE,
    audit: true,
    input: z.strictObject({
      serverId: z.number().int().min(1, 'a server id is a positive whole number').nullable().default(null),
      until: isoTime.nullable().default(null),
    }),
    output: muteSchema,
  }),
  'serverWatch.unmute': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/serverwatch/mutes',
    summary:
      'Lifts the caller’s mute of one server (serverId) or of every alert (serverId null or ' +
      'absent); `deleted` says whether there was one.',
    access: ADMIN_OR_SERVICE,
    audit: true,
    input: z.strictObject({
      serverId: z.number().int().min(1, 'a server id is a positive whole number').nullable().default(null),
    }),
    output: z.object({ deleted: z.boolean() }),
  }),
};

export const serverWatchFeature = feature({ ...serverWatchPages, endpoints: serverWatchEndpoints });
