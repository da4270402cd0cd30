import { Codes } from '../../shared/codes.js';
import type { Result } from '../../shared/envelope.js';
import type { AppInfo } from '../../shared/ipc.js';
import type { SetupState } from '../../shared/api/setup.js';
import type { ApiClient } from '../http/api-client.js';
import { API } from './api.js';
import { BACKEND, type BackendService } from './backend.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SETTINGS, type SettingsService } from './settings.js';

/**
 * What the console is and where it runs (app:info: the About box, the first-run card, banners),
 * and the embedded backend's first run (backend:setup: the first super-admin, or the demo data),
 * which answers with the same AppInfo.
 */

export interface AppService extends MainService {
  info(): Promise<AppInfo>;
}

export interface AppServiceDeps {
  app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'platform'>;
  backend: BackendService;
  settings: SettingsService;
  /** The API client's call, for the setup endpoints only main may use. */
  call: ApiClient['call'];
}

export function createAppService(deps: AppServiceDeps): AppService {
  const { backend, settings } = deps;
  const firstRun = createFirstRunState(deps.call);
  // Known before anyone is told the backend is up, so the first screen can offer the first run.
  backend.onStarted(() => firstRun.read(true));

  /** AppInfo.backend; in embedded mode it waits for a start under way, so `setup` is known. */
  const status = async (): Promise<AppInfo['backend']> => {
    const embedded = settings.get().backend === 'embedded';
    if (backend.embedded()) {
      await backend.ensure().catch(() => undefined);
      // Another call may have found the backend running while its start still reads the setup
      // state (the answer would say nothing of a first run, and the first screen would offer
      // sign-in on a backend nobody can sign in to); and a read that failed is tried again.
      if (backend.state().running && firstRun.unsure()) await firstRun.read();
    }
    return { ...backend.state(), setup: embedded ? firstRun.state() : null };
  };
  const info = async (): Promise<AppInfo> => ({ ...deps.app, backend: await status() });

  return {
    name: 'app',
    info,
    handlers: {
      'app:info': () => info(),
      'backend:setup': async (input): Promise<Result<AppInfo>> => {
        if (settings.get().backend !== 'embedded') {
          return {
            ok: false,
            error: {
              code: Codes.CONFLICT,
              message: settings.say(
                'First-run setup is for the built-in backend; on your studio’s server, create the first super-admin there (npm run server -- create-super)',
                '首次运行设置仅适用于内置后端；使用工作室服务器时，请在服务器上创建第一个超级管理员（npm run server -- create-super）',
              ),
            },
          };
        }
        await backend.ensure();
        const res = await deps.call('setup.init', input);
        // Read again even after a refusal: someone may have finished the first run meanwhile.
        await firstRun.read(true);
        if (!res.ok) return res;
        return { ok: true, data: await info() };
      },
    },
  };
}

/**
 * Where the embedded backend's first run stands, asked of it after each start and each setup. A
 * caller that only needs the state known joins a question already on its way; `fresh` asks again
 * after it (a setup just made: an earlier question may have been answered before it).
 */
function createFirstRunState(call: ApiClient['call']) {
  let setup: SetupState | null = null;
  let setupRead: Promise<void> | null = null;
  const ask = async () => {
    const res = await call('setup.status', {});
    if (res.ok) {
      setup = res.data.state;
    } else {
      setup = null;
      console.error(`[gameops] the embedded backend's setup state is unknown: ${res.error.message}`);
    }
  };
  return {
    state: () => setup,
    /** A question is on its way, or the last one went unanswered. */
    unsure: () => setupRead !== null || setup === null,
    read(fresh = false): Promise<void> {
      if (setupRead && !fresh) return setupRead;
      const read: Promise<void> = (setupRead ?? Promise.resolve())
        .catch(() => undefined)
        .then(ask)
        .finally(() => {
          if (setupRead === read) setupRead = null;
        });
      setupRead = read;
      return read;
    },
  };
}

export const APP = serviceId<AppService>('app');

export const appService = defineService({
  id: APP,
  needs: { backend: BACKEND, settings: SETTINGS, api: API },
  create: ({ backend, settings, api }, given: Pick<AppServiceDeps, 'app'>) =>
    createAppService({ app: given.app, backend, settings, call: api.client.call }),
});
