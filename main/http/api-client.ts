import type { ZodError } from 'zod';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import {
  ApiError,
  describeIssues,
  issuesOf,
  toResultError,
  type Result,
  type ResultError,
} from '../../shared/envelope.js';
import { endpointTarget, parseEndpointInput, planRequest, type Endpoint } from '../../shared/api/endpoint.js';
import { ENDPOINTS, isEndpointId, type EndpointId, type OutputOf } from '../../shared/api/table.js';
import type { GameId, ServiceName } from '../../shared/games.js';
import type { SessionEndReason } from '../../shared/ipc.js';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.js';
import { markForwardable, sameJson } from './forward.js';
import { envelopeError, send, type Exchange, type SendOptions } from './send.js';

export interface TokenPair {
  authToken: string;
  refreshToken: string;
  expireTime: number;
  refreshExpireTime: number;
}

/** The session's tokens as one consistent reading, with the epoch (sign-in count) they belong to. */
export interface SessionSnapshot {
  epoch: number;
  /**
   * The backend these tokens came from (ServiceTarget.backend of the sign-in), null when there
   * are none: a token is attached only to requests for that backend.
   */
  backend: string | null;
  access: string | null;
  refresh: string | null;
  /** The pay-server token, while it has not expired; the bearer of every payment-service call. */
  payServer: string | null;
}

/**
 * What the client needs from the session, which owns the tokens and decides what ending means.
 * Every method runs in the session's one queue of changes, so what the client reads and what it
 * stores can never interleave with a sign-in or a sign-out.
 */
export interface SessionHooks {
  current(): Promise<SessionSnapshot>;
  /** Stores a refresh's tokens if session `epoch` is still the current one; false when it is over. */
  refreshed(epoch: number, pair: TokenPair): Promise<boolean>;
  /** Ends session `epoch` (the server refused it), unless another session has begun since. */
  ended(epoch: number, reason: SessionEndReason, error: ResultError): Promise<void>;
  /** The payment service refused pay-server token `token` of session `epoch`: forget it (if still stored). */
  payServerRefused(epoch: number, token: string): Promise<void>;
}

/** Where a service's requests go: its base URL (with its base path) and headers every request carries. */
export interface ServiceTarget {
  baseUrl: string;
  /**
   * Which backend the address belongs to (main/services/settings.ts backendIdentity). Tokens are
   * only good where they were issued: a request for another backend never carries one.
   */
  backend: string;
  /** The embedded backend's launch key; nothing for a studio's services. */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  /** The service's target. Throws an ApiError when there is none to use. */
  target(service: ServiceName): Promise<ServiceTarget> | ServiceTarget;
  session: SessionHooks;
  language(): Language;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Sends the call only if it goes to this backend: the session's own calls (sign-in, sign-out with
 * a refresh token) name the backend the token or the new session belongs to.
 */
export interface CallPin {
  backend: string;
}

export interface ApiClient {
  /** Calls an endpoint by id. Never throws: every failure is a Result error with an envelope code. */
  call<K extends EndpointId>(id: K, input: unknown, pin?: CallPin): Promise<Result<OutputOf<K>>>;
}

/** Codes that say the server is struggling, not that the session is bad: a refresh meeting them keeps it. */
const TRANSIENT = new Set<number>([Codes.INTERNAL, Codes.UNAVAILABLE, Codes.RATE_LIMITED]);

/**
 * Answers to a signed-in call that mean the server no longer accepts this session at all: it was
 * revoked, the operator was disabled, or the server does not know the session. Waiting for the
 * access token to expire would leave the console looking signed in for up to 15 minutes.
 */
const SESSION_OVER = new Set<number>([Codes.SESSION_REVOKED, Codes.ACCOUNT_DISABLED, Codes.UNAUTHENTICATED]);

const refreshEndpoint = ENDPOINTS['auth.refresh'];

type Refreshed = { ok: true; token: string } | { ok: false; error: ResultError };

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? HTTP_TIMEOUT_MS;
  /** The refresh under way for a session; every caller of it that meets 20000 meanwhile waits for it. */
  const inflight = new Map<number, Promise<Refreshed>>();
  /**
   * Access tokens already exchanged. A request sent with one of these that comes back 20000 after
   * its refresh finished must not refresh again: the refresh token it would use has rotated, and
   * presenting the old one would make the server revoke the whole session.
   */
  const retired: string[] = [];
  /** Why the last session the client ended was ended, for calls of that session answered late. */
  let lastEnd: { epoch: number; error: ResultError } | null = null;

  /** Where `ep` goes now. Read before any token: what decides the token is where it is going. */
  const targetOf = async (ep: Endpoint, input: Record<string, unknown>): Promise<ServiceTarget> =>
    deps.target(endpointTarget(ep, ep.service === 'game' ? (input['game'] as GameId) : undefined).service);

  const exchange = (ep: Endpoint, input: Record<string, unknown>, target: ServiceTarget, bearer?: string) =>
    exchangeAt(target, ep, input, bearer, { fetch: fetchImpl, timeoutMs, language: deps.language() });

  const endSession = async (epoch: number, reason: SessionEndReason, error: ResultError) => {
    lastEnd = { epoch, error };
    await deps.session.ended(epoch, reason, error);
  };
  const elsewhere = () => elsewhereError(deps.language());
  /** The error for a call whose session ended while it was under way. */
  const sessionOver = (epoch: number): ResultError =>
    lastEnd?.epoch === epoch
      ? lastEnd.error
      : errorOf(Codes.NOT_SIGNED_IN, deps.language(), 'the session ended');

  const doRefresh = async (epoch: number, stale: string): Promise<Refreshed> => {
    const target = await targetOf(refreshEndpoint, {});
    const now = await deps.session.current();
    if (now.epoch !== epoch) return { ok: false, error: sessionOver(epoch) };
    if (!now.refresh) {
      const error = errorOf(Codes.NOT_SIGNED_IN, deps.language(), 'there is no refresh token; sign in again');
      await endSession(epoch, 'refresh-failed', error);
      return { ok: false, error };
    }
    if (target.backend !== now.backend) return { ok: false, error: elsewhere() };
    const ex = await exchange(refreshEndpoint, { refreshToken: now.refresh }, target);
    if (ex.kind === 'failed') return { ok: false, error: ex.error };
    if (ex.code !== Codes.OK) {
      const error = envelopeError(ex, deps.language());
      if (TRANSIENT.has(ex.code)) return { ok: false, error };
      await endSession(epoch, endReasonFor(ex.code), error);
      return { ok: false, error };
    }
    const pair = refreshEndpoint.output.safeParse(ex.data);
    if (!pair.success) {
      return { ok: false, error: badOutput('auth.refresh', pair.error, deps.language()) };
    }
    // Stored, or dropped, in the same step of the session's queue that checks the epoch.
    if (!(await deps.session.refreshed(epoch, pair.data))) return { ok: false, error: sessionOver(epoch) };
    retired.push(stale);
    if (retired.length > 32) retired.shift();
    return { ok: true, token: pair.data.authToken };
  };

  /** Single flight per session: decided synchronously, so two callers can never both start a refresh. */
  const refreshFor = (epoch: number, stale: string): Promise<Refreshed> => {
    const running = inflight.get(epoch);
    if (running) return running;
    if (retired.includes(stale)) {
      return deps.session
        .current()
        .then((now): Refreshed =>
          now.epoch === epoch && now.access
            ? { ok: true, token: now.access }
            : { ok: false, error: sessionOver(epoch) },
        );
    }
    const run = doRefresh(epoch, stale)
      .catch((err: unknown): Refreshed => ({ ok: false, error: unexpected(err) }))
      .finally(() => inflight.delete(epoch));
    inflight.set(epoch, run);
    return run;
  };

  /**
   * A payment-service call: its bearer is the pay-server token, never the console's access token.
   * No refresh and no sign-out come of its answers: a refused pay-server token is forgotten (the
   * operator signs in to the pay server again) and the console's session goes on. Only a disabled
   * operator ends the session, as on any other call. Null: there is no pay-server session.
   */
  const payServerExchange = async (
    ep: Endpoint,
    input: Record<string, unknown>,
    target: ServiceTarget,
  ): Promise<Exchange | ResultError | null> => {
    const { epoch, payServer, backend } = await deps.session.current();
    if (!payServer) return null;
    if (backend !== target.backend) return elsewhere();
    const ex = await exchange(ep, input, target, payServer);
    if (ex.kind === 'envelope' && ex.code === Codes.PAY_SERVER_SIGN_IN) {
      await deps.session.payServerRefused(epoch, payServer);
    }
    if (ex.kind === 'envelope' && ex.code === Codes.ACCOUNT_DISABLED) {
      await endSession(epoch, endReasonFor(ex.code), envelopeError(ex, deps.language()));
    }
    return ex;
  };

  const call = async <K extends EndpointId>(
    id: K,
    rawInput: unknown,
    pin?: CallPin,
  ): Promise<Result<OutputOf<K>>> => {
    const lang = deps.language();
    if (!isEndpointId(id)) return fail(errorOf(Codes.UNKNOWN_ENDPOINT, lang, `no endpoint ${String(id)}`));
    const ep: Endpoint = ENDPOINTS[id];
    const parsed = parseEndpointInput(ep, rawInput ?? {});
    if (!parsed.success) {
      const details = parsed.issues;
      return fail({ code: Codes.VALIDATION, message: describeIssues(details), details });
    }
    const input = parsed.data;
    try {
      const target = await targetOf(ep, input);
      if (pin && pin.backend !== target.backend) return fail(elsewhere());
      let ex: Exchange;
      if (ep.access.kind === 'public') {
        ex = await exchange(ep, input, target);
      } else if (ep.service === 'payment') {
        const paid = await payServerExchange(ep, input, target);
        if (paid === null) return fail(errorOf(Codes.PAY_SERVER_SIGN_IN, lang));
        if (!('kind' in paid)) return fail(paid);
        ex = paid;
      } else {
        const { epoch, access, backend } = await deps.session.current();
        if (!access) return fail(errorOf(Codes.NOT_SIGNED_IN, lang));
        if (backend !== target.backend) return fail(elsewhere());
        ex = await exchange(ep, input, target, access);
        if (ex.kind === 'envelope' && ex.code === Codes.TOKEN_EXPIRED) {
          const refreshed = await refreshFor(epoch, access);
          if (!refreshed.ok) return fail(refreshed.error);
          // Once: a second 20000 right after a successful refresh is the server's problem, not ours.
          ex = await exchange(ep, input, target, refreshed.token);
        }
        if (ex.kind === 'envelope' && SESSION_OVER.has(ex.code)) {
          const error = envelopeError(ex, deps.language());
          await endSession(epoch, endReasonFor(ex.code), error);
          return fail(error);
        }
      }
      if (ex.kind === 'failed') return fail(ex.error);
      if (ex.code !== Codes.OK) return fail(envelopeError(ex, deps.language()));
      const out = ep.output.safeParse(ex.data);
      if (!out.success) return fail(badOutput(id, out.error, deps.language()));
      const result = { ok: true as const, data: out.data as OutputOf<K> };
      // A big answer the check left as it was may go to a browser page as the service's text.
      if (ex.raw && sameJson(out.data, ex.data)) markForwardable(result, ex.raw);
      return result;
    } catch (err) {
      return fail(unexpected(err));
    }
  };

  return { call };
}

/** One request of `ep` to `target`, with `bearer` if given. */
function exchangeAt(
  target: ServiceTarget,
  ep: Endpoint,
  input: Record<string, unknown>,
  bearer: string | undefined,
  opts: SendOptions,
): Promise<Exchange> {
  const plan = planRequest(ep, input);
  const base = target.baseUrl.replace(/\/+$/, '');
  return send(
    {
      method: plan.method,
      url: `${base}${plan.path}`,
      body: plan.body,
      bearer,
      ...(target.headers ? { headers: target.headers } : {}),
    },
    opts,
  );
}

/** The error for a token that would go to another backend than the one that issued it. */
function elsewhereError(lang: Language): ResultError {
  return errorOf(
    Codes.NOT_SIGNED_IN,
    lang,
    lang === 'zh-CN'
      ? '服务地址已更改，当前会话属于之前的后端；请重新登录'
      : 'the service address changed and the session belongs to the previous backend; sign in again',
  );
}

function endReasonFor(code: number): SessionEndReason {
  // The renderer's "revoked" says the server ended the session: signed out elsewhere, revoked,
  // the operator disabled, or a session the server no longer knows; the message says which.
  if (SESSION_OVER.has(code)) return 'revoked';
  if (code === Codes.REFRESH_INVALID) return 'expired';
  return 'refresh-failed';
}

function fail(error: ResultError): { ok: false; error: ResultError } {
  return { ok: false, error };
}

function errorOf(code: number, lang: Language, detail?: string): ResultError {
  const text = codeText(code, lang);
  return { code, message: detail ? `${text} (${detail})` : text };
}

function badOutput(id: string, error: ZodError, lang: Language): ResultError {
  const details = issuesOf(error);
  return {
    code: Codes.BAD_RESPONSE,
    message: `${codeText(Codes.BAD_RESPONSE, lang)} (${id}: ${describeIssues(details)})`,
    details,
  };
}

/** Anything thrown on the way (an ApiError from the settings, a bug) still comes back as a Result. */
function unexpected(err: unknown): ResultError {
  if (!(err instanceof ApiError)) console.error('[gameops] api call failed unexpectedly:', err);
  return toResultError(err);
}
