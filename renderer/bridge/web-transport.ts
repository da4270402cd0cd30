import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import {
  isEventChannel,
  isRequestChannel,
  type BridgeTransport,
  type EventChannel,
  type RequestChannel,
} from '../../shared/ipc.js';

/**
 * The bridge's transport in a browser served by the host (main/host): requests are POSTs to
 * /__ipc/<channel>, events arrive over one Server-Sent Events stream. Same origin only; the
 * host's cookie (set by its launch URL) rides along.
 */

/** Channels whose answer is a Result: their failures come back as Result errors, like main's. */
const RESULT_CHANNELS: ReadonlySet<RequestChannel> = new Set<RequestChannel>([
  'api:call',
  'session:login',
  'session:logout',
  'settings:set',
  'app:openLogs',
  'updates:install',
]);

export function createWebTransport(base = ''): BridgeTransport {
  let source: EventSource | null = null;
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();

  const ensureSource = (): EventSource => {
    if (source) return source;
    source = new EventSource(`${base}/__events`, { withCredentials: true });
    for (const channel of listeners.keys()) attach(source, channel);
    return source;
  };

  const attach = (es: EventSource, channel: EventChannel) => {
    es.addEventListener(channel, (e: MessageEvent<string>) => {
      let payload: unknown;
      try {
        payload = JSON.parse(e.data);
      } catch {
        console.error(`[gameops] event ${channel} carried data that is not JSON`);
        return;
      }
      for (const l of [...(listeners.get(channel) ?? [])]) l(payload);
    });
  };

  return {
    async invoke(channel, input) {
      if (!isRequestChannel(channel)) throw new Error(`unknown channel ${String(channel)}`);
      let res: Response;
      try {
        res = await fetch(`${base}/__ipc/${channel}`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ input: input ?? null }),
        });
      } catch (err) {
        return failure(channel, {
          code: Codes.NETWORK,
          message: `the console host is not reachable (${err instanceof Error ? err.message : String(err)})`,
        });
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (res.ok) return body;
      const error = resultErrorIn(body) ?? {
        code: Codes.BAD_RESPONSE,
        message: `the console host answered HTTP ${res.status}`,
      };
      return failure(channel, error);
    },

    subscribe(channel, listener) {
      if (!isEventChannel(channel)) throw new Error(`unknown event ${String(channel)}`);
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        if (source) attach(source, channel);
      }
      set.add(listener);
      ensureSource();
      return () => {
        set.delete(listener);
        const anyLeft = [...listeners.values()].some((s) => s.size > 0);
        if (!anyLeft && source) {
          source.close();
          source = null;
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
  const { code, message } = err as { code?: unknown; message?: unknown };
  return typeof code === 'number' && typeof message === 'string' ? { code, message } : null;
}
