import { basename } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { AppUpdater } from 'electron-updater';
import type { DownloadExecutorTask } from 'electron-updater/out/AppUpdater.js';
import type { OutgoingHttpHeaders, RequestOptions } from 'node:http';
import type { CancellationToken } from 'builder-util-runtime';
import { SIGNATURE_SUFFIX, verifyUpdateFile } from './signature.js';

/**
 * Makes electron-updater install only files the publisher signed (signature.ts), on every
 * platform. Each platform's updater downloads through `executeDownload({ task, done })`: `task`
 * writes the file (and checks the feed's sha512), then `done` hands it on, to Squirrel.Mac on
 * macOS or to the quit handler that installs it elsewhere. The check runs at the end of `task`,
 * so a file that fails it is deleted by electron-updater's own clean-up and never reaches
 * `done`: nothing is staged, and nothing installs when the app quits.
 *
 * A file electron-updater finds already downloaded in its cache skips `task`; it is checked after
 * the download returns, and its cache cleared when the check fails (so no quit can install it).
 */

interface SignatureFetcher {
  /** The body as text; rejects with the HTTP status (statusCode) on an error answer. */
  request(options: RequestOptions, cancellationToken: CancellationToken): Promise<string | null>;
}

interface UpdaterInternals {
  executeDownload(task: DownloadExecutorTask): Promise<{ updateFile: string }>;
  /** Electron's net in the app; NodeHttpExecutor in tests. */
  httpExecutor: SignatureFetcher;
  downloadedUpdateHelper: { clear(): Promise<void> } | null;
}

export function requireSignedDownloads(updater: AppUpdater, keys: readonly KeyObject[]): void {
  const inner = updater as unknown as UpdaterInternals;
  const original = inner.executeDownload.bind(updater);

  const check = async (path: string, task: DownloadExecutorTask) => {
    const url = task.fileInfo.url;
    const fileName = decodeURIComponent(basename(url.pathname));
    const version = task.downloadUpdateOptions.updateInfoAndProvider.info.version;
    const signature = await fetchSignature(inner.httpExecutor, url, task);
    await verifyUpdateFile({ path, fileName, version, signature, keys });
    updater.logger?.info(`Update ${fileName} ${version}: signature verified`);
  };

  inner.executeDownload = async (task) => {
    let checked = false;
    const result = await original({
      ...task,
      task: async (destination, options, packageFile, removeTempDirIfAny) => {
        const out: unknown = await task.task(destination, options, packageFile, removeTempDirIfAny);
        await check(destination, task);
        checked = true;
        return out;
      },
    });
    if (!checked) {
      try {
        await check(result.updateFile, task);
      } catch (err) {
        await inner.downloadedUpdateHelper?.clear().catch(() => undefined);
        throw err;
      }
    }
    return result;
  };
}

/** The file's `.sig` beside it on the feed; null when the feed has none (404). */
async function fetchSignature(
  http: SignatureFetcher,
  file: URL,
  task: DownloadExecutorTask,
): Promise<Buffer | null> {
  const url = new URL(file.href);
  url.pathname += SIGNATURE_SUFFIX;
  const headers: OutgoingHttpHeaders = { ...task.downloadUpdateOptions.requestHeaders };
  const options: RequestOptions = {
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname + url.search,
    headers,
    ...(url.port ? { port: url.port } : {}),
  };
  try {
    const text = await http.request(options, task.downloadUpdateOptions.cancellationToken);
    return Buffer.from(text ?? '');
  } catch (err) {
    // By its status, not its class: main's bundle and electron-updater may hold two copies of it.
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (status === 404 || status === 410) return null;
    throw err;
  }
}
