import type { FastifyInstance } from 'fastify';
import { Codes } from '../../shared/codes.js';
import type { ServerDeps } from '../http/context.js';
import { outcomeOf, type EndpointRouteConfig } from '../http/outcome.js';
import { FLUSH_MS, meterOf } from './meter.js';

/**
 * Measures every endpoint call of this server once it is answered (an onResponse hook: the
 * answer has left, so the measurement never delays it), and writes the measurements every
 * FLUSH_MS and when the server closes (before its database does).
 */
export function measureCalls(app: FastifyInstance, deps: ServerDeps): void {
  const meter = meterOf(deps);
  const flush = async () => {
    try {
      await meter.flush(deps.db);
    } catch (err) {
      app.log.warn({ err }, 'API statistics: the measurements could not be written; kept for the next try');
    }
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();
  app.addHook('onResponse', async (req, reply) => {
    const config = req.routeOptions.config as Partial<EndpointRouteConfig>;
    if (typeof config.endpoint !== 'string') return;
    const code = outcomeOf(req) ?? (reply.statusCode < 400 ? Codes.OK : Codes.INTERNAL);
    meter.record(config.endpoint, config.game ?? '', code, reply.elapsedTime, deps.clock());
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
}
