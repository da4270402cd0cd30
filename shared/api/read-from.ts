import { z } from 'zod';

/**
 * Where an answer's figures were read, when the backend has a read replica (DATABASE_READ_URL):
 * from the replica, `lagSec` seconds behind the latest writes at its last check; or from the
 * primary (current) because the replica is down or further behind than the backend's bound.
 * Absent without a replica: the figures are the primary's, current. An endpoint that lists it in
 * its output, and whose server feature lists it in `replicaReads`, gets it filled by the server
 * (server/http/endpoints.ts): reports, statistics and leaderboards say it under their range.
 */
export const readFromSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('replica'), lagSec: z.number().nonnegative() }),
  z.object({
    source: z.literal('primary'),
    reason: z.enum(['replicaDown', 'replicaBehind']),
    lagSec: z.number().nonnegative().optional(),
  }),
]);
export type ReadFrom = z.infer<typeof readFromSchema>;

/** The output field, for an endpoint whose answer may come from the replica. */
export const readFromField = { readFrom: readFromSchema.optional() };
