import type { KeyObject } from 'node:crypto';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import type { UpdateChannel } from '../../shared/settings.js';
import { releaseNotesText } from './notes.js';
import { SIGNATURE_CODES } from './signature.js';
import { requireSignedDownloads } from './verify-downloads.js';

/**
 * The slice of electron-updater the updater service drives, so the service's decisions (when to
 * check, retry, refuse a restart) are tested with a scripted engine, and this adapter is tested
 * against a real feed served over HTTP (feed.test.ts).
 */

export interface FoundUpdate {
  version: string;
  releaseName: string | null;
  releaseNotes: string | null;
  releaseDate: string | null;
}

export interface DownloadProgress {
  percent: number;
  transferred: number;
  total: number;
  bytesPerSecond: number;
}

export interface UpdateEngine {
  setChannel(channel: UpdateChannel): void;
  /** Asks the feed. The newer version, or null when this one is current (or the rollout skips us). */
  check(): Promise<FoundUpdate | null>;
  /**
   * Downloads what check() found and verifies its sha512 and the publisher's signature; rejects
   * when either does not match (the file is then deleted, and nothing installs).
   */
  download(onProgress: (p: DownloadProgress) => void): Promise<void>;
  /** What was downloaded for another channel is deleted, and not installed when the app quits. */
  forgetDownloaded(): void;
  /** Quits and installs. Only the real app can: Electron's own updater does the rest. */
  quitAndInstall(): void;
}

/**
 * The error codes that mean "this file is not the one the feed vouched for" (electron-updater's),
 * or "not one the publisher signed" (ours).
 */
const TAMPERED_CODES = new Set([
  ...Object.values(SIGNATURE_CODES),
  'ERR_CHECKSUM_MISMATCH',
  'ERR_UPDATER_INVALID_SIGNATURE',
  'ERR_UPDATER_NO_CHECKSUM',
  'ERR_DATA_SPLITTER_BYTE_COUNT_MISMATCH',
  'ERR_DATA_SPLITTER_LENGTH_MISMATCH',
]);

export function isTamperedError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TAMPERED_CODES.has(code)) return true;
  return err instanceof Error && /checksum mismatch/i.test(err.message);
}

export function foundUpdate(info: UpdateInfo): FoundUpdate {
  return {
    version: info.version,
    releaseName: info.releaseName ?? null,
    releaseNotes: releaseNotesText(info.releaseNotes),
    releaseDate: info.releaseDate || null,
  };
}

/**
 * electron-updater, set up the way the console uses it: nothing downloads or installs by itself
 * except through the service (autoDownload off), only a file one of `trustedKeys` signed is kept
 * (verify-downloads.ts), a downloaded update installs when the app quits, and the channel follows
 * the setting.
 */
export function createElectronUpdaterEngine(
  updater: AppUpdater,
  trustedKeys: readonly KeyObject[],
): UpdateEngine {
  requireSignedDownloads(updater, trustedKeys);
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  updater.allowDowngrade = false;
  let forgetting: Promise<void> = Promise.resolve();
  return {
    setChannel(channel) {
      // electron-updater names the stable channel "latest" (latest.yml); "beta" reads beta.yml,
      // which electron-builder also fills with stable releases. Switching back to stable never
      // installs an older stable over a newer beta: that operator waits for stable to pass it.
      updater.channel = channel === 'beta' ? 'beta' : 'latest';
      updater.allowDowngrade = false;
    },
    async check() {
      const result = await updater.checkForUpdates();
      if (!result || result.isUpdateAvailable === false) return null;
      return foundUpdate(result.updateInfo);
    },
    async download(onProgress) {
      const listener = (p: ProgressInfo) =>
        onProgress({
          percent: p.percent,
          transferred: p.transferred,
          total: p.total,
          bytesPerSecond: p.bytesPerSecond,
        });
      await forgetting;
      updater.on('download-progress', listener);
      // What this channel downloads installs when the app quits, whatever a channel switch turned
      // off before (forgetDownloaded); electron-updater adds its quit handler only while it is on.
      updater.autoInstallOnAppQuit = true;
      try {
        await updater.downloadUpdate();
      } catch (err) {
        // electron-updater has deleted what it had (a failed download clears its cache).
        updater.autoInstallOnAppQuit = false;
        throw err;
      } finally {
        updater.off('download-progress', listener);
      }
    },
    forgetDownloaded() {
      updater.autoInstallOnAppQuit = false;
      // The other channel's file goes too, so no later quit can install it (a download waits
      // for this, so the clean-up never meets the new file).
      const { downloadedUpdateHelper: helper } = updater as unknown as {
        downloadedUpdateHelper: { clear(): Promise<void> } | null;
      };
      forgetting = helper ? helper.clear().catch(() => undefined) : Promise.resolve();
    },
    quitAndInstall() {
      updater.autoInstallOnAppQuit = true;
      // Not silent on Windows (the installer shows its progress), and the app comes back after.
      updater.quitAndInstall(false, true);
    },
  };
}
