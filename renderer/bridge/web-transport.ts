import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import {
  WEB_BRIDGE_TOKEN_HEADER,
  isEventChannel,
  isRequestChannel,
  type BridgeTransport,
  type EventChannel,
  type RequestChannel,
} from '../../shared/ipc.js';
import { resultOfForwarded } from '../../shared/forwarded-answer.js';
import { readEventStream } from './event-stream.js';

/**
 * The bridge's transport in a browser served by the host (main/host): requests are POSTs to
 * /__ipc/<channel>, events arrive over one Server-Sent Events stream read with fetch. Same
 * origin only; each request carries the launch's bridge token in a header (launch-token.ts).
 */

/** The first reconnection delay of the event stream, until the host sets its own (retry:). */
const RETRY_MS = 1000;

/** Channels whose answer is a Result: their failures come back as Result errors, like main's. */
const RESULT_CHANNELS: ReadonlySet<RequestChannel> = new Set<RequestChannel>([
  'api:call',
  'session:login',
  'session:logout',
  'settings:set',
  'settings:devTools',
  'app:openLogs',
  'updates:install',
]);

/**
 * `token` reads the bridge token for each request (a launch in another tab may have replaced
 * it); null sends none, and the host answers that the launch URL must be opened first.
 */
export function createWebTransport(base = '', token: () => string | null = () => null): BridgeTransport {
  /** Aborts the open event stream (and its reconnection loop); null while none is wanted. */
  let stream: AbortController | null = null;
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const tokenHeader = (): Record<string, string> => {
    const t = token();
    return t ? { [WEB_BRIDGE_TOKEN_HEADER]: t } : {};
  };

  const deliver = (channel: string, data: string) => {
    if (!isEventChannel(channel)) return;
    const set = listeners.get(channel);
    if (!set || set.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      console.error(`[gameops] event ${channel} carried data that is not JSON`);
      return;
    }
    for (const l of [...set]) l(payload);
  };

  /**
   * One stream for every listener, opened again after a drop (the host restarting, a sleeping
   * laptop) as EventSource would. A refusal (no token, another site) is final, as it is for
   * EventSource: asking again would only be refused again.
   */
  const openStream = () => {
    if (stream) return;
    const controller = (stream = new AbortController());
    const { signal } = controller;
    let retryMs = RETRY_MS;
    void (async () => {
      while (!signal.aborted) {
        try {
          const res = await fetch(`${base}/__events`, {
            headers: { Accept: 'text/event-stream', ...tokenHeader() },
            cache: 'no-store',
            signal,
          });
          if (!res.ok || !res.body) {
            console.error(`[gameops] the console host refused its event stream (HTTP ${res.status})`);
            return;
          }
          await readEventStream(res.body, {
            frame: (f) => deliver(f.event, f.data),
            retry: (ms) => (retryMs = ms),
          });
        } catch {
          // Dropped or not reachable: try again below, unless the stream is no longer wanted.
        }
        if (signal.aborted) return;
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, retryMs);
          signal.addEventListener('abort', () => (clearTimeout(timer), wake()), { once: true });
        });
      }
    })();
  };

  return {
    async invoke(channel, input) {
      if (!isRequestChannel(channel)) throw new Error(`unknown channel ${String(channel)}`);
      let res: Response;
      try {
        res = await fetch(`${base}/__ipc/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...tokenHeader() },
          body: JSON.stringify({ input: input ?? null }),
        });
      } catch (err) {
        return failure(channel, {
          code: Codes.NETWORK,
          message: `the console host is not reachable (${err instanceof Error ? err.message : String(err)})`,
        });
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (res.ok) return channel === 'api:call' ? resultOfForwarded(body) : body;
      const error = resultErrorIn(body) ?? {
        code: Codes.BAD_RESPONSE,
        message: `the console host answered HTTP ${res.status}`,
      };
      return failure(channel, error);
    },

    subscribe(channel, listener) {
      if (!isEventChannel(channel)) throw new Error(`unknown event ${String(channel)}`);
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      openStream();
      return () => {
        set.delete(listener);
        const anyLeft = [...listeners.values()].some((s) => s.size > 0);
        if (!anyLeft && stream) {
          stream.abort();
          stream = null;
          listeners.clear();
        }
      };
    },
  };
}

function failure(channel: RequestChannel, error: ResultError): unknown {
  // Channels that answer plain data (session:get, settings:get, app:info) have no error shape:
  // for them a failed transport is an exception.
  if (RESULT_CHANNELS.has(channel)) return { ok: false, error };
  throw Object.assign(new Error(error.message), { code: error.code });
}

function resultErrorIn(body: unknown): ResultError | null {
  if (!body || typeof body !== 'object') return null;
  const err = (body as { error?: unknown }).error;
  if (!err || typeof err !== 'object') return null;
  const { code, message, requestId } = err as { code?: unknown; message?: unknown; requestId?: unknown };
  if (typeof code !== 'number' || typeof message !== 'string') return null;
  return typeof requestId === 'string' ? { code, message, requestId } : { code, message };
}
