import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, codeText } from '../../shared/codes.js';
import { z } from 'zod';
import { ApiError, ok } from '../../shared/envelope.js';
import {
  endpointAccess,
  gamesOf,
  hasBody,
  pathParams,
  routePattern,
  type Endpoint,
} from '../../shared/api/endpoint.js';
import type { GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import { completeAuditAfter, recordAudit, recordAuditSafely } from '../audit/record.js';
import type { AuthInfo } from '../auth/sessions.js';
import { authenticatorFor, type Authenticators, type HeaderAuthenticator } from './authenticate.js';
import type { EndpointHandler, HandlerContext, HandlerMap, ServerDeps } from './context.js';
import { languageOf, parseInput, problem, validationProblem } from './problem.js';
import { malformedPart } from './query.js';
import { noteOutcome, type EndpointRouteConfig } from './outcome.js';
import { sendError, toApiError } from './respond.js';
import { answerText, putTextsBack, setTextsAside } from './json-text.js';

/**
 * Registers routes from an endpoint table: one route per entry, or one per game for game-scoped
 * entries (`service: 'game'`, with the game injected into the input). Every call goes through
 * the same steps: authenticate, check the role, validate the input, run the handler (in a
 * transaction with its audit entry when audited), validate the output, answer with an envelope.
 */

/** A table and its handlers, kept together so their types stay linked. */
export interface EndpointSet {
  table: Record<string, Endpoint>;
  handlers: Record<string, EndpointHandler<Endpoint>>;
  /** The entries that read from the replica when there is one (ServerFeature `replicaReads`). */
  replicaReads?: readonly string[];
}

export function endpointSet<T extends Record<string, Endpoint>>(
  table: T,
  handlers: HandlerMap<T>,
): EndpointSet {
  // The map's type was checked against the table above; from here on handlers are called through it.
  return { table, handlers: handlers as unknown as Record<string, EndpointHandler<Endpoint>> };
}

export interface RegisteredRoute {
  id: string;
  method: Endpoint['method'];
  url: string;
  endpoint: Endpoint;
  game?: GameId;
}

export interface RegisterOptions {
  bodyLimit: number;
  /** Check each answer against the endpoint's output schema (also strips unknown fields). */
  validateOutput: boolean;
  /** The features' authenticators, by the proof an endpoint asks of its caller. */
  authenticators: Authenticators;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clientIp(req: FastifyRequest): string {
  return req.ip ?? '';
}

/** The query string of a request URL, without its '?'; '' when there is none. */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * Path params and the game come from the URL; the same names in the query or body are refused.
 * Every other input of a call with a body travels in it: a query string there is refused, so
 * operator text (a DELETE's reason) never lands in access logs and proxies.
 */
function assembleInput(req: FastifyRequest, ep: Endpoint, game: GameId | undefined): Record<string, unknown> {
  if (hasBody(ep.method) && queryOf(req.url) !== '') {
    throw problem(
      Codes.VALIDATION,
      `${codeText(Codes.VALIDATION, 'en')}: (query): send inputs in the JSON body, not the URL: ` +
        'operator text must not travel in a URL',
      `${codeText(Codes.VALIDATION, 'zh-CN')}：(query)：请把输入放在 JSON 请求体中，不要放在 URL 里：` +
        '操作员填写的文字不应出现在 URL 中',
      [{ path: '(query)', message: 'send inputs in the JSON body, not the URL' }],
    );
  }
  const malformed = malformedPart(req.query);
  if (!hasBody(ep.method) && malformed !== undefined) {
    throw validationProblem([
      {
        path: malformed,
        message: 'holds a malformed %-escape; encode query values with encodeURIComponent',
      },
    ]);
  }
  const source: unknown = hasBody(ep.method) ? (req.body ?? {}) : (req.query ?? {});
  if (!isPlainObject(source)) {
    throw validationProblem([{ path: '(body)', message: 'expected a JSON object' }]);
  }
  const fromUrl: Record<string, unknown> = { ...(req.params as Record<string, string>) };
  if (game) fromUrl['game'] = game;
  const clashes = Object.keys(fromUrl).filter((k) => Object.prototype.hasOwnProperty.call(source, k));
  if (clashes.length > 0) {
    throw validationProblem(
      clashes.map((k) => ({
        path: k,
        message: 'comes from the URL path; do not send it in the query or body',
      })),
    );
  }
  return { ...source, ...fromUrl };
}

/**
 * A handler whose reads may lag: run through the read router, with `ctx.db` where it says (and
 * again on the primary when the replica goes away midway). Only a plain read may: one that
 * writes, or runs in an audited call's transaction, must see its own writes.
 */
function onReplica(id: string, ep: Endpoint, handler: EndpointHandler<Endpoint>): EndpointHandler<Endpoint> {
  if (ep.method !== 'GET' || ep.audit)
    throw new Error(`endpoint ${id} changes data: it cannot read from the replica (replicaReads)`);
  // An answer that can say where it was read (shared/api/read-from.ts) says it, whatever the
  // handler: the operator sees how old the figures may be under a report, statistics or a board.
  const says = ep.output instanceof z.ZodObject && 'readFrom' in ep.output.shape;
  return (input, ctx) =>
    ctx.deps.reads.read(async (db, readFrom) => {
      const answer = await handler(input, { ...ctx, db, ...(readFrom ? { readFrom } : {}) });
      return says && readFrom && typeof answer === 'object' && answer !== null
        ? { ...answer, readFrom }
        : answer;
    });
}

/** Who an audited public call is recorded under when the handler names no one. */
const NOT_SIGNED_IN = '(not signed in)';

function routeHandler(
  deps: ServerDeps,
  id: string,
  ep: Endpoint,
  handler: EndpointHandler<Endpoint>,
  game: GameId | undefined,
  opts: RegisterOptions,
  authenticator: HeaderAuthenticator | null,
) {
  const access = endpointAccess(ep, game);
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const lang = languageOf(req.headers['accept-language']);
    const ip = clientIp(req);
    const now = new Date(deps.clock());
    let auth: AuthInfo | null = null;
    let reason: string | null = null;
    const ctxBase: Omit<HandlerContext, 'db' | 'audit'> = { auth, game, lang, ip, now, deps, log: req.log };
    const draft: HandlerContext['audit'] = {};

    /**
     * The entry of this call: under the signed-in operator; for a public call, under whom the
     * handler names (or as not signed in). A call that failed to sign in has no one to record.
     */
    const auditRecord = (outcome: 'ok' | 'error', code: number) => {
      const actor = auth
        ? { id: auth.operator.id, name: auth.operator.name }
        : access.kind === 'public'
          ? (draft.actor ?? { id: null, name: NOT_SIGNED_IN })
          : null;
      if (!ep.audit || !actor) return null;
      return {
        at: now,
        operatorId: actor.id,
        operator: actor.name,
        action: id,
        game: draft.game ?? game ?? null,
        target: draft.target ?? '',
        reason,
        outcome,
        code,
        before: draft.before,
        after: draft.after,
        clientIp: ip,
      };
    };

    try {
      if (authenticator) {
        auth = await authenticator.authenticate(req.headers.authorization, deps, now);
        ctxBase.auth = auth;
      }
      // From here on the caller is known: failures of audited calls are recorded too.
      try {
        if (auth && !canAccess(auth.operator.roles, access)) {
          throw problem(
            Codes.FORBIDDEN,
            `Your roles (${auth.operator.roles.join(', ') || 'none'}) do not allow this call`,
            `你的角色（${auth.operator.roles.join('、') || '无'}）无权执行此操作`,
          );
        }
        const raw = assembleInput(req, ep, game);
        if (hasBody(ep.method) && typeof raw['reason'] === 'string') reason = raw['reason'].trim();
        const input = parseInput(ep, raw, lang);

        // The answer is checked once it is final: inside the transaction (a wrong one undoes the
        // change), or, when steps run after the commit (they may bring the handler's answer up to
        // date in place), after them.
        const checkOutput = (result: unknown): unknown => {
          if (!opts.validateOutput) return result;
          // JSON text fields are checked where their rows are made (json-text.ts): the rest here.
          const { rest, texts } = setTextsAside(result);
          const checked = ep.output.safeParse(rest);
          if (!checked.success) {
            req.log.error(
              { endpoint: id, issues: checked.error.issues },
              'handler output does not match its schema',
            );
            throw new ApiError(Codes.INTERNAL);
          }
          return putTextsBack(checked.data, texts);
        };

        let data: unknown;
        if (ep.audit) {
          const afterCommit: (() => Promise<void>)[] = [];
          let entryId: number | undefined;
          data = await deps.db.transaction().execute(async (trx) => {
            const out = await handler(input, {
              ...ctxBase,
              db: trx,
              audit: draft,
              afterCommit: (job) => void afterCommit.push(job),
            });
            const answer = afterCommit.length > 0 ? out : checkOutput(out);
            // Written with the change, in its transaction: no change without its entry.
            const entry = auditRecord('ok', Codes.OK);
            if (entry) entryId = await recordAudit(trx, entry);
            return answer;
          });
          if (afterCommit.length > 0) {
            // Committed: now what must not hold the transaction. Its failure cannot undo the
            // change, so it is logged, and the call answers with what was committed.
            const logged = async (step: () => Promise<void>) => {
              try {
                await step();
              } catch (err) {
                req.log.error({ err, endpoint: id }, 'a step after the commit failed');
              }
            };
            for (const job of afterCommit) await logged(job);
            // The entry says how it ended (the handler's `after` is brought up to date too).
            if (entryId !== undefined) {
              const done = entryId;
              await logged(() => completeAuditAfter(deps.db, done, draft.after));
            }
            data = checkOutput(data);
          }
        } else {
          data = checkOutput(await handler(input, { ...ctxBase, db: deps.db, audit: draft }));
        }
        noteOutcome(req, Codes.OK);
        const envelope = ok(data);
        const text = answerText(envelope);
        if (text !== null) return reply.code(200).type('application/json; charset=utf-8').send(text);
        return reply.code(200).send(envelope);
      } catch (err) {
        // The transaction is gone, so the failure is written on its own, and must not be lost to
        // a second failure (see recordAuditSafely for what is tried, and what remains).
        const entry = auditRecord('error', err instanceof ApiError ? err.code : Codes.INTERNAL);
        if (entry) await recordAuditSafely(deps.db, entry, req.log);
        throw err;
      }
    } catch (err) {
      noteOutcome(req, toApiError(err, opts.bodyLimit).code);
      return sendError(reply, err, lang, req.log, opts.bodyLimit);
    }
  };
}

export function registerEndpoints(
  app: FastifyInstance,
  deps: ServerDeps,
  sets: readonly EndpointSet[],
  opts: RegisterOptions,
): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const seen = new Map<string, string>();
  for (const set of sets) {
    const replica = new Set(set.replicaReads);
    for (const [id, ep] of Object.entries(set.table)) {
      const handler = set.handlers[id];
      if (!handler) throw new Error(`endpoint ${id} has no handler`);
      const authn = authenticatorFor(id, ep, opts.authenticators);
      // A caller that proves itself in its input does so first thing in the handler's context.
      const own = replica.has(id) ? onReplica(id, ep, handler) : handler;
      const run: EndpointHandler<Endpoint> =
        authn?.from === 'input'
          ? async (input, ctx) => {
              await authn.verify(input, ctx);
              return own(input, ctx);
            }
          : own;
      const fromHeader = authn?.from === 'header' ? authn : null;
      const games: (GameId | undefined)[] = ep.service === 'game' ? gamesOf(ep) : [undefined];
      for (const game of games) {
        const url = routePattern(ep, game);
        const key = `${ep.method} ${url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;
        const other = seen.get(key);
        if (other) throw new Error(`endpoints ${other} and ${id} both claim ${key}`);
        seen.set(key, id);
        if (ep.service === 'game' && !('game' in ep.input.shape)) {
          throw new Error(`game endpoint ${id} must have a "game" field in its input`);
        }
        for (const p of pathParams(ep.path)) {
          if (!(p in ep.input.shape)) throw new Error(`endpoint ${id}: path param ${p} is not in its input`);
        }
        app.route({
          method: ep.method,
          url,
          config: { endpoint: id, ...(game ? { game } : {}) } satisfies EndpointRouteConfig,
          handler: routeHandler(deps, id, ep, run, game, opts, fromHeader),
        });
        routes.push({ id, method: ep.method, url, endpoint: ep, ...(game ? { game } : {}) });
      }
    }
  }
  return routes;
}
