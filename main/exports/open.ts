import { Codes, codeText, type Language } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import { EXPORT_PATH, EXPORT_TOTAL_HEADER, type ExportRequest } from '../../shared/api/exports.js';
import type { ApiClient, SessionHooks, ServiceTarget } from '../http/api-client.js';

/**
 * Main's side of an export: the backend's streamed file, asked for with the session's token
 * (the renderer never holds one). The desktop app writes it to the file the save dialog named;
 * the browser host passes it on to the page's download.
 */

export interface OpenExportDeps {
  target(): Promise<ServiceTarget> | ServiceTarget;
  session: Pick<SessionHooks, 'current'>;
  /** A cheap signed-in call through main's client: it refreshes an expired token for every caller at once. */
  api: Pick<ApiClient, 'call'>;
  language(): Language;
  fetch?: typeof fetch;
}

export type OpenedExport =
  | {
      ok: true;
      body: ReadableStream<Uint8Array>;
      total: number | null;
      contentType: string;
      disposition: string;
    }
  | { ok: false; error: ResultError };

function failure(code: number, lang: Language, detail?: string): OpenedExport {
  const text = codeText(code, lang);
  return { ok: false, error: { code, message: detail ? `${text} (${detail})` : text } };
}

/** Opens the backend's export of `request`; a refusal is the backend's envelope, as a Result error. */
export async function openExport(
  deps: OpenExportDeps,
  request: ExportRequest,
  signal?: AbortSignal,
): Promise<OpenedExport> {
  const lang = deps.language();
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const target = await deps.target();
  const post = async (token: string) =>
    fetchImpl(`${target.baseUrl.replace(/\/+$/, '')}${EXPORT_PATH}`, {
      method: 'POST',
      headers: {
        ...target.headers,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': lang,
      },
      body: JSON.stringify(request),
      ...(signal ? { signal } : {}),
    });
  const tokenNow = async () => {
    const now = await deps.session.current();
    return now.access && now.backend === target.backend ? now.access : null;
  };
  try {
    let token = await tokenNow();
    if (!token) return failure(Codes.NOT_SIGNED_IN, lang);
    let res = await post(token);
    let refusal = await envelopeOf(res);
    if (refusal?.Code === Codes.TOKEN_EXPIRED) {
      // The client's refresh is single-flight and retries once, as every call's does.
      const fresh = await deps.api.call('auth.session', {});
      if (!fresh.ok) return { ok: false, error: fresh.error };
      token = await tokenNow();
      if (!token) return failure(Codes.NOT_SIGNED_IN, lang);
      res = await post(token);
      refusal = await envelopeOf(res);
    }
    if (refusal)
      return {
        ok: false,
        error: { code: refusal.Code, message: refusal.Message ?? codeText(refusal.Code, lang) },
      };
    if (!res.ok || !res.body) return failure(Codes.BAD_RESPONSE, lang, `HTTP ${res.status}`);
    const total = Number(res.headers.get(EXPORT_TOTAL_HEADER));
    return {
      ok: true,
      body: res.body,
      total: res.headers.has(EXPORT_TOTAL_HEADER) && Number.isFinite(total) ? total : null,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      disposition: res.headers.get('content-disposition') ?? 'attachment',
    };
  } catch (err) {
    if (signal?.aborted) return failure(Codes.NETWORK, lang, 'cancelled');
    return failure(Codes.NETWORK, lang, err instanceof Error ? err.message : String(err));
  }
}

/** The envelope of a refusal (a JSON answer); null for a file. */
async function envelopeOf(res: Response): Promise<{ Code: number; Message?: string } | null> {
  if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) return null;
  const body = (await res.json()) as { Status?: { Code?: unknown; Message?: unknown } };
  const code = body.Status?.Code;
  if (typeof code !== 'number') return { Code: Codes.BAD_RESPONSE };
  return {
    Code: code,
    ...(typeof body.Status?.Message === 'string' ? { Message: body.Status.Message } : {}),
  };
}
