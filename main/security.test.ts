import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  APP_INDEX_URL,
  appLocation,
  contentSecurityPolicy,
  externalUrlToOpen,
  isAllowedSender,
  isAppUrl,
  rendererSecurityHeaders,
  windowWebPreferences,
  withCsp,
} from './security.js';

const rendererDir = resolve('/opt/GameOps Console/resources/app.asar/dist/renderer');
const appLoc = appLocation({ devServerUrl: undefined, isPackaged: true, rendererDir });
const devLoc = appLocation({ devServerUrl: 'http://127.0.0.1:5173/', isPackaged: false, rendererDir });

describe('appLocation', () => {
  it('serves a packaged app from its own files, even when VITE_DEV_SERVER_URL is set', () => {
    for (const devServerUrl of [undefined, 'http://127.0.0.1:5173', 'https://evil.example/']) {
      expect(appLocation({ devServerUrl, isPackaged: true, rendererDir })).toEqual({
        kind: 'app',
        origin: 'app://gameops',
        rendererDir,
      });
    }
  });

  it('follows the dev server only in a development build, and only on this computer', () => {
    expect(devLoc).toEqual({ kind: 'dev', origin: 'http://127.0.0.1:5173' });
    expect(appLocation({ devServerUrl: 'http://localhost:5173/x', isPackaged: false, rendererDir })).toEqual({
      kind: 'dev',
      origin: 'http://localhost:5173',
    });
    expect(appLocation({ devServerUrl: undefined, isPackaged: false, rendererDir }).kind).toBe('app');
    expect(() =>
      appLocation({ devServerUrl: 'http://evil.example:5173', isPackaged: false, rendererDir }),
    ).toThrow(/this computer/);
    expect(() => appLocation({ devServerUrl: 'file:///tmp/x.html', isPackaged: false, rendererDir })).toThrow(
      /this computer/,
    );
    expect(() => appLocation({ devServerUrl: 'nonsense', isPackaged: false, rendererDir })).toThrow(
      /not a URL/,
    );
  });
});

describe('isAppUrl', () => {
  it('accepts app://gameops/ pages, with any path, hash or query', () => {
    expect(isAppUrl(APP_INDEX_URL, appLoc)).toBe(true);
    expect(isAppUrl(`${APP_INDEX_URL}#/atomicwar/steamplayers`, appLoc)).toBe(true);
    expect(isAppUrl('app://gameops/assets/index-3f2a.js', appLoc)).toBe(true);
    expect(isAppUrl('app://GAMEOPS/index.html', appLoc)).toBe(true);
  });

  it('refuses file:// (even the renderer’s own files), other app hosts and other schemes', () => {
    expect(isAppUrl(pathToFileURL(resolve(rendererDir, 'index.html')).toString(), appLoc)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', appLoc)).toBe(false);
    expect(isAppUrl('app://evil/index.html', appLoc)).toBe(false);
    expect(isAppUrl('app://gameops.evil/index.html', appLoc)).toBe(false);
    expect(isAppUrl('app://user@gameops/index.html', appLoc)).toBe(false);
    expect(isAppUrl('app://gameops:8080/index.html', appLoc)).toBe(false);
    expect(isAppUrl('https://gameops/', appLoc)).toBe(false);
    expect(isAppUrl('javascript:alert(1)', appLoc)).toBe(false);
    expect(isAppUrl('not a url', appLoc)).toBe(false);
  });

  it('in dev, accepts exactly the dev server’s origin', () => {
    expect(isAppUrl('http://127.0.0.1:5173/admin/users', devLoc)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:5174/', devLoc)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', devLoc)).toBe(false);
    expect(isAppUrl('https://127.0.0.1:5173/', devLoc)).toBe(false);
    expect(isAppUrl(APP_INDEX_URL, devLoc)).toBe(false);
  });
});

describe('isAllowedSender', () => {
  const ok = { webContentsId: 7, frameUrl: `${APP_INDEX_URL}#/home`, isMainFrame: true };
  it('accepts our window’s top frame showing the app', () => {
    expect(isAllowedSender(ok, [7], appLoc)).toBe(true);
  });
  it('refuses another webContents, a subframe, a gone frame, a file:// page or a foreign page', () => {
    expect(isAllowedSender({ ...ok, webContentsId: 8 }, [7], appLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, isMainFrame: false }, [7], appLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, frameUrl: null }, [7], appLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, frameUrl: 'https://evil.example/' }, [7], appLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, frameUrl: 'file:///home/op/Downloads/evil.html' }, [7], appLoc)).toBe(
      false,
    );
    expect(isAllowedSender(ok, [], appLoc)).toBe(false);
  });
});

describe('externalUrlToOpen', () => {
  it('passes http(s) links only', () => {
    expect(externalUrlToOpen('https://store.steampowered.com/app/1')).toBe(
      'https://store.steampowered.com/app/1',
    );
    expect(externalUrlToOpen('http://example.com')).toBe('http://example.com/');
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'ms-msdt:/id',
      'mailto:a@b',
      '',
    ]) {
      expect(externalUrlToOpen(bad), bad).toBeNull();
    }
  });
});

describe('the CSP', () => {
  const directives = (csp: string) =>
    Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows only the app’s own scripts, no inline scripts, no eval, no framing', () => {
    const csp = contentSecurityPolicy();
    const d = directives(csp);
    expect(d['default-src']).toEqual(["'none'"]);
    expect(d['script-src']).toEqual(["'self'"]);
    // Inline style attributes only (Blueprint writes them); they cannot run code.
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['form-action']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|\*/);
    expect(d['script-src']?.join(' ')).not.toMatch(/unsafe-inline/);
  });

  it('relaxes only what Vite’s dev server needs, in dev', () => {
    const d = directives(contentSecurityPolicy({ origin: 'http://127.0.0.1:5173' }));
    expect(d['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:5173']);
    expect(d['script-src']).toContain("'unsafe-inline'");
    expect(d['script-src']).not.toContain("'unsafe-eval'");
  });

  it('travels with the usual refusals in every renderer response', () => {
    expect(rendererSecurityHeaders('X')).toEqual({
      'Content-Security-Policy': 'X',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });

  it('keeps out of the page’s <meta> CSP what browsers ignore there (and report on every load)', () => {
    // frame-ancestors, report-uri and sandbox only work as a header; the header (above) has them.
    const html = readFileSync(fileURLToPath(new URL('../renderer/index.html', import.meta.url)), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toMatch(/^default-src /);
    const names = meta!.split(';').map((d) => d.trim().split(/\s+/)[0]);
    for (const headerOnly of ['frame-ancestors', 'report-uri', 'sandbox'])
      expect(names).not.toContain(headerOnly);
    expect(rendererSecurityHeaders(contentSecurityPolicy())['Content-Security-Policy']).toMatch(
      /(^|; )frame-ancestors 'none'(;|$)/,
    );
  });

  it('replaces any CSP a response carried, whatever its header case', () => {
    const out = withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html' }, 'X');
    expect(out).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ['X'] });
  });
});

describe('window web preferences', () => {
  it('isolate and sandbox the renderer, with our preload and no Node', () => {
    const prefs = windowWebPreferences('/app/dist-electron/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});
