import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import updateSigningKeys from '../../build/update-signing-keys.json' with { type: 'json' };
import type { Localized } from '../session/keychain.js';
import { updaterAvailability } from './config.js';
import { createElectronUpdaterEngine, type UpdateEngine } from './engine.js';
import { trustedKeys } from './signature.js';

/**
 * The publisher's update signing keys, built into main's bundle (inside app.asar, which the
 * asar integrity fuse protects), never read from the feed or from a file beside the app.
 */
export const BUILT_IN_UPDATE_KEYS: readonly string[] = updateSigningKeys.keys;

/**
 * The desktop app's updater deps for the core: electron-updater's own updater for this platform
 * (NSIS on Windows, Squirrel.Mac on macOS, AppImage or deb on Linux) when this copy has a feed
 * and can replace itself; otherwise none, with the reason the About box shows. Either way it
 * installs only files signed by a built-in key.
 */
export async function desktopUpdater(opts: {
  isPackaged: boolean;
  resourcesPath: string;
  platform: NodeJS.Platform;
  appImage: string | undefined;
  /** Where electron-updater writes (main's console, which goes to the log files). */
  logger: Pick<Console, 'info' | 'warn' | 'error' | 'debug'>;
}): Promise<{ engine: UpdateEngine | null; disabled: Localized | null; feed: string | null }> {
  const read = (name: string) => {
    try {
      return readFileSync(join(opts.resourcesPath, name), 'utf8');
    } catch {
      return null;
    }
  };
  const { feed, disabled } = updaterAvailability({
    shell: 'electron',
    isPackaged: opts.isPackaged,
    platform: opts.platform,
    updateConfig: opts.isPackaged ? read('app-update.yml') : null,
    appImage: opts.appImage ?? null,
    packageType: read('package-type')?.trim() ?? null,
  });
  if (disabled) return { engine: null, disabled, feed };
  let keys: KeyObject[];
  try {
    keys = trustedKeys(BUILT_IN_UPDATE_KEYS);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      engine: null,
      feed,
      disabled: {
        en: `This build cannot check who signed an update (${why}), so it installs none: install new versions by hand.`,
        'zh-CN': `此版本无法验证更新的签名（${why}），因此不安装任何更新：请手动安装新版本。`,
      },
    };
  }
  // Loaded only when used: it builds the platform's updater as soon as it is touched.
  const { default: electronUpdater } = await import('electron-updater');
  const updater = electronUpdater.autoUpdater;
  updater.logger = opts.logger;
  return { engine: createElectronUpdaterEngine(updater, keys), disabled: null, feed };
}
