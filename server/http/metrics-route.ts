import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '../../shared/codes.js';
import { isLoopbackHost } from '../../shared/settings.js';
import { problem } from './problem.js';

/**
 * GET /metrics, the Prometheus text format. The figures name every endpoint and how often it
 * fails, which is for the studio's monitoring, not for anyone who can reach the API: a scraper on
 * this host is answered, one from elsewhere must send the token the server was started with
 * (GAMEOPS_METRICS_TOKEN), and without a token set only this host is.
 */

export interface MetricsRouteOptions {
  text: () => Promise<string>;
  contentType: string;
  token: string | undefined;
  fail: (req: FastifyRequest, reply: FastifyReply, err: unknown) => unknown;
}

/** The peer's address is this host's: IPv4 loopback (also as an IPv4-mapped IPv6 address) or ::1. */
const fromThisHost = (address: string | undefined) =>
  isLoopbackHost((address ?? '').replace(/^::ffff:/i, ''));

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerMetricsRoute(app: FastifyInstance, opts: MetricsRouteOptions): void {
  app.get('/metrics', async (req, reply) => {
    const local = fromThisHost(req.socket.remoteAddress);
    const allowed = opts.token ? bearerMatches(req.headers.authorization, opts.token) || local : local;
    if (!allowed)
      return opts.fail(
        req,
        reply,
        problem(
          Codes.FORBIDDEN,
          'Metrics are answered on this host, or with the token set in GAMEOPS_METRICS_TOKEN (Authorization: Bearer)',
          '监控指标仅对本机开放，或需携带 GAMEOPS_METRICS_TOKEN 中设置的令牌（Authorization: Bearer）',
        ),
      );
    const text = await opts.text();
    return reply.header('content-type', opts.contentType).send(text);
  });
}
