import type { Result } from '../shared/envelope.js';
import { Codes } from '../shared/codes.js';
import type { AboutInfo, AppInfo, UpdateState } from '../shared/ipc.js';
import { defineService, serviceId } from './services/collection.js';
import type { MainService } from './services/registry.js';
import { SETTINGS, type SettingsService } from './services/settings.js';
import { UPDATER } from './services/updater.js';

/**
 * The About box's facts (app:about) and its "Open logs folder" (app:openLogs). Where tokens are
 * kept comes with the session state the window already has; everything else is here.
 */

export interface AboutDeps {
  app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'platform'>;
  arch: string;
  versions: AboutInfo['versions'];
  /** The embedded backend's database folder, or null when it keeps none. */
  dataFolder: string | null;
  logsFolder: string | null;
  settings: SettingsService;
  updates: () => UpdateState;
  /** Shows a folder in the OS file manager; resolves to '' or the OS's error (Electron's shell.openPath). */
  openFolder?: (path: string) => Promise<string>;
}

export function createAboutService(deps: AboutDeps): MainService {
  const about = (): AboutInfo => {
    const u = deps.updates();
    return {
      ...deps.app,
      arch: deps.arch,
      versions: deps.versions,
      dataFolder: deps.dataFolder,
      logsFolder: deps.logsFolder,
      updates: {
        feed: u.feed,
        channel: u.channel,
        enabled: u.phase !== 'disabled',
        disabledReason: u.disabledReason,
      },
    };
  };
  return {
    name: 'about',
    handlers: {
      'app:about': async () => about(),
      'app:openLogs': async (): Promise<Result<null>> => {
        const say = deps.settings.say;
        if (!deps.logsFolder || !deps.openFolder) {
          return {
            ok: false,
            error: {
              code: Codes.UNAVAILABLE,
              message: say(
                'This console writes no log files here (only the desktop app does).',
                '此处的控制台不写日志文件（只有桌面应用会写）。',
              ),
            },
          };
        }
        const problem = await deps.openFolder(deps.logsFolder);
        if (problem) {
          return {
            ok: false,
            error: {
              code: Codes.UNAVAILABLE,
              message: say(
                `The logs folder could not be opened (${problem}); it is ${deps.logsFolder}`,
                `无法打开日志文件夹（${problem}）；其位置为 ${deps.logsFolder}`,
              ),
            },
          };
        }
        return { ok: true, data: null };
      },
    },
  };
}

export const ABOUT = serviceId<MainService>('about');

export interface AboutGivens {
  app: AboutDeps['app'];
  /** What only the shell knows for the About box (versions, folders, opening one). */
  about?: Partial<Pick<AboutDeps, 'arch' | 'versions' | 'dataFolder' | 'logsFolder' | 'openFolder'>>;
}

export const aboutService = defineService({
  id: ABOUT,
  needs: { settings: SETTINGS, updater: UPDATER },
  create: ({ settings, updater }, given: AboutGivens) =>
    createAboutService({
      app: given.app,
      arch: given.about?.arch ?? process.arch,
      versions: given.about?.versions ?? { electron: null, chrome: null, node: process.versions.node },
      dataFolder: given.about?.dataFolder ?? null,
      logsFolder: given.about?.logsFolder ?? null,
      openFolder: given.about?.openFolder,
      settings,
      updates: () => updater.state(),
    }),
});
