import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Codes } from '../shared/codes.js';
import { ApiError, ok } from '../shared/envelope.js';
import { ENDPOINT_IDS, ENDPOINTS } from '../shared/api/table.js';
import { AuthService } from './auth/sessions.js';
import { loadTokenSecret } from './auth/tokens.js';
import {
  DEFAULT_BODY_LIMIT,
  resolveAuthConfig,
  systemClock,
  type AuthConfigInput,
  type Clock,
} from './config.js';
import type { DatabaseKind } from './db/open.js';
import type { Database } from './db/schema.js';
import type { ServerDeps } from './http/context.js';
import { registerEndpoints, type EndpointSet, type RegisteredRoute } from './http/endpoints.js';
import { buildOpenApi } from './http/openapi.js';
import { languageOf, problem } from './http/problem.js';
import { sendError } from './http/respond.js';
import { SERVER_FEATURES } from './features.js';

/**
 * The reference backend's HTTP server: every entry of the endpoint table on its service's base
 * path, plus /health and /openapi.json. Nothing here knows a feature: handlers come from the
 * feature list (server/features.ts), where a missing one is a type error.
 */
function allHandlers(): EndpointSet {
  const handlers: Record<string, EndpointSet['handlers'][string]> = {};
  for (const f of SERVER_FEATURES) Object.assign(handlers, f.handlers);
  const missing = ENDPOINT_IDS.filter((id) => !handlers[id]);
  if (missing.length > 0) throw new Error(`endpoints without a handler: ${missing.join(', ')}`);
  return { table: ENDPOINTS, handlers };
}

export const BACKEND_VERSION = '0.1.0';

export interface BuildServerOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock?: Clock;
  auth?: AuthConfigInput;
  /** Largest accepted request body, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Fastify's logger option (false = silent). */
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its output schema (default true: cheap, and it strips extras). */
  validateOutput?: boolean;
  /** More endpoints with their handlers (tests; later plug-ins). */
  extraEndpoints?: readonly EndpointSet[];
}

export interface BuiltServer {
  app: FastifyInstance;
  deps: ServerDeps;
  routes: readonly RegisteredRoute[];
}

function compilePattern(url: string): RegExp {
  const escaped = url
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}/?$`);
}

export async function buildServer(options: BuildServerOptions): Promise<BuiltServer> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const clock = options.clock ?? systemClock;
  const authConfig = resolveAuthConfig(options.auth);
  const secret = await loadTokenSecret(options.db);
  const deps: ServerDeps = {
    db: options.db,
    kind: options.kind,
    clock,
    auth: new AuthService({
      db: options.db,
      config: authConfig,
      clock,
      secret,
      rememberSessions: options.kind === 'pglite',
    }),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    // Our own answers say what went wrong; Fastify's default 503 while closing would not be an envelope.
    return503OnClosing: false,
  });
  // JSON only: a text/plain body is refused rather than handed to a handler as a string.
  app.removeContentTypeParser('text/plain');

  // Sessions the auth service remembers are forgotten around every call that may change one.
  const mayChange = (method: string) => method !== 'GET' && method !== 'HEAD';
  app.addHook('onRequest', async (req) => {
    if (mayChange(req.method)) deps.auth.forgetSessions();
  });
  app.addHook('onResponse', async (req) => {
    if (mayChange(req.method)) deps.auth.forgetSessions();
  });

  app.setErrorHandler((err, req, reply) =>
    sendError(reply, err, languageOf(req.headers['accept-language']), req.log, bodyLimit),
  );

  const sets = [allHandlers(), ...(options.extraEndpoints ?? [])];
  const routes = registerEndpoints(app, deps, sets, {
    bodyLimit,
    validateOutput: options.validateOutput ?? true,
  });

  const patterns = routes.map((r) => ({ regex: compilePattern(r.url), method: r.method }));
  app.setNotFoundHandler((req, reply) => {
    const lang = languageOf(req.headers['accept-language']);
    const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    const allowed = [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(
        reply,
        problem(
          Codes.METHOD_NOT_ALLOWED,
          `${req.method} is not accepted here; use ${allowed.join(' or ')}`,
          `此接口不接受 ${req.method}，请使用 ${allowed.join(' 或 ')}`,
        ),
        lang,
        req.log,
        bodyLimit,
      );
    }
    return sendError(
      reply,
      problem(
        Codes.ROUTE_NOT_FOUND,
        `No API route ${req.method} ${path}; see /openapi.json for the list`,
        `没有接口 ${req.method} ${path}，接口列表见 /openapi.json`,
      ),
      lang,
      req.log,
      bodyLimit,
    );
  });

  const openapi = buildOpenApi(routes, BACKEND_VERSION);
  app.get('/openapi.json', async (_req, reply) => reply.send(openapi));
  app.get('/health', async (req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return sendError(
        reply,
        new ApiError(Codes.UNAVAILABLE),
        languageOf(req.headers['accept-language']),
        req.log,
        bodyLimit,
      );
    }
    return reply.send(ok({ status: 'ok', database: deps.kind, version: BACKEND_VERSION }));
  });

  return { app, deps, routes };
}
