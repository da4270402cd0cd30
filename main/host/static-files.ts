import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file a URL path names inside `root`, or null when it would leave it. Paths without an
 * extension are routes of the single-page app and get index.html.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const candidate = resolve(join(base, decoded));
  const rel = relative(base, candidate);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  const file = await stat(candidate).catch(() => null);
  if (file?.isFile()) return candidate;
  if (file?.isDirectory() || extname(decoded) === '') {
    const index = join(base, 'index.html');
    return (await stat(index).catch(() => null))?.isFile() ? index : null;
  }
  return null;
}

export function sendFile(
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  head: boolean,
): void {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Hashed assets may be cached; index.html names them, so it must always be fresh.
  const cache = file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600';
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Cache-Control': cache });
  if (head) {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
