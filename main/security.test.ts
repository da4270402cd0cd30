import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appLocation,
  contentSecurityPolicy,
  externalUrlToOpen,
  isAllowedSender,
  isAppUrl,
  windowWebPreferences,
  withCsp,
} from './security.js';

const rendererDir = resolve('/opt/GameOps Console/resources/app.asar/dist/renderer');
const fileLoc = appLocation(undefined, rendererDir);
const devLoc = appLocation('http://127.0.0.1:5173/', rendererDir);
const index = pathToFileURL(join(rendererDir, 'index.html')).toString();

describe('isAppUrl', () => {
  it('accepts the built renderer’s files, with any hash or query', () => {
    expect(isAppUrl(index, fileLoc)).toBe(true);
    expect(isAppUrl(`${index}#/atomicwar/steamplayers`, fileLoc)).toBe(true);
    expect(isAppUrl(pathToFileURL(join(rendererDir, 'assets/index-3f2a.js')).toString(), fileLoc)).toBe(true);
  });

  it('refuses other files, traversal out of the renderer, and other schemes', () => {
    expect(isAppUrl('file:///etc/passwd', fileLoc)).toBe(false);
    expect(isAppUrl(`${pathToFileURL(rendererDir).toString()}/../../secrets.html`, fileLoc)).toBe(false);
    expect(isAppUrl(pathToFileURL(`${rendererDir}-evil/index.html`).toString(), fileLoc)).toBe(false);
    expect(isAppUrl('file://attacker-share/renderer/index.html', fileLoc)).toBe(false);
    expect(isAppUrl('https://example.com/', fileLoc)).toBe(false);
    expect(isAppUrl('javascript:alert(1)', fileLoc)).toBe(false);
    expect(isAppUrl('not a url', fileLoc)).toBe(false);
  });

  it('in dev, accepts exactly the dev server’s origin', () => {
    expect(isAppUrl('http://127.0.0.1:5173/admin/users', devLoc)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:5174/', devLoc)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', devLoc)).toBe(false);
    expect(isAppUrl('https://127.0.0.1:5173/', devLoc)).toBe(false);
    expect(isAppUrl(index, devLoc)).toBe(false);
  });
});

describe('isAllowedSender', () => {
  const ok = { webContentsId: 7, frameUrl: `${index}#/home`, isMainFrame: true };
  it('accepts our window’s top frame showing the app', () => {
    expect(isAllowedSender(ok, [7], fileLoc)).toBe(true);
  });
  it('refuses another webContents, a subframe, a gone frame, or a foreign page', () => {
    expect(isAllowedSender({ ...ok, webContentsId: 8 }, [7], fileLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, isMainFrame: false }, [7], fileLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, frameUrl: null }, [7], fileLoc)).toBe(false);
    expect(isAllowedSender({ ...ok, frameUrl: 'https://evil.example/' }, [7], fileLoc)).toBe(false);
    expect(isAllowedSender(ok, [], fileLoc)).toBe(false);
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
