import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Localized } from '../session/keychain.js';
import { updaterAvailability } from './config.js';
import { createElectronUpdaterEngine, type UpdateEngine } from './engine.js';

/**
 * The desktop app's updater deps for the core: electron-updater's own updater for this platform
 * (NSIS on Windows, Squirrel.Mac on macOS, AppImage or deb on Linux) when this copy has a feed
 * and can replace itself; otherwise none, with the reason the About box shows.
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
  // Loaded only when used: it builds the platform's updater as soon as it is touched.
  const { default: electronUpdater } = await import('electron-updater');
  const updater = electronUpdater.autoUpdater;
  updater.logger = opts.logger;
  return { engine: createElectronUpdaterEngine(updater), disabled: null, feed };
}
