import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import { Codes } from '../shared/codes.js';
import type { ApiError } from '../shared/envelope.js';
import { EMBEDDED_KEY_HEADER } from '../shared/constants.js';
import { ENDPOINT_IDS, ENDPOINTS } from '../shared/api/table.js';
import { AuthService } from './auth/sessions.js';
import { loadTokenSecret } from './auth/tokens.js';
import { DEFAULT_BODY_LIMIT, resolveAuthConfig, type AuthConfigInput } from './config.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { DatabaseKind } from './db/open.js';
import { primaryReads, type ReadRouter } from './db/replica.js';
import type { Database } from './db/schema.js';
import type { ServerDeps } from './http/context.js';
import { collectAuthenticators } from './http/authenticate.js';
import { registerEndpoints, type EndpointSet, type RegisteredRoute } from './http/endpoints.js';
import { bodyEncodingProblem } from './http/body-encoding.js';
import {
  MAX_PARAM_LENGTH,
  answerClientError,
  frameworkProblem,
  missingHostProblem,
} from './http/client-errors.js';
import { launchKeyCheck, launchKeyRefused } from './platform/launch-key.js';
import { buildOpenApi } from './http/openapi.js';
import { languageOf, problem } from './http/problem.js';
import { parseQuery } from './http/query.js';
import { sendError } from './http/respond.js';
import { SERVER_FEATURES } from './features.js';
import { NO_SECRETS_KEY, type SecretsKeyState } from './platform/secrets-key.js';
import { seedAllGames } from './seed/games.js';
import { registerExportRoute } from './exports/route.js';
import { registerProbes, type ProbeState } from './http/probes.js';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id.js';
import { createMetrics, type BackendMetrics } from './platform/metrics.js';
import { notifyBusOf } from './platform/notify.js';
import { registerMetricsRoute } from './http/metrics-route.js';
import { outcomeOf, type EndpointRouteConfig } from './http/outcome.js';
import { SMALL_SEED } from './seed/players.js';

/**
 * The reference backend's HTTP server: every entry of the endpoint table on its service's base
 * path, plus /health and /openapi.json. Nothing here knows a feature: handlers come from the
 * feature list (server/feature-list.ts, checked by server/features.ts: a missing one is a type error).
 */
function allHandlers(): EndpointSet {
  const handlers: Record<string, EndpointSet['handlers'][string]> = {};
  for (const f of SERVER_FEATURES) Object.assign(handlers, f.handlers);
  const missing = ENDPOINT_IDS.filter((id) => !handlers[id]);
  if (missing.length > 0) throw new Error(`endpoints without a handler: ${missing.join(', ')}`);
  return { table: ENDPOINTS, handlers, replicaReads: SERVER_FEATURES.flatMap((f) => f.replicaReads ?? []) };
}

export const BACKEND_VERSION = '0.1.0';

export interface BuildServerOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where reads that may lag go (backend.ts gives the database's); the primary when omitted. */
  reads?: ReadRouter;
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
  /**
   * The desktop app's embedded backend: every request must carry this key in the
   * EMBEDDED_KEY_HEADER header (main makes it at each launch), else it is refused.
   */
  launchKey?: string;
  /** With a launch key: the first-run setup calls answer (shared/api/setup.ts). */
  firstRun?: boolean;
  /** The key that seals stored secrets; without one the server refuses to store them. */
  secretsKey?: SecretsKeyState;
  /** Made-up players per game that a first run choosing the demo data seeds (default SMALL_SEED). */
  demoPlayers?: number;
  /** The server's measurements (backend.ts gives them its database pool); made here when omitted. */
  metrics?: BackendMetrics;
  /**
   * What GET /metrics answers: this process's registry by default; under `--workers`, the
   * primary's sum over every worker (server/serve/cluster.ts).
   */
  metricsText?: () => Promise<string>;
  /** A scraper from another host must send `Authorization: Bearer <token>`; loopback needs none. */
  metricsToken?: string;
}

export interface BuiltServer {
  app: FastifyInstance;
  deps: ServerDeps;
  routes: readonly RegisteredRoute[];
  /** Set `draining` when the server starts to stop: /ready then answers 503. */
  probe: ProbeState;
  metrics: BackendMetrics;
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
  const metrics = options.metrics ?? createMetrics();
  const deps: ServerDeps = {
    db: options.db,
    kind: options.kind,
    reads: options.reads ?? primaryReads(options.db),
    clock,
    auth: new AuthService({
      db: options.db,
      config: authConfig,
      clock,
      secret,
      bus: notifyBusOf(options.db),
      onSignOut: async (db, operatorId) => {
        for (const f of SERVER_FEATURES) await f.onSignOut?.(db, operatorId);
      },
    }),
    firstRunSetup: options.launchKey !== undefined && options.firstRun === true,
    secrets: options.secretsKey ?? NO_SECRETS_KEY,
    selfHeaders: options.launchKey === undefined ? {} : { [EMBEDDED_KEY_HEADER]: options.launchKey },
    seedDemoGames: async (now) => {
      // 0 is "no made-up game data", as at start (tests that want only the operators).
      const perGame = options.demoPlayers ?? SMALL_SEED;
      if (perGame > 0) await seedAllGames(options.db, perGame, now);
    },
    counters: metrics.counters,
  };

  const keyMatches = options.launchKey === undefined ? undefined : launchKeyCheck(options.launchKey);
  /** The refusal of a request without the launch key (on a backend that has one). */
  const keyProblem = (req: FastifyRequest) =>
    keyMatches && !keyMatches(req.headers[EMBEDDED_KEY_HEADER]) ? launchKeyRefused() : undefined;
  /**
   * The launch-key refusal, unless a feature exempts the route (the sandbox's checkout:
   * server/payments/routes.ts, docs/decisions.md "Payments"). Asked only of requests
   * that lack the key, so the console's own calls never pay for the check.
   */
  const exemptFeatures = SERVER_FEATURES.filter((f) => f.launchKeyExempt);
  const keyProblemOrExempt = async (req: FastifyRequest) => {
    const refused = keyProblem(req);
    if (!refused) return undefined;
    const target = { method: req.method, path: req.url.split('?')[0] ?? '' };
    for (const f of exemptFeatures) if (await f.launchKeyExempt?.(target, deps)) return undefined;
    return refused;
  };
  const fail = (req: FastifyRequest, reply: FastifyReply, err: unknown) =>
    sendError(reply, err, languageOf(req.headers['accept-language']), req.log, bodyLimit);

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: MAX_PARAM_LENGTH,
      querystringParser: parseQuery,
    },
    // Our own answers say what went wrong; Fastify's default 503 while closing would not be an envelope.
    return503OnClosing: false,
    // What the router refuses (a malformed %-escape, an over-long path parameter) gets an envelope
    // too; Fastify's own answer to the second echoed the whole URL.
    frameworkErrors: (err, req, reply) => fail(req, reply, keyProblem(req) ?? frameworkProblem(err.code)),
    // What Node's parser refuses before there is a request (over-long URL or headers, not HTTP).
    clientErrorHandler: answerClientError,
    // Node answers a request without Host with a bare 400 of its own; we answer it (missingHostProblem).
    http: { requireHostHeader: false },
    // Our own id (or a plain one the caller gave): in every log line of the request and its answer.
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  const probe: ProbeState = { draining: false };
  // The per-request hooks take a callback, and there is one of each kind: a promise per hook per
  // request was a measurable part of the cheapest calls (docs/decisions.md, "Throughput: the load
  // generator, where a request's time goes, what was cut").
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });

  // Sessions the auth service remembers are forgotten around every call that may change one, so
  // this instance never serves its own change from memory; the others hear of it on the bus
  // (AuthService.sessionsChanged, sent by each writer on commit).
  const mayChange = (method: string) => method !== 'GET' && method !== 'HEAD';

  app.addHook('onResponse', (req, reply, done) => {
    // First: what keeps sessions right must not wait on (or be lost to) a measurement.
    if (mayChange(req.method)) deps.auth.forgetSessions();
    const config = req.routeOptions.config as Partial<EndpointRouteConfig>;
    const route =
      typeof config.endpoint === 'string' ? config.endpoint : (req.routeOptions.url ?? 'unmatched');
    const code = outcomeOf(req) ?? (reply.statusCode < 400 ? Codes.OK : Codes.INTERNAL);
    metrics.observe(route, req.method, reply.statusCode, code, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', async () => metrics.close());
  // JSON only: a text/plain body is refused rather than handed to a handler as a string.
  app.removeContentTypeParser('text/plain');

  // Every request first: the launch key (an embedded backend answers main alone, bar the routes
  // a feature exempts), the Host header HTTP/1.1 requires, then a body the server would misread
  // (compressed, or not UTF-8) is refused before anything reads it. A request that passes may
  // change a session: see mayChange.
  app.addHook('onRequest', (req, _reply, done) => {
    const checked = (keyRefused: ApiError | undefined) => {
      const refused = keyRefused ?? missingHostProblem(req.raw) ?? bodyEncodingProblem(req.headers);
      if (refused) return done(refused);
      if (mayChange(req.method)) deps.auth.forgetSessions();
      done();
    };
    // Only a request without the key waits for the features' exemptions.
    if (!keyProblem(req)) checked(undefined);
    else keyProblemOrExempt(req).then(checked, done);
  });

  app.setErrorHandler((err, req, reply) => fail(req, reply, err));

  const sets = [allHandlers(), ...(options.extraEndpoints ?? [])];
  const routes = registerEndpoints(app, deps, sets, {
    bodyLimit,
    validateOutput: options.validateOutput ?? true,
    authenticators: collectAuthenticators(SERVER_FEATURES),
  });

  // Exports answer a file, not an envelope: outside the table, reading its endpoints.
  registerExportRoute(app, deps, sets, { authenticators: collectAuthenticators(SERVER_FEATURES), bodyLimit });

  // Features' own routes (provider notices): outside the table, so not in openapi.json.
  for (const f of SERVER_FEATURES) f.routes?.(app, deps);

  const patterns = routes.map((r) => ({ regex: compilePattern(r.url), method: r.method }));
  app.setNotFoundHandler((req, reply) => {
    const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    const allowed = [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return fail(
        req,
        reply,
        problem(
          Codes.METHOD_NOT_ALLOWED,
          `${req.method} is not accepted here; use ${allowed.join(' or ')}`,
          `此接口不接受 ${req.method}，请使用 ${allowed.join(' 或 ')}`,
        ),
      );
    }
    // The path is named so the caller sees their typo, but not at any length.
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    return fail(
      req,
      reply,
      problem(
        Codes.ROUTE_NOT_FOUND,
        `No API route ${req.method} ${shown}; see /openapi.json for the list`,
        `没有接口 ${req.method} ${shown}，接口列表见 /openapi.json`,
      ),
    );
  });

  const openapi = buildOpenApi(routes, BACKEND_VERSION);
  app.get('/openapi.json', async (_req, reply) => reply.send(openapi));
  registerProbes(app, deps, BACKEND_VERSION, probe, fail);
  registerMetricsRoute(app, {
    text: options.metricsText ?? (() => metrics.registry.metrics()),
    contentType: metrics.registry.contentType,
    token: options.metricsToken,
    fail,
  });

  return { app, deps, routes, probe, metrics };
}
