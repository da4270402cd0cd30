import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import type { Result } from '../../shared/envelope.js';
import type { EventChannels, ExportSave } from '../../shared/ipc.js';
import type { ExportRequest } from '../../shared/api/exports.js';
import type { OpenedExport } from './open.js';

/**
 * The desktop app's save of an export: the native save dialog names the file, the backend's
 * stream is written beside it (`<file>.part`) and renamed over it once whole, with progress on
 * the way; a cancel (or a failure) removes the part, so no half file is ever left under the name.
 */

/** Progress is told every so many bytes (and at the end): a big export sends a few hundred events, not thousands. */
export const PROGRESS_EVERY_BYTES = 256 * 1024;

export interface SaveExportDeps {
  /** The native save dialog, offering `fileName`; null when the operator closes it. */
  chooseFile(fileName: string): Promise<string | null>;
  open(request: ExportRequest, signal: AbortSignal): Promise<OpenedExport>;
  progress(p: EventChannels['exports:progress']): void;
  language(): Language;
}

export type SaveAnswer = Result<{ saved: string | null; bytes: number }>;

export async function saveExport(
  deps: SaveExportDeps,
  input: ExportSave,
  signal: AbortSignal,
): Promise<SaveAnswer> {
  const path = await deps.chooseFile(input.fileName);
  if (path === null) return { ok: true, data: { saved: null, bytes: 0 } };
  const opened = await deps.open(input.request, signal);
  if (!opened.ok) return { ok: false, error: opened.error };
  const part = `${path}.part`;
  let bytes = 0;
  let told = 0;
  const tell = () => {
    told = bytes;
    deps.progress({ id: input.id, bytes, totalRows: opened.total });
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.byteLength;
      if (bytes - told >= PROGRESS_EVERY_BYTES) tell();
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(opened.body as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(part),
      { signal },
    );
    await rename(part, path);
    tell();
    return { ok: true, data: { saved: path, bytes } };
  } catch (err) {
    await rm(part, { force: true });
    const lang = deps.language();
    if (signal.aborted) return { ok: false, error: { code: Codes.NETWORK, message: cancelled(lang) } };
    const detail = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      error: { code: Codes.NETWORK, message: `${codeText(Codes.NETWORK, lang)} (${detail})` },
    };
  }
}

function cancelled(lang: Language): string {
  return lang === 'zh-CN'
    ? '已取消导出，未完成的文件已删除'
    : 'the export was cancelled and its partial file removed';
}
