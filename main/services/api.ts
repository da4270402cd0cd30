import { Codes } from '../../shared/codes.js';
import type { EndpointId } from '../../shared/api/table.js';
import { createApiClient, type ApiClient, type ApiClientDeps } from '../http/api-client.js';
import { BACKEND } from './backend.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SESSION } from './session.js';
import { SETTINGS, type SettingsService } from './settings.js';

/** The renderer's calls to the backend services (api:call), through main's one HTTP client. */

/**
 * Calls the renderer may not make. The auth calls' input or output is a token, which the renderer
 * never gets: main signs in, refreshes and signs out itself. The setup calls create the first
 * super-admin or load the demo data: the console asks for them through backend:setup, which
 * also keeps AppInfo's setup state right. The pay-server sign-in answers a token too: it has its
 * own channel, payServer:signIn.
 */
export const MAIN_ONLY_ENDPOINTS: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'auth.login',
  'auth.refresh',
  'auth.logout',
  'setup.status',
  'setup.init',
  // Its answer is the pay-server token: main asks for it (payServer:signIn) and keeps it.
  'payServer.signIn',
]);

export interface ApiService extends MainService {
  client: ApiClient;
}

export function createApiService(
  deps: Omit<ApiClientDeps, 'language'> & { settings: SettingsService },
): ApiService {
  const { settings, ...clientDeps } = deps;
  const client = createApiClient({ ...clientDeps, language: settings.language });
  return {
    name: 'api',
    client,
    handlers: {
      'api:call': async ({ endpoint, input }) => {
        if (MAIN_ONLY_ENDPOINTS.has(endpoint)) {
          return {
            ok: false,
            error: {
              code: Codes.UNKNOWN_ENDPOINT,
              message: settings.say(
                `${endpoint} is made by the console itself (sign-in, sign-out and first-run setup have their own channels)`,
                `${endpoint} 由控制台自身调用（登录、退出和首次运行设置有各自的通道）`,
              ),
            },
          };
        }
        return client.call(endpoint, input);
      },
    },
  };
}

export const API = serviceId<ApiService>('api');

/** The client needs where calls go (the backend) and the session's tokens (its store, not its sign-in). */
export const apiService = defineService({
  id: API,
  needs: { settings: SETTINGS, backend: BACKEND, session: SESSION },
  create: ({ settings, backend, session }, given: Pick<ApiClientDeps, 'fetch' | 'timeoutMs'>) =>
    createApiService({
      settings,
      target: backend.target,
      session: session.store,
      fetch: given.fetch,
      timeoutMs: given.timeoutMs,
    }),
});
