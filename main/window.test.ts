import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Electron stubbed: just enough BrowserWindow, shell and session to watch what the glue does. */
const hoisted = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => unknown;
  const created: {
    options: Record<string, unknown>;
    handlers: Map<string, Handler>;
    openHandler?: Handler;
    loaded?: string;
  }[] = [];
  class BrowserWindow {
    record: (typeof created)[number];
    webContents: { on: (e: string, h: Handler) => void; setWindowOpenHandler: (h: Handler) => void };
    constructor(options: Record<string, unknown>) {
      const record: (typeof created)[number] = { options, handlers: new Map() };
      created.push(record);
      this.record = record;
      this.webContents = {
        on: (e, h) => void record.handlers.set(e, h),
        setWindowOpenHandler: (h) => void (record.openHandler = h),
      };
    }
    once() {}
    show() {}
    async loadURL(url: string) {
      this.record.loaded = url;
    }
    async loadFile(file: string) {
      this.record.loaded = `file:${file}`;
    }
  }
  return { created, BrowserWindow, openExternal: vi.fn(async () => undefined) };
});

vi.mock('electron', () => ({
  BrowserWindow: hoisted.BrowserWindow,
  shell: { openExternal: hoisted.openExternal },
}));

const { createMainWindow, installSessionPolicy } = await import('./window.js');
const { appLocation } = await import('./security.js');

const location = appLocation({
  devServerUrl: undefined,
  isPackaged: true,
  rendererDir: '/app/dist/renderer',
});
const devLocation = appLocation({
  devServerUrl: 'http://127.0.0.1:5173',
  isPackaged: false,
  rendererDir: '/app/dist/renderer',
});

beforeEach(() => {
  hoisted.created.length = 0;
  hoisted.openExternal.mockClear();
});

describe('the main window', () => {
  it('is created with isolated, sandboxed web preferences and our preload, and loads the built renderer from app://', () => {
    createMainWindow({ preloadPath: '/app/dist-electron/preload.cjs', location, title: 'GameOps Console' });
    const win = hoisted.created[0];
    expect(win?.options['webPreferences']).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(win?.loaded).toBe('app://gameops/index.html');
  });

  it('loads the dev server in dev', () => {
    createMainWindow({ preloadPath: 'p', location: devLocation, title: 't' });
    expect(hoisted.created[0]?.loaded).toBe('http://127.0.0.1:5173');
  });

  it('stays on the app: navigation and redirects elsewhere are cancelled', () => {
    createMainWindow({ preloadPath: 'p', location, title: 't' });
    const handlers = hoisted.created[0]!.handlers;
    for (const event of ['will-navigate', 'will-redirect']) {
      const away = { preventDefault: vi.fn() };
      handlers.get(event)?.(away, 'https://evil.example/phish');
      expect(away.preventDefault, event).toHaveBeenCalled();
      const home = { preventDefault: vi.fn() };
      handlers.get(event)?.(home, 'app://gameops/index.html#/home');
      expect(home.preventDefault, event).not.toHaveBeenCalled();
      // The built renderer's own files are not the app when opened as file://: no privileges there.
      const file = { preventDefault: vi.fn() };
      handlers.get(event)?.(file, 'file:///app/dist/renderer/index.html#/home');
      expect(file.preventDefault, event).toHaveBeenCalled();
    }
    const webview = { preventDefault: vi.fn() };
    handlers.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('opens no windows; only http(s) links go to the OS browser', () => {
    createMainWindow({ preloadPath: 'p', location, title: 't' });
    const open = hoisted.created[0]!.openHandler!;
    expect(open({ url: 'https://docs.example/help' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(hoisted.openExternal.mock.calls).toEqual([['https://docs.example/help']]);
  });
});

describe('installSessionPolicy', () => {
  function fakeSession() {
    const seen: {
      onHeaders?: (d: unknown, cb: (r: unknown) => void) => void;
      onPermission?: (wc: unknown, p: string, cb: (granted: boolean) => void) => void;
      check?: () => boolean;
    } = {};
    const session = {
      webRequest: { onHeadersReceived: (fn: typeof seen.onHeaders) => void (seen.onHeaders = fn) },
      setPermissionRequestHandler: (fn: typeof seen.onPermission) => void (seen.onPermission = fn),
      setPermissionCheckHandler: (fn: typeof seen.check) => void (seen.check = fn),
    };
    return { session, seen };
  }

  it('denies every permission request', () => {
    const { session, seen } = fakeSession();
    installSessionPolicy(session as never, location);
    const granted = vi.fn();
    seen.onPermission?.({}, 'geolocation', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(seen.check?.()).toBe(false);
  });

  it('sets the dev CSP on every response of the dev server', () => {
    const { session, seen } = fakeSession();
    installSessionPolicy(session as never, devLocation);
    let response: { responseHeaders?: Record<string, string[]> } = {};
    seen.onHeaders?.(
      { responseHeaders: { 'Content-Security-Policy': ['script-src *'] } },
      (r) => (response = r as typeof response),
    );
    expect(response.responseHeaders?.['Content-Security-Policy']?.[0]).toMatch(
      /^default-src 'none'; script-src 'self' 'unsafe-inline';.*connect-src 'self' ws:\/\/127\.0\.0\.1:5173/,
    );
  });

  it('leaves built pages to the app:// handler, which sends their CSP itself', () => {
    const { session, seen } = fakeSession();
    installSessionPolicy(session as never, location);
    expect(seen.onHeaders).toBeUndefined();
  });
});
