import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import type { ServiceName } from '../../shared/games.js';
import type { AppInfo } from '../../shared/ipc.js';
import type { BackendLauncher, RunningBackend } from '../backend/launcher.js';
import type { ServiceTarget } from '../http/api-client.js';
import { servicesAt } from '../settings/settings-store.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SETTINGS, backendIdentity, type SettingsService } from './settings.js';

/**
 * The backend in use: the embedded reference backend, started on demand in embedded mode (and
 * stopped when the operator moves to their studio's services), or the studio's saved addresses;
 * where every call goes. Its first run (backend:setup) is the app service's (app.ts), which calls
 * through the API client that calls through this.
 */

export interface BackendService extends MainService {
  /** Where a service's calls go: the embedded backend (with its launch key) or the saved address. */
  target(service: ServiceName): Promise<ServiceTarget>;
  /** AppInfo.backend but for `setup`, which is the app service's to know. */
  state(): Omit<AppInfo['backend'], 'setup'>;
  /** This console runs the backend itself: embedded mode, and a launcher to start it with. */
  embedded(): boolean;
  /** The embedded backend, started if need be. Rejects (an ApiError) when it cannot start. */
  ensure(): Promise<RunningBackend>;
  /** Waits for the embedded backend (null in custom mode). Rejects if it cannot start. */
  ready(): Promise<RunningBackend | null>;
  /**
   * Runs `listener` each time the embedded backend has started, before anyone waiting for the
   * start hears of it (the app service learns where the first run stands there).
   */
  onStarted(listener: () => Promise<void>): void;
}

export interface BackendServiceDeps {
  /** Starts the reference backend for embedded mode; without one, embedded mode reports UNAVAILABLE. */
  launcher?: BackendLauncher;
  settings: SettingsService;
}

export function createBackendService(deps: BackendServiceDeps): BackendService {
  const { settings } = deps;
  const say = settings.say;
  let running: RunningBackend | null = null;
  let starting: Promise<RunningBackend> | null = null;
  let backendError: string | null = null;
  let closed = false;
  const started: (() => Promise<void>)[] = [];
  const runAt = (b: RunningBackend | null) => {
    running = b;
    settings.embeddedAt(b?.url ?? null);
  };

  const ensureBackend = (): Promise<RunningBackend> => {
    if (running) return Promise.resolve(running);
    if (closed) {
      return Promise.reject(
        new ApiError(Codes.UNAVAILABLE, say('The console is shutting down', '控制台正在关闭')),
      );
    }
    const launcher = deps.launcher;
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
      async (b) => {
        runAt(b);
        backendError = null;
        b.onExit?.((reason) => {
          if (running !== b) return;
          // Started again on the next call; the database (and so the session) is still there.
          runAt(null);
          backendError = `the embedded backend stopped: ${reason}`;
          console.error(`[gameops] ${backendError}`);
        });
        for (const listener of started) await listener();
        starting = null;
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
    runAt(null);
    if (b) await b.stop();
  };

  settings.onChange(async ({ before, after }) => {
    if (before.backend === 'embedded' && after.backend === 'custom') await stopBackend();
    // Thrown on: the setting is saved (the next call tries again), and the operator learns why now.
    if (before.backend === 'custom' && after.backend === 'embedded' && deps.launcher) await ensureBackend();
  });

  return {
    name: 'backend',
    async target(service) {
      const s = settings.get();
      const backend = backendIdentity(s);
      if (s.backend === 'custom') return { baseUrl: s.services[service], backend };
      const b = await ensureBackend();
      return { baseUrl: servicesAt(b.url)[service], headers: b.headers, backend };
    },
    state: () => ({
      mode: settings.get().backend,
      running: running !== null,
      url: running?.url ?? null,
      error: backendError,
    }),
    embedded: () => settings.get().backend === 'embedded' && deps.launcher !== undefined,
    ensure: ensureBackend,
    async ready() {
      return settings.get().backend === 'embedded' ? ensureBackend() : null;
    },
    onStarted: (listener) => void started.push(listener),
    handlers: {},
    async start() {
      if (settings.get().backend === 'embedded' && deps.launcher) {
        // Started now so that it is up by the time the operator has typed a password.
        ensureBackend().catch((err: unknown) => console.error('[gameops]', (err as Error).message));
      }
    },
    async close() {
      closed = true;
      await stopBackend();
    },
  };
}

export const BACKEND = serviceId<BackendService>('backend');

export const backendService = defineService({
  id: BACKEND,
  needs: { settings: SETTINGS },
  create: ({ settings }, given: { backend?: BackendLauncher }) =>
    createBackendService({ settings, launcher: given.backend }),
});
