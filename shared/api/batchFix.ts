import { z } from 'zod';
import { ADMIN_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, gameWithPage, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { batchFixPages } from './batchFix.pages.js';

/**
 * Player data repair (spec: the data-repair page, `batchfix`; player service GET `/{name}`, admin
 * POST `/atomicwar/gameserver/{name}`). The backend keeps a registry of named repair functions;
 * the page lists them, shows what one would change (a dry run that changes nothing), and runs one
 * as a job that works in batches and reports its progress. Running is audited with the reason.
 *
 * Where we leave the spec: a run is a POST with its reason in the body on every game's service
 * (`/gameserver/{name}`, the admin service's path), never the player services' `GET /{name}`: a
 * GET must not change data, and the reason would travel in the URL.
 */

/** The games with a data-repair page (atomicwar, ymmj, lw). */
const batchFixGame = gameWithPage(batchFixPages.gamePages.batchFix);

/** What an operator types: the spec's one required field (default `batchfix1`). */
export const DEFAULT_REPAIR_NAME = 'batchfix1';
export const repairNameSchema = z
  .string()
  .trim()
  .min(1, 'give the name of a repair function')
  .max(64, 'a repair function name is at most 64 characters');

/** The changes a repair function makes to a table. */
export const REPAIR_CHANGES = ['update', 'delete'] as const;
export type RepairChange = (typeof REPAIR_CHANGES)[number];

const localText = z.object({ title: z.string(), description: z.string() });

export const repairFunctionSchema = z.object({
  name: z.string(),
  /** Title and description in both languages: a studio's backend names its own functions. */
  texts: z.object({ 'zh-CN': localText, en: localText }),
  /** The tables it changes and how; `delete` marks a function that removes rows. */
  touches: z.array(z.object({ table: z.string(), change: z.enum(REPAIR_CHANGES) })),
});
export type RepairFunction = z.infer<typeof repairFunctionSchema>;

/** How many rows of one table a run changes (or a dry run would). */
export const repairCountSchema = z.object({
  table: z.string(),
  change: z.enum(REPAIR_CHANGES),
  count: z.number().int(),
});
export type RepairCount = z.infer<typeof repairCountSchema>;

/** One row a dry run would change: what it is now, and what it would be (null: removed). */
export const repairSampleSchema = z.object({
  table: z.string(),
  change: z.enum(REPAIR_CHANGES),
  /** The row's key, as an operator reads it ("76561198000000013 / items", "ban 42"). */
  key: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type RepairSample = z.infer<typeof repairSampleSchema>;

/** A dry run shows at most this many rows; the counts cover every row. */
export const DRY_RUN_SAMPLES = 10;

export const dryRunSchema = z.object({
  name: z.string(),
  /** The server's time of the dry run: what "expired" and "older than a day" were measured at. */
  at: z.string(),
  /** Rows the function would change, all tables together. */
  total: z.number().int(),
  counts: z.array(repairCountSchema),
  samples: z.array(repairSampleSchema),
});
export type DryRun = z.infer<typeof dryRunSchema>;

/**
 * A run's life: queued (accepted, about to start), running, then done, failed, cancelled (by an
 * operator, between two batches) or interrupted (its server stopped while it ran; running the
 * function again finishes the work, as every function only changes rows that still need it).
 */
export const REPAIR_JOB_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
  'interrupted',
] as const;
export type RepairJobStatus = (typeof REPAIR_JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: readonly RepairJobStatus[] = ['queued', 'running'];

export const repairJobSchema = z.object({
  id: z.number().int(),
  game: z.string(),
  name: z.string(),
  status: z.enum(REPAIR_JOB_STATUSES),
  reason: z.string(),
  operator: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Rows that needed the repair when the run began (its dry run's total). */
  total: z.number().int(),
  /** Rows looked at so far; `processed / total` is the progress. */
  processed: z.number().int(),
  /** Rows changed so far. */
  changed: z.number().int(),
  counts: z.array(repairCountSchema),
  /** Why it failed, in the server's words. */
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
});
export type RepairJob = z.infer<typeof repairJobSchema>;

const jobId = intParam({ min: 1, message: 'a job id is a positive whole number' });

export const batchFixEndpoints = {
  'batchFix.functions': endpoint({
    service: 'game',
    method: 'GET',
    path: '/batchfix',
    summary: "The game's repair functions: name, title and description in both languages, what each touches.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: batchFixGame }),
    output: z.object({ functions: z.array(repairFunctionSchema) }),
  }),
  'batchFix.dryRun': endpoint({
    service: 'game',
    method: 'GET',
    path: '/batchfix/dryrun/:name',
    summary:
      `What running a repair function would change now, changing nothing: counts per table and up to ` +
      `${DRY_RUN_SAMPLES} rows with their state before and after. An unknown name is 40400.`,
    access: ADMIN_ONLY,
    input: z.strictObject({ game: batchFixGame, name: repairNameSchema }),
    output: dryRunSchema,
  }),
  'batchFix.run': endpoint({
    service: 'game',
    method: 'POST',
    path: '/gameserver/:name',
    summary:
      'Run a repair function as a job, in batches (poll batchFix.job for its progress). Refused ' +
      'while the same function runs in this game. The audit entry keeps what the dry run found; ' +
      'the job records what it changed.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: batchFixGame, name: repairNameSchema, reason: reasonSchema }),
    output: repairJobSchema,
  }),
  'batchFix.jobs': endpoint({
    service: 'game',
    method: 'GET',
    path: '/batchfix/jobs',
    summary: "The game's repair runs, newest first; name narrows to one function.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: batchFixGame, name: repairNameSchema.optional(), ...pageInput }),
    output: pageOf(repairJobSchema),
  }),
  'batchFix.job': endpoint({
    service: 'game',
    method: 'GET',
    path: '/batchfix/jobs/:jobId',
    summary: 'One repair run with its progress.',
    access: ADMIN_ONLY,
    input: z.strictObject({ game: batchFixGame, jobId }),
    output: repairJobSchema,
  }),
  'batchFix.cancel': endpoint({
    service: 'game',
    method: 'POST',
    path: '/batchfix/jobs/:jobId/cancel',
    summary:
      'Stop a queued or running repair between two batches; what earlier batches changed stays ' +
      'changed (running the function again finishes the work).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: batchFixGame, jobId, reason: reasonSchema }),
    output: repairJobSchema,
  }),
};

export const batchFixFeature = feature({ ...batchFixPages, endpoints: batchFixEndpoints });
