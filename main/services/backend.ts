import { Codes } from '../../shared/codes.js';
import { ApiError, type Result } from '../../shared/envelope.js';
import type { ServiceName } from '../../shared/games.js';
import type { AppInfo } from '../../shared/ipc.js';
import type { SetupState } from '../../shared/api/setup.js';
import type { Settings } from '../../shared/settings-schema.js';
import type { BackendLauncher, RunningBackend } from '../backend/launcher.js';
import type { ApiClient, ServiceTarget } from '../http/api-client.js';
import { servicesAt } from '../settings/settings-store.js';
import type { MainService } from './registry.js';
import { backendIdentity, type SettingsService } from './settings.js';

/**
 * The embedded reference backend: started on demand in embedded mode (and stopped when the
 * operator moves to their studio's services), the target of every call while it is in use, and
 * its first run (backend:setup: the first super-admin, or the demo data).
 */

export interface BackendService extends MainService {
  /** Where a service's calls go: the embedded backend (with its launch key) or the saved address. */
  target(service: ServiceName): Promise<ServiceTarget>;
  /** The settings in use: in embedded mode every service points at the embedded backend. */
  inUse(saved: Settings): Settings;
  /** AppInfo.backend; in embedded mode it waits for a start under way, so `setup` is known. */
  status(): Promise<AppInfo['backend']>;
  /** Waits for the embedded backend (null in custom mode). Rejects if it cannot start. */
  ready(): Promise<RunningBackend | null>;
}

export interface BackendServiceDeps {
  /** Starts the reference backend for embedded mode; without one, embedded mode reports UNAVAILABLE. */
  launcher?: BackendLauncher;
  settings: SettingsService;
  /** The API client's call, for the setup endpoints only main may use. */
  call: ApiClient['call'];
  /** The whole AppInfo, which backend:setup answers with. */
  appInfo(): Promise<AppInfo>;
}

export function createBackendService(deps: BackendServiceDeps): BackendService {
  const { settings } = deps;
  const say = settings.say;
  let running: RunningBackend | null = null;
  let starting: Promise<RunningBackend> | null = null;
  let backendError: string | null = null;
  let setup: SetupState | null = null;
  let closed = false;

  /**
   * Asks the backend where its first run stands (after each start and each setup). A caller that
   * only needs the state known joins a question already on its way; `fresh` asks again after it
   * (a setup just made: an earlier question may have been answered before it).
   */
  let setupRead: Promise<void> | null = null;
  const askSetup = async () => {
    const res = await deps.call('setup.status', {});
    if (res.ok) {
      setup = res.data.state;
    } else {
      setup = null;
      console.error(`[gameops] the embedded backend's setup state is unknown: ${res.error.message}`);
    }
  };
  const readSetup = (fresh = false): Promise<void> => {
    if (setupRead && !fresh) return setupRead;
    const read: Promise<void> = (setupRead ?? Promise.resolve())
      .catch(() => undefined)
      .then(askSetup)
      .finally(() => {
        if (setupRead === read) setupRead = null;
      });
    setupRead = read;
    return read;
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
        running = b;
        backendError = null;
        b.onExit?.((reason) => {
          if (running !== b) return;
          // Started again on the next call; the database (and so the session) is still there.
          running = null;
          backendError = `the embedded backend stopped: ${reason}`;
          console.error(`[gameops] ${backendError}`);
        });
        // Known before anyone is told the backend is up, so the first screen can offer the first run.
        await readSetup(true);
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
    running = null;
    if (b) await b.stop();
  };

  settings.onChange(async ({ before, after }) => {
    if (before.backend === 'embedded' && after.backend === 'custom') await stopBackend();
    // Thrown on: the setting is saved (the next call tries again), and the operator learns why now.
    if (before.backend === 'custom' && after.backend === 'embedded' && deps.launcher) await ensureBackend();
  });

  const status = async (): Promise<AppInfo['backend']> => {
    const embedded = settings.get().backend === 'embedded';
    if (embedded && deps.launcher) {
      await ensureBackend().catch(() => undefined);
      // Another call may have found the backend running while its start still reads the setup
      // state (the answer would say nothing of a first run, and the first screen would offer
      // sign-in on a backend nobody can sign in to); and a read that failed is tried again.
      if (running && (setupRead !== null || setup === null)) await readSetup();
    }
    return {
      mode: settings.get().backend,
      running: running !== null,
      url: running?.url ?? null,
      error: backendError,
      setup: embedded ? setup : null,
    };
  };

  return {
    name: 'backend',
    async target(service) {
      const s = settings.get();
      const backend = backendIdentity(s);
      if (s.backend === 'custom') return { baseUrl: s.services[service], backend };
      const b = await ensureBackend();
      return { baseUrl: servicesAt(b.url)[service], headers: b.headers, backend };
    },
    inUse(saved) {
      if (saved.backend === 'embedded' && running) return { ...saved, services: servicesAt(running.url) };
      return saved;
    },
    status,
    async ready() {
      return settings.get().backend === 'embedded' ? ensureBackend() : null;
    },
    handlers: {
      'backend:setup': async (input): Promise<Result<AppInfo>> => {
        if (settings.get().backend !== 'embedded') {
          return {
            ok: false,
            error: {
              code: Codes.CONFLICT,
              message: say(
                'First-run setup is for the built-in backend; on your studio’s server, create the first super-admin there (npm run server -- create-super)',
                '首次运行设置仅适用于内置后端；使用工作室服务器时，请在服务器上创建第一个超级管理员（npm run server -- create-super）',
              ),
            },
          };
        }
        await ensureBackend();
        const res = await deps.call('setup.init', input);
        // Read again even after a refusal: someone may have finished the first run meanwhile.
        await readSetup(true);
        if (!res.ok) return res;
        return { ok: true, data: await deps.appInfo() };
      },
    },
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
