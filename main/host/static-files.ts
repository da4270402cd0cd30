import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { cacheControlFor, mimeTypeOf } from '../renderer-files.js';

/** Streams a built-renderer file (found by renderer-files.ts) to the browser host's client. */

export function sendFile(
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  head: boolean,
): void {
  res.writeHead(200, {
    ...headers,
    'Content-Type': mimeTypeOf(file),
    'Cache-Control': cacheControlFor(file),
  });
  if (head) {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
