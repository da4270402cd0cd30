import type { FastifyRequest } from 'fastify';

/**
 * The envelope code each endpoint call answered with, for whoever measures the calls once they
 * are answered (server/statistics/meter.ts, in an onResponse hook): the HTTP status alone does
 * not tell a validation error from a conflict.
 */
const OUTCOMES = new WeakMap<FastifyRequest, number>();

export function noteOutcome(req: FastifyRequest, code: number): void {
  OUTCOMES.set(req, code);
}

export function outcomeOf(req: FastifyRequest): number | undefined {
  return OUTCOMES.get(req);
}

/** What an endpoint's route carries in its Fastify config: which endpoint, of which game. */
export interface EndpointRouteConfig {
  endpoint: string;
  game?: string;
}
