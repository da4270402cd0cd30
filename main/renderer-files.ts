import { stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Which built-renderer file a URL path names, for both ways the renderer is served: the desktop
 * app's app:// protocol and the browser host's HTTP server. One resolver, so a traversal trick
 * refused by one is refused by the other.
 */

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

export function mimeTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type RendererFile =
  | { kind: 'file'; path: string }
  /** The path tried to leave the renderer folder (.., an encoded separator, a NUL). */
  | { kind: 'refused' }
  | { kind: 'missing' };

/**
 * The file a URL path names inside `root`. Paths without an extension are routes of the
 * single-page app and get index.html. Anything that would resolve outside `root` is refused
 * before the disk is touched, whatever encoding it hides behind.
 */
export async function resolveRendererFile(root: string, urlPath: string): Promise<RendererFile> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused' };
  }
  // A backslash is a separator on Windows; an encoded one must not smuggle a `..` segment past us.
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'refused' };
  if (decoded.split('/').includes('..')) return { kind: 'refused' };
  const base = resolve(root);
  const candidate = resolve(join(base, decoded));
  const rel = relative(base, candidate);
  if (rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return { kind: 'refused' };
  const found = await stat(candidate).catch(() => null);
  if (found?.isFile()) return { kind: 'file', path: candidate };
  if (found?.isDirectory() || extname(decoded) === '') {
    const index = join(base, 'index.html');
    return (await stat(index).catch(() => null))?.isFile()
      ? { kind: 'file', path: index }
      : { kind: 'missing' };
  }
  return { kind: 'missing' };
}

/** index.html names the hashed assets, so it must never be cached; the assets may be. */
export function cacheControlFor(file: string): string {
  return file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600';
}
