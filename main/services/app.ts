import type { AppInfo } from '../../shared/ipc.js';
import type { MainService } from './registry.js';

/** What the console is and where it runs (app:info): the About box, the first-run card, banners. */

export interface AppService extends MainService {
  info(): Promise<AppInfo>;
}

export function createAppService(deps: {
  app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'platform'>;
  backendStatus(): Promise<AppInfo['backend']>;
}): AppService {
  const info = async (): Promise<AppInfo> => ({ ...deps.app, backend: await deps.backendStatus() });
  return { name: 'app', info, handlers: { 'app:info': () => info() } };
}
