import { z } from 'zod';
import { SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf } from './endpoint.js';
import { AUDIT_KINDS, auditEntrySchema } from './users.js';
import { systemLogsPages } from './systemLogs.pages.js';
import { gameIdSchema } from '../ids-schema.js';
import { sortInput } from './sorting.js';

/**
 * System logs (/admin/systemlogs, SUPER): the whole audit trail, every operator's actions and
 * sign-ins, filtered and paged by the server, one entry with its before and after, and the
 * filtered rows for a CSV export; beside it, the backend's own events (it started, migrated, a
 * watched server's check failed, a repair job finished).
 *
 * Totals are counted up to LOG_COUNT_CAP (`totalCapped` says there are more): an exact count of a
 * broad filter over millions of entries costs more than the page, and nobody pages past it.
 */

/** A total is counted up to this many; past it the page says "10,000+". */
export const LOG_COUNT_CAP = 10_000;
/** An export holds at most this many entries, the newest that match. */
export const LOG_EXPORT_CAP = 5_000;

/** A log sorts by time (oldest first, or newest first as it reads unsorted). */
export const LOG_SORTS = ['at'] as const;

/** `none`: entries that concern no game (sign-ins, operator accounts). */
export const logGameSchema = z.union([gameIdSchema, z.literal('none')]);
export const OUTCOMES = ['ok', 'error'] as const;

const isoTime = z.iso.datetime({ offset: true, message: 'an ISO date-time such as 2026-01-31T16:00:00Z' });

/** The filters of the audit trail, shared by the page, the count and the export. */
const auditFilters = {
  /** The operator's name as recorded (a failed sign-in records the account typed), exactly. */
  operator: z.string().trim().min(1).max(200).optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  /** An action id ('players.delete', 'auth.login'), exactly. */
  action: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/, 'an action id such as players.delete')
    .optional(),
  game: logGameSchema.optional(),
  outcome: z.enum(OUTCOMES).optional(),
  /** From (inclusive) and to (exclusive), instants. */
  from: isoTime.optional(),
  to: isoTime.optional(),
};

type Range = { from?: string | undefined; to?: string | undefined };
const rangeInOrder = (v: Range) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to);
const RANGE_MESSAGE = { path: ['to'], message: 'must be after from' };

/** Deeper than this a page is refused: the count stops at the cap, and so does paging. */
const MAX_PAGE = LOG_COUNT_CAP;

export const systemLogEntrySchema = auditEntrySchema.extend({ clientIp: z.string() });
export type SystemLogEntry = z.infer<typeof systemLogEntrySchema>;

/** An entry in a list: before and after stay on the server until the entry is opened. */
export const systemLogRowSchema = systemLogEntrySchema.omit({ before: true, after: true }).extend({
  /** Whether the entry holds a before or an after to compare. */
  hasChanges: z.boolean(),
});
export type SystemLogRow = z.infer<typeof systemLogRowSchema>;

export const EVENT_LEVELS = ['info', 'warn', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const systemEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `<area>.<event>`: backend.started, backend.migrated, serverWatch.checkFailed, batchFix.finished... */
  kind: z.string(),
  level: z.enum(EVENT_LEVELS),
  game: z.string().nullable(),
  subject: z.string(),
  detail: z.unknown().nullable(),
});
export type SystemEvent = z.infer<typeof systemEventSchema>;

const cappedPageOf = <T extends z.ZodType>(item: T) => pageOf(item).extend({ totalCapped: z.boolean() });

const pageInputCapped = {
  ...pageInput,
  page: intParam({ min: 1, max: MAX_PAGE, message: 'a page number is a positive whole number' }).default(1),
};

export const systemLogsEndpoints = {
  'systemLogs.audit': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/systemlogs',
    summary:
      'The audit trail, newest first: operator (exact), kind (sessions: auth.*; actions: the rest), ' +
      'action (exact id), game (or none), outcome, from (inclusive) / to (exclusive). The total ' +
      `is counted up to ${LOG_COUNT_CAP} (totalCapped). Rows leave out before/after.`,
    access: SUPER_ONLY,
    input: z
      .strictObject({ ...auditFilters, ...sortInput(LOG_SORTS), ...pageInputCapped })
      .refine(rangeInOrder, RANGE_MESSAGE),
    output: cappedPageOf(systemLogRowSchema),
  }),
  'systemLogs.entry': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/systemlogs/entry/:entryId',
    summary: 'One audit entry with its before and after.',
    access: SUPER_ONLY,
    input: z.strictObject({
      entryId: intParam({ min: 1, message: 'an entry id is a positive whole number' }),
    }),
    output: systemLogEntrySchema,
  }),
  'systemLogs.export': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/systemlogs/export',
    summary:
      `The audit entries that match the filters (as systemLogs.audit), newest first, before and after ` +
      `included: at most ${LOG_EXPORT_CAP}; capped says there were more.`,
    access: SUPER_ONLY,
    input: z.strictObject(auditFilters).refine(rangeInOrder, RANGE_MESSAGE),
    output: z.object({ items: z.array(systemLogEntrySchema), capped: z.boolean(), cap: z.number().int() }),
  }),
  'systemLogs.events': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/systemlogs/events',
    summary:
      "The backend's own events, newest first: kind (exact) or area (the part before the dot), " +
      'level, game (or none), from (inclusive) / to (exclusive).',
    access: SUPER_ONLY,
    input: z
      .strictObject({
        kind: z.string().trim().min(1).max(100).optional(),
        area: z
          .string()
          .trim()
          .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'an area such as backend or serverWatch')
          .optional(),
        level: z.enum(EVENT_LEVELS).optional(),
        game: logGameSchema.optional(),
        from: isoTime.optional(),
        to: isoTime.optional(),
        ...sortInput(LOG_SORTS),
        ...pageInputCapped,
      })
      .refine(rangeInOrder, RANGE_MESSAGE),
    output: cappedPageOf(systemEventSchema),
  }),
  'systemLogs.eventKinds': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/systemlogs/events/kinds',
    summary: 'The kinds of event the backend has recorded, for the filter.',
    access: SUPER_ONLY,
    input: z.strictObject({}),
    output: z.object({ kinds: z.array(z.string()) }),
  }),
};

export const systemLogsFeature = feature({ ...systemLogsPages, endpoints: systemLogsEndpoints });
