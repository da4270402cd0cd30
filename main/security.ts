import { resolve } from 'node:path';
import { isLoopbackHost } from '../shared/settings.js';

/**
 * The window's security decisions as plain functions, so they are tested without Electron:
 * where the renderer comes from, which URLs are the app's own, which IPC senders are trusted,
 * the CSP and the headers that carry it, the web preferences.
 */

/**
 * The desktop app serves its renderer from its own scheme, never from file://: a response header
 * (the CSP) reaches an app:// page, while file:// pages get no headers at all, and file:// pages
 * hold privileges a web page never has (the fuse that grants them is off).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'gameops';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}` as const;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** Where the renderer comes from: Vite's dev server, or the built files behind app://. */
export type AppLocation =
  { kind: 'dev'; origin: string } | { kind: 'app'; origin: typeof APP_ORIGIN; rendererDir: string };

export interface AppLocationFacts {
  /** VITE_DEV_SERVER_URL, as the environment has it. */
  devServerUrl: string | undefined;
  /** Electron's app.isPackaged: an installed (signed) build. */
  isPackaged: boolean;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
}

/**
 * A packaged app always loads its own built files: anyone who can set an environment variable
 * for a signed app must not be able to point its window, and with it the whole bridge, at a page
 * of their choosing. Only a development build (`npm run dev`, not packaged) follows Vite's dev
 * server, and only on this computer.
 */
export function appLocation(facts: AppLocationFacts): AppLocation {
  const built: AppLocation = { kind: 'app', origin: APP_ORIGIN, rendererDir: resolve(facts.rendererDir) };
  if (facts.isPackaged || !facts.devServerUrl) return built;
  let url: URL;
  try {
    url = new URL(facts.devServerUrl);
  } catch {
    throw new Error(`VITE_DEV_SERVER_URL is not a URL: ${facts.devServerUrl}`);
  }
  if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
    throw new Error(
      `VITE_DEV_SERVER_URL must be Vite's dev server on this computer (http://127.0.0.1:PORT), not ${url.origin}`,
    );
  }
  return { kind: 'dev', origin: url.origin };
}

/** True for the app's own pages: the dev server's origin, or app://gameops/ (any path). */
export function isAppUrl(url: string, loc: AppLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (loc.kind === 'dev') return parsed.origin === loc.origin;
  // app: is not a special scheme to Node's URL, so its origin reads "null": compare the parts.
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname.toLowerCase() === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** Links the renderer may hand to the OS browser: http(s) only, never file:, javascript:, smb: etc. */
export function externalUrlToOpen(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** What main knows about an IPC message's origin. */
export interface IpcSender {
  /** The webContents the message came from. */
  webContentsId: number;
  /** The sending frame's URL; null when the frame is gone (navigated away, destroyed). */
  frameUrl: string | null;
  /** Only the top frame speaks for the app: an iframe, even a same-origin one, does not. */
  isMainFrame: boolean;
}

export function isAllowedSender(
  sender: IpcSender,
  trustedWebContents: readonly number[],
  loc: AppLocation,
): boolean {
  return (
    trustedWebContents.includes(sender.webContentsId) &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    isAppUrl(sender.frameUrl, loc)
  );
}

/**
 * The renderer's CSP. The renderer makes no network calls of its own in the desktop app (data
 * comes over IPC), and over the browser host only to its own origin, so nothing needs more than
 * 'self'. Vite's dev server needs inline scripts (React Fast Refresh's preamble), inline styles
 * (CSS injected at runtime) and its HMR socket; that relaxation exists only in dev. Inline styles
 * are allowed everywhere: see style-src.
 */
export function contentSecurityPolicy(dev?: { origin: string }): string {
  const ws = dev ? dev.origin.replace(/^http/, 'ws') : '';
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Blueprint (Table's resize sensor, popovers' positioning) writes inline style attributes;
    // inline styles cannot run code, so allowing them costs far less than broken tables.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': dev ? ["'self'", ws] : ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * Headers for every renderer response, whichever way it is served: the CSP, and the usual
 * refusals (no sniffing, no framing, no referrer leaving the app).
 */
export function rendererSecurityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Response headers with our CSP in place of any the server sent (header names are case-insensitive). */
export function withCsp(
  headers: Record<string, string[] | string> | undefined,
  csp: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (k.toLowerCase() === 'content-security-policy') continue;
    out[k] = Array.isArray(v) ? v : [v];
  }
  out['Content-Security-Policy'] = [csp];
  return out;
}

/** The renderer gets a sandboxed, isolated page with no Node, and only our preload. */
export function windowWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  } as const;
}
