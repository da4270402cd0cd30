import { BrowserWindow, shell, type Session } from 'electron';
import {
  APP_INDEX_URL,
  contentSecurityPolicy,
  externalUrlToOpen,
  isAppUrl,
  windowWebPreferences,
  withCsp,
  type AppLocation,
} from './security.js';
import type { Placement } from './window-state.js';

export interface MainWindowOptions {
  preloadPath: string;
  location: AppLocation;
  title: string;
  iconPath?: string;
  /** Where it opens (window-state.ts: per display, clamped); default size centred otherwise. */
  placement?: Placement;
  /** Developer tools: development builds, or the devTools setting in a packaged one. */
  devTools?: boolean;
  /** Painted before the renderer is (dark mode must not flash white). */
  backgroundColor?: string;
}

export const WINDOW_SIZES = { width: 1360, height: 860, minWidth: 720, minHeight: 520 } as const;

/**
 * The renderer's session: no permission is ever granted, and in development every response of
 * Vite's dev server gets our (dev) CSP. Built pages get theirs from the app:// handler itself:
 * webRequest does not see responses of a custom protocol.
 */
export function installSessionPolicy(session: Session, location: AppLocation): void {
  if (location.kind === 'dev') {
    const csp = contentSecurityPolicy({ origin: location.origin });
    session.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: withCsp(details.responseHeaders, csp) });
    });
  }
  // The console asks the OS for nothing through web APIs (notifications come from main).
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: WINDOW_SIZES.width,
    height: WINDOW_SIZES.height,
    minWidth: WINDOW_SIZES.minWidth,
    minHeight: WINDOW_SIZES.minHeight,
    ...(opts.placement?.bounds ?? {}),
    show: false,
    title: opts.title,
    ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    ...(opts.backgroundColor ? { backgroundColor: opts.backgroundColor } : {}),
    webPreferences: { ...windowWebPreferences(opts.preloadPath), devTools: opts.devTools ?? false },
  });
  win.once('ready-to-show', () => {
    if (opts.placement?.maximized) win.maximize();
    win.show();
  });
  lockNavigation(win, opts.location);
  void win.loadURL(opts.location.kind === 'dev' ? opts.location.origin : APP_INDEX_URL);
  return win;
}

/** The window only ever shows the app; links out go to the OS browser, and only if http(s). */
export function lockNavigation(win: BrowserWindow, location: AppLocation): void {
  const wc = win.webContents;
  wc.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, location)) event.preventDefault();
  });
  wc.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, location)) event.preventDefault();
  });
  wc.on('will-attach-webview', (event) => event.preventDefault());
  wc.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url);
    if (external) void shell.openExternal(external);
    return { action: 'deny' };
  });
}
