import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The window's security decisions as plain functions, so they are tested without Electron:
 * which URLs are the app's own, which IPC senders are trusted, the CSP, the web preferences.
 */

/** Where the renderer comes from: Vite's dev server, or the built files on disk. */
export type AppLocation = { kind: 'dev'; origin: string } | { kind: 'file'; rendererDir: string };

export function appLocation(devServerUrl: string | undefined, rendererDir: string): AppLocation {
  if (devServerUrl) return { kind: 'dev', origin: new URL(devServerUrl).origin };
  return { kind: 'file', rendererDir: resolve(rendererDir) };
}

/** True for the app's own pages: the dev server's origin, or a file inside the built renderer. */
export function isAppUrl(url: string, loc: AppLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (loc.kind === 'dev') return parsed.origin === loc.origin;
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  let file: string;
  try {
    file = fileURLToPath(parsed);
  } catch {
    return false;
  }
  const rel = relative(loc.rendererDir, file);
  return rel !== '' ? !rel.startsWith('..') && !isAbsolute(rel) : true;
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
