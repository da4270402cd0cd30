import { EXPORT_TOTAL_HEADER, type ExportRequest } from '../../../shared/api/exports.js';
import { Codes } from '../../../shared/codes.js';
import { WEB_BRIDGE_TOKEN_HEADER } from '../../../shared/ipc.js';
import { CallError } from '../../bridge/result.js';
import { pageStorage, storedBridgeToken } from '../../bridge/launch-token.js';
import { downloadBlob } from '../download.js';
import { bridge } from '../../bridge/bridge.js';

/** How far an export has come: bytes received, and the rows the file will hold when the backend said. */
export interface ExportProgress {
  bytes: number;
  totalRows: number | null;
}

/**
 * Saves an export where this console saves files: in the desktop app through main's native save
 * dialog (exports:save, with exports:progress; the signal cancels it and main removes the partial
 * file), in the browser host as a download. False when the operator closed the save dialog.
 */
export async function saveExport(
  request: ExportRequest,
  fileName: string,
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<boolean> {
  if (import.meta.env.MODE === 'web') {
    await downloadExport(request, fileName, onProgress, signal);
    return true;
  }
  const b = bridge();
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const off = b.on('exports:progress', (p) => {
    if (p.id === id) onProgress({ bytes: p.bytes, totalRows: p.totalRows });
  });
  const cancel = () => void b.exports.cancel(id);
  signal.addEventListener('abort', cancel);
  try {
    const answer = await b.exports.save({ id, fileName, request });
    if (!answer.ok) throw new CallError(answer.error);
    return answer.data.saved !== null;
  } finally {
    off();
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Downloads an export through the browser host (POST /__export, main/exports/download.ts): the
 * file streams in with its progress, then is saved as a download. Aborting `signal` cancels it,
 * and the backend stops reading.
 */
async function downloadExport(
  request: ExportRequest,
  fileName: string,
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = storedBridgeToken(pageStorage());
  const res = await fetch('/__export', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { [WEB_BRIDGE_TOKEN_HEADER]: token } : {}),
    },
    body: JSON.stringify({ input: request }),
    signal,
  });
  if (/^application\/json\b/i.test(res.headers.get('content-type') ?? '') || !res.body) {
    const answer = (await res.json().catch(() => null)) as {
      error?: { code: number; message: string };
    } | null;
    const error = answer?.error ?? { code: Codes.BAD_RESPONSE, message: `HTTP ${res.status}` };
    throw new CallError(error);
  }
  const totalRows = res.headers.has(EXPORT_TOTAL_HEADER)
    ? Number(res.headers.get(EXPORT_TOTAL_HEADER))
    : null;
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress({ bytes, totalRows });
  }
  downloadBlob(new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' }), fileName);
}
