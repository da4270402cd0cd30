import { readFile } from 'node:fs/promises';
import { cacheControlFor, mimeTypeOf, resolveRendererFile } from './renderer-files.js';
import { APP_HOST, APP_SCHEME, contentSecurityPolicy, rendererSecurityHeaders } from './security.js';

/**
 * What app://gameops/... answers: the decision of main/protocol.ts's handler, as a plain function
 * from a fetch Request to a Response, so it runs in Node's tests exactly as in Electron.
 *
 * The renderer only ever reads its own built files, with GET. Every answer carries the CSP as a
 * header, so the policy holds even for a page that lost its <meta> tag.
 */

/** How Electron must know the scheme, before the app is ready (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  // standard: relative URLs, an origin of its own and localStorage; secure: counts as https;
  // supportFetchAPI: module scripts and fetch() of the app's own assets work; codeCache: V8 keeps
  // the compiled scripts between launches (Electron does it only for http(s) unless asked), which
  // takes most of the script compile time off every start after the first.
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

export interface AppProtocolOptions {
  /** The built renderer (dist/renderer, inside app.asar in a packaged app). */
  rendererDir: string;
  /** Defaults to the production CSP. */
  csp?: string;
}

export async function respondToAppRequest(request: Request, options: AppProtocolOptions): Promise<Response> {
  const headers = rendererSecurityHeaders(options.csp ?? contentSecurityPolicy());
  const text = (status: number, en: string, zh: string) =>
    new Response(request.method === 'HEAD' ? null : `${zh}\n${en}\n`, {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return text(400, 'Not a URL.', '不是有效的地址。');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname.toLowerCase() !== APP_HOST) {
    return text(404, `Not part of the console: ${url.origin}`, `不属于控制台：${url.origin}`);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, `${request.method} is not served here.`, `此处不接受 ${request.method} 请求。`);
  }
  const found = await resolveRendererFile(options.rendererDir, url.pathname);
  if (found.kind === 'refused') {
    return text(
      403,
      `Refused: ${url.pathname} is outside the console.`,
      `已拒绝：${url.pathname} 不在控制台内。`,
    );
  }
  if (found.kind === 'missing') {
    return text(404, `Not found: ${url.pathname}`, `找不到：${url.pathname}`);
  }
  const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(found.path));
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': mimeTypeOf(found.path),
      'Cache-Control': cacheControlFor(found.path),
    },
  });
}
