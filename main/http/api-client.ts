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
import { parseEndpointInput, planRequest, type Endpoint } from '../../shared/api/endpoint.js';
import { ENDPOINTS, isEndpointId, type EndpointId, type OutputOf } from '../../shared/api/table.js';
import type { ServiceName } from '../../shared/games.js';
import type { SessionEndReason } from '../../shared/ipc.js';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.js';
import { ACCESS_TOKEN, REFRESH_TOKEN, type TokenStore } from '../session/token-store.js';
import { envelopeError, send, type Exchange } from './send.js';

export interface TokenPair {
  authToken: string;
  refreshToken: string;
  expireTime: number;
  refreshExpireTime: number;
}

/** What the client needs from the session: it owns the user and decides what ending means. */
export interface SessionHooks {
  /** A refresh succeeded; both new tokens are already saved. */
  refreshed(pair: TokenPair): Promise<void>;
  /** The server refused the refresh: the session is over. */
  ended(reason: SessionEndReason, error: ResultError): Promise<void>;
  /** Bumped by sign-in and sign-out, so a refresh that outlives its session cannot revive it. */
  epoch(): number;
}

export interface ApiClientDeps {
  /** The service's base URL (with its base path). Throws an ApiError when there is none to use. */
  baseUrl(service: ServiceName): Promise<string> | string;
  tokens: TokenStore;
  session: SessionHooks;
  language(): Language;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface ApiClient {
  /** Calls an endpoint by id. Never throws: every failure is a Result error with an envelope code. */
  call<K extends EndpointId>(id: K, input: unknown): Promise<Result<OutputOf<K>>>;
}

/** Codes that say the server is struggling, not that the session is bad: a refresh meeting them keeps it. */
const TRANSIENT = new Set<number>([Codes.INTERNAL, Codes.UNAVAILABLE, Codes.RATE_LIMITED]);

const refreshEndpoint = ENDPOINTS['auth.refresh'];

type Refreshed = { ok: true; token: string } | { ok: false; error: ResultError };

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? HTTP_TIMEOUT_MS;

  /** The one refresh under way; every caller that meets 20000 meanwhile waits for it. */
  let inflight: Promise<Refreshed> | null = null;
  /**
   * Access tokens already exchanged. A request sent with one of these that comes back 20000 after
   * its refresh finished must not refresh again: the refresh token it would use has rotated, and
   * presenting the old one would make the server revoke the whole session.
   */
  const retired: string[] = [];
  /** Why the last session a refresh ended was ended, for calls of that session answered late. */
  let lastEnd: { epoch: number; error: ResultError } | null = null;

  const exchange = async (
    ep: Endpoint,
    input: Record<string, unknown>,
    bearer?: string,
  ): Promise<Exchange> => {
    const plan = planRequest(ep, input);
    const base = (await deps.baseUrl(plan.service)).replace(/\/+$/, '');
    return send(
      { method: plan.method, url: `${base}${plan.path}`, body: plan.body, bearer },
      { fetch: fetchImpl, timeoutMs, language: deps.language() },
    );
  };

  const doRefresh = async (stale: string): Promise<Refreshed> => {
    const epoch = deps.session.epoch();
    const refreshToken = await deps.tokens.get(REFRESH_TOKEN);
    if (!refreshToken) {
      const error = errorOf(Codes.NOT_SIGNED_IN, deps.language(), 'there is no refresh token; sign in again');
      lastEnd = { epoch, error };
      await deps.session.ended('refresh-failed', error);
      return { ok: false, error };
    }
    const ex = await exchange(refreshEndpoint, { refreshToken });
    if (ex.kind === 'failed') return { ok: false, error: ex.error };
    if (deps.session.epoch() !== epoch) {
      // Signed out (or in as someone else) while the refresh was under way: its answer is moot.
      return { ok: false, error: errorOf(Codes.NOT_SIGNED_IN, deps.language(), 'the session ended') };
    }
    if (ex.code !== Codes.OK) {
      const error = envelopeError(ex, deps.language());
      if (TRANSIENT.has(ex.code)) return { ok: false, error };
      lastEnd = { epoch, error };
      await deps.session.ended(endReasonFor(ex.code), error);
      return { ok: false, error };
    }
    const pair = refreshEndpoint.output.safeParse(ex.data);
    if (!pair.success) {
      return { ok: false, error: badOutput('auth.refresh', pair.error, deps.language()) };
    }
    // Refresh tokens rotate: the old one is dead now, so both must be saved before anything else.
    await deps.tokens.set(REFRESH_TOKEN, pair.data.refreshToken);
    await deps.tokens.set(ACCESS_TOKEN, pair.data.authToken);
    retired.push(stale);
    if (retired.length > 32) retired.shift();
    await deps.session.refreshed(pair.data);
    return { ok: true, token: pair.data.authToken };
  };

  /** Single flight: decided synchronously, so two callers can never both start a refresh. */
  const refreshFor = (stale: string): Promise<Refreshed> => {
    if (inflight) return inflight;
    if (retired.includes(stale)) {
      return deps.tokens
        .get(ACCESS_TOKEN)
        .then((token): Refreshed =>
          token
            ? { ok: true, token }
            : { ok: false, error: errorOf(Codes.NOT_SIGNED_IN, deps.language(), 'the session ended') },
        );
    }
    const run = doRefresh(stale).catch((err: unknown): Refreshed => ({ ok: false, error: unexpected(err) }));
    inflight = run.finally(() => {
      inflight = null;
    });
    return inflight;
  };

  const call = async <K extends EndpointId>(id: K, rawInput: unknown): Promise<Result<OutputOf<K>>> => {
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
      let ex: Exchange;
      if (ep.access.kind === 'public') {
        ex = await exchange(ep, input);
      } else {
        const epoch = deps.session.epoch();
        const token = await deps.tokens.get(ACCESS_TOKEN);
        if (!token) return fail(errorOf(Codes.NOT_SIGNED_IN, lang));
        ex = await exchange(ep, input, token);
        if (ex.kind === 'envelope' && ex.code === Codes.TOKEN_EXPIRED) {
          if (deps.session.epoch() !== epoch) {
            // The session this call was made in is over (refused refresh, sign-out): no refresh, no retry.
            return fail(
              lastEnd?.epoch === epoch
                ? lastEnd.error
                : errorOf(Codes.NOT_SIGNED_IN, lang, 'the session ended'),
            );
          }
          const refreshed = await refreshFor(token);
          if (!refreshed.ok) return fail(refreshed.error);
          // Once: a second 20000 right after a successful refresh is the server's problem, not ours.
          ex = await exchange(ep, input, refreshed.token);
        }
      }
      if (ex.kind === 'failed') return fail(ex.error);
      if (ex.code !== Codes.OK) return fail(envelopeError(ex, deps.language()));
      const out = ep.output.safeParse(ex.data);
      if (!out.success) return fail(badOutput(id, out.error, deps.language()));
      return { ok: true, data: out.data as OutputOf<K> };
    } catch (err) {
      return fail(unexpected(err));
    }
  };

  return { call };
}

function endReasonFor(code: number): SessionEndReason {
  if (code === Codes.SESSION_REVOKED || code === Codes.ACCOUNT_DISABLED) return 'revoked';
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
