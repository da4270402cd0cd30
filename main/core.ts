import { Codes, type Language } from '../shared/codes.js';
import { ApiError, describeIssues, issuesOf, toResultError, type Result } from '../shared/envelope.js';
import type { EndpointId } from '../shared/api/table.js';
import type { ServiceName } from '../shared/games.js';
import {
  REQUEST_SCHEMAS,
  isRequestChannel,
  type AppInfo,
  type RequestChannel,
  type RequestChannels,
} from '../shared/ipc.js';
import type { Settings, SettingsPatch } from '../shared/settings.js';
import type { BackendLauncher, RunningBackend } from './backend/launcher.js';
import { createEventHub, type EventHub } from './events.js';
import { createApiClient, type ApiClient } from './http/api-client.js';
import { createSessionManager, hasSession, type SessionManager } from './session/session.js';
import type { TokenStore } from './session/token-store.js';
import { createSettingsStore, defaultSettings, servicesAt } from './settings/settings-store.js';
import type { KeyValueStore } from './storage/kv.js';

/**
 * Calls whose input or output is a token. Main makes them itself (sign-in, refresh, sign-out);
 * the renderer asking for one through `api:call` would be asking for a token, which it never gets.
 */
export const MAIN_ONLY_ENDPOINTS: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'auth.login',
  'auth.refresh',
  'auth.logout',
]);

export interface ConsoleCoreDeps {
  kv: KeyValueStore;
  tokens: TokenStore;
  /** Starts the reference backend for `embedded` mode; without one, embedded mode reports UNAVAILABLE. */
  backend?: BackendLauncher;
  app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'platform'>;
  /** The language of a first run (the OS locale in the desktop app). */
  defaultLanguage?: Language;
  /** Applied and saved at start-up, over what was saved before (the host pointing at a given backend). */
  initialSettings?: SettingsPatch;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** Tokens are only good on the backend that issued them. */
function backendIdentity(s: Settings): string {
  return s.backend === 'embedded' ? 'embedded' : s.services.admin;
}

export type RequestHandlers = {
  [K in RequestChannel]: (input: RequestChannels[K]['input']) => Promise<RequestChannels[K]['output']>;
};

export interface ConsoleCore {
  /** One handler per request channel, taking input already validated. */
  handlers: RequestHandlers;
  /** session:expired and session:changed, for the window or the SSE stream. */
  events: EventHub;
  /**
   * Validates untrusted input with REQUEST_SCHEMAS and runs the channel's handler. An unknown
   * channel or bad input is answered with a Result error, never a throw.
   */
  dispatch(channel: string, input: unknown): Promise<unknown>;
  /** Waits for the embedded backend (resolves to null in custom mode). Rejects if it cannot start. */
  backendReady(): Promise<RunningBackend | null>;
  close(): Promise<void>;
}

export async function createConsoleCore(deps: ConsoleCoreDeps): Promise<ConsoleCore> {
  const events = createEventHub();
  const settings = createSettingsStore(deps.kv, defaultSettings(deps.defaultLanguage));
  const savedIdentity = backendIdentity(settings.get());
  if (deps.initialSettings) {
    const applied = settings.set(deps.initialSettings);
    if (!applied.ok) throw new Error(`initial settings are not valid: ${applied.error.message}`);
  }
  const language = () => settings.get().language;
  /** Main's own messages, in the operator's language. */
  const say = (en: string, zh: string) => (language() === 'zh-CN' ? zh : en);

  // --- the embedded backend -------------------------------------------------------------------
  let running: RunningBackend | null = null;
  let starting: Promise<RunningBackend> | null = null;
  let backendError: string | null = null;
  let closed = false;

  const ensureBackend = (): Promise<RunningBackend> => {
    if (running) return Promise.resolve(running);
    if (closed) {
      return Promise.reject(
        new ApiError(Codes.UNAVAILABLE, say('The console is shutting down', '控制台正在关闭')),
      );
    }
    const launcher = deps.backend;
    if (!launcher) {
      return Promise.reject(
        new ApiError(
          Codes.UNAVAILABLE,
          say(
            'This console has no embedded backend; enter your services’ addresses in settings',
            '此控制台没有内置后端，请在设置中填写服务地址',
          ),
        ),
      );
    }
    starting ??= launcher.start().then(
      (b) => {
        starting = null;
        running = b;
        backendError = null;
        b.onExit?.((reason) => {
          if (running !== b) return;
          // Started again on the next call; the database (and so the session) is still there.
          running = null;
          backendError = `the embedded backend stopped: ${reason}`;
          console.error(`[gameops] ${backendError}`);
        });
        return b;
      },
      (err: unknown) => {
        starting = null;
        backendError = err instanceof Error ? err.message : String(err);
        throw new ApiError(
          Codes.UNAVAILABLE,
          say(`The embedded backend did not start: ${backendError}`, `内置后端未能启动：${backendError}`),
        );
      },
    );
    return starting;
  };

  const stopBackend = async () => {
    const pending = starting;
    starting = null;
    const b = running ?? (pending ? await pending.catch(() => null) : null);
    running = null;
    if (b) await b.stop();
  };

  const baseUrl = async (service: ServiceName): Promise<string> => {
    const s = settings.get();
    if (s.backend === 'custom') return s.services[service];
    return servicesAt((await ensureBackend()).url)[service];
  };

  /** The settings in use: in embedded mode every service points at the embedded backend. */
  const effectiveSettings = (): Settings => {
    const s = settings.get();
    if (s.backend === 'embedded' && running) return { ...s, services: servicesAt(running.url) };
    return s;
  };

  // --- session and client --------------------------------------------------------------------
  // The client and the session need each other (refresh ends sessions; sign-in calls the server),
  // so each reaches the other through a closure, called only once both exist.
  const client: ApiClient = createApiClient({
    baseUrl,
    tokens: deps.tokens,
    language,
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs,
    session: {
      refreshed: (pair) => session.refreshed(pair),
      ended: (reason, error) => session.ended(reason, error),
      epoch: () => session.epoch(),
    },
  });
  const session: SessionManager = createSessionManager({
    tokens: deps.tokens,
    kv: deps.kv,
    events,
    call: client.call,
    now: deps.now,
  });
  await session.restore();
  if (backendIdentity(settings.get()) !== savedIdentity) await session.forget();

  if (settings.get().backend === 'embedded' && deps.backend) {
    // Started now so that it is up by the time the operator has typed a password.
    ensureBackend().catch((err: unknown) => console.error('[gameops]', (err as Error).message));
  }

  const handlers: RequestHandlers = {
    'api:call': async ({ endpoint, input }) => {
      if (MAIN_ONLY_ENDPOINTS.has(endpoint)) {
        return {
          ok: false,
          error: {
            code: Codes.UNKNOWN_ENDPOINT,
            message: say(
              `${endpoint} is made by the console itself; sign in and out through the session`,
              `${endpoint} 由控制台自身调用，请通过会话登录或退出`,
            ),
          },
        };
      }
      return client.call(endpoint, input);
    },
    'session:get': () => session.state(),
    'session:login': (input) => session.login(input),
    'session:logout': () => session.logout(),
    'settings:get': async () => effectiveSettings(),
    'settings:set': async (patch) => {
      const before = settings.get();
      const res = settings.set(patch);
      if (!res.ok) return res;
      const after = res.data;
      if (backendIdentity(before) !== backendIdentity(after) && hasSession(session.user())) {
        await session.forget();
      }
      if (before.backend === 'embedded' && after.backend === 'custom') await stopBackend();
      if (before.backend === 'custom' && after.backend === 'embedded' && deps.backend) {
        try {
          await ensureBackend();
        } catch (err) {
          // The setting is saved (the next call tries to start it again), but the operator must
          // learn now that there is nothing to talk to, and why.
          return { ok: false, error: toResultError(err) } satisfies Result<Settings>;
        }
      }
      return { ok: true, data: effectiveSettings() } satisfies Result<Settings>;
    },
    'app:info': async () => ({
      ...deps.app,
      backend: {
        mode: settings.get().backend,
        running: running !== null,
        url: running?.url ?? null,
        error: backendError,
      },
    }),
  };

  return {
    handlers,
    events,
    async dispatch(channel, raw) {
      if (!isRequestChannel(channel)) {
        return {
          ok: false,
          error: { code: Codes.UNKNOWN_ENDPOINT, message: `no channel ${String(channel)}` },
        };
      }
      const parsed = REQUEST_SCHEMAS[channel].safeParse(raw);
      if (!parsed.success) {
        const details = issuesOf(parsed.error);
        return { ok: false, error: { code: Codes.VALIDATION, message: describeIssues(details), details } };
      }
      try {
        const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
        return await handler(parsed.data);
      } catch (err) {
        console.error(`[gameops] ${channel} failed:`, err);
        return { ok: false, error: toResultError(err) };
      }
    },
    async backendReady() {
      return settings.get().backend === 'embedded' ? ensureBackend() : null;
    },
    async close() {
      closed = true;
      await stopBackend();
    },
  };
}
