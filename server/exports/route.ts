import type { FastifyInstance } from 'fastify';
import { EXPORT_CONTENT_TYPES, EXPORT_ROUTE, EXPORT_TOTAL_HEADER } from '../../shared/api/exports.js';
import { exportFileName } from '../../shared/csv.js';
import type { Endpoint } from '../../shared/api/endpoint.js';
import type { Authenticators } from '../http/authenticate.js';
import type { ServerDeps } from '../http/context.js';
import type { EndpointSet } from '../http/endpoints.js';
import { languageOf } from '../http/problem.js';
import { sendError } from '../http/respond.js';
import { openExport } from './source.js';
import { writeExport } from './write.js';

/**
 * POST {admin}/admin/exports (shared/api/exports.ts): the file of a list or a report, streamed.
 * Until the first byte, every failure (not signed in, a role without the endpoint, a bad input or
 * column, the first page's own failure) is an envelope with its code; once the file has begun, a
 * failure ends the connection without its last bytes, so the client sees a broken download
 * rather than a file that looks whole.
 */
export function registerExportRoute(
  app: FastifyInstance,
  deps: ServerDeps,
  sets: readonly EndpointSet[],
  opts: { authenticators: Authenticators; bodyLimit: number },
): void {
  const set: EndpointSet = { table: {}, handlers: {} };
  for (const s of sets) {
    Object.assign(set.table as Record<string, Endpoint>, s.table);
    Object.assign(set.handlers, s.handlers);
  }
  const operator = opts.authenticators.operator;
  app.post(EXPORT_ROUTE, async (req, reply) => {
    const lang = languageOf(req.headers['accept-language']);
    const now = new Date(deps.clock());
    let source;
    try {
      if (!operator || operator.from !== 'header') throw new Error('no operator authenticator is registered');
      const auth = await operator.authenticate(req.headers.authorization, deps, now);
      source = await openExport(req.body, auth, set, {
        db: deps.db,
        auth,
        lang,
        ip: req.ip ?? '',
        now,
        audit: {},
        deps,
        log: req.log,
      });
    } catch (err) {
      return sendError(reply, err, lang, req.log, opts.bodyLimit);
    }
    const { format, title } = source.request;
    const file = exportFileName(title, now, format);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': EXPORT_CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="export.${format}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'Cache-Control': 'no-store',
      ...(source.total === null ? {} : { [EXPORT_TOTAL_HEADER]: String(source.total) }),
    });
    // The caller went away (a cancel): the walk stops at its next page.
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) gone = true;
    });
    try {
      const rows = await writeExport(source, res, () => gone);
      if (gone) req.log.info({ endpoint: source.endpointId, rows }, 'export cancelled by its caller');
      res.end();
    } catch (err) {
      req.log.error({ err, endpoint: source.endpointId }, 'export failed after its first byte');
      res.destroy();
    }
  });
}
