import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import { httpStatusFor } from '../../shared/envelope.js';
import { EXPORT_TOTAL_HEADER, exportRequestSchema } from '../../shared/api/exports.js';
import type { ExportService } from './service.js';

/**
 * POST /__export on the browser host: the page's download of an export. The page sends the
 * request as the desktop app's IPC would; the host opens the backend's file with the session's
 * token and streams it on, with its total. A page that cancels (closes the request) aborts the
 * backend's request, which stops the backend's walk.
 */
export async function serveExport(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  exports: ExportService,
  headers: Record<string, string>,
): Promise<void> {
  const lang: Language = /^zh/i.test(String(req.headers['accept-language'] ?? '')) ? 'zh-CN' : 'en';
  const answer = (status: number, code: number, message: string) => {
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify({ ok: false, error: { code, message } }));
  };
  const input = body && typeof body === 'object' ? (body as { input?: unknown }).input : undefined;
  const parsed = exportRequestSchema.safeParse(input);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`)
      .join('; ');
    return answer(400, Codes.VALIDATION, `${codeText(Codes.VALIDATION, lang)} (${detail})`);
  }
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const opened = await exports.open(parsed.data, abort.signal);
  if (!opened.ok) return answer(httpStatusFor(opened.error.code), opened.error.code, opened.error.message);
  res.writeHead(200, {
    ...headers,
    'Content-Type': opened.contentType,
    'Content-Disposition': opened.disposition,
    'Cache-Control': 'no-store',
    ...(opened.total === null ? {} : { [EXPORT_TOTAL_HEADER]: String(opened.total) }),
  });
  try {
    await pipeline(Readable.fromWeb(opened.body as NodeReadableStream<Uint8Array>), res);
  } catch {
    // The page went away (a cancel) or the backend broke off: the page sees the download end short.
    abort.abort();
    res.destroy();
  }
}
