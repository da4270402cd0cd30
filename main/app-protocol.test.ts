import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, respondToAppRequest } from './app-protocol.js';
import { contentSecurityPolicy } from './security.js';

/** app://gameops/ as the window sees it: Node's own Request and Response, the handler's decision. */
let root: string;
let rendererDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gameops-app-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(rendererDir, 'assets', 'index-3f2a.js'), 'console.log(1)');
  await writeFile(join(rendererDir, 'assets', 'index-3f2a.css'), 'body{}');
  await writeFile(join(rendererDir, 'assets', 'logo.svg'), '<svg/>');
  // Beside the renderer, where a traversal would land.
  await writeFile(join(root, 'secret.txt'), 'TOP SECRET');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const get = (url: string, method = 'GET') =>
  respondToAppRequest(new Request(url, { method }), { rendererDir });

describe('app://gameops/', () => {
  it('serves index.html with the CSP as a header, uncached', async () => {
    const res = await get('app://gameops/index.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self';/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the assets by name with their MIME types, and the root as index.html', async () => {
    const js = await get('app://gameops/assets/index-3f2a.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    expect((await get('app://gameops/assets/index-3f2a.css')).headers.get('content-type')).toMatch(
      /^text\/css/,
    );
    expect((await get('app://gameops/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect(await (await get('app://gameops/')).text()).toContain('<div id="root">');
    const head = await get('app://gameops/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it.each([
    'app://gameops/assets/..%2f..%2fsecret.txt',
    'app://gameops/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://gameops/..%5csecret.txt',
    'app://gameops/index.html%00.js',
    'app://gameops/%E0%A4%A',
  ])('refuses a way out of the renderer folder hidden in an encoding: %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).not.toContain('TOP SECRET');
    expect(text).toMatch(/outside the console/);
    // Refusals carry the CSP too: nothing the scheme answers is without it.
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('stays inside the renderer folder for plain dot segments (the URL parser removes them)', async () => {
    for (const url of ['app://gameops/%2e%2e/secret.txt', 'app://gameops/../../secret.txt']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('TOP SECRET');
    }
  });

  it('answers 404 for a missing file, another host, and 405 for anything but GET and HEAD', async () => {
    const missing = await get('app://gameops/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/找不到：\/assets\/missing\.js\nNot found: \/assets\/missing\.js/);
    expect((await get('app://evil/index.html')).status).toBe(404);
    expect((await get('app://gameops/index.html', 'POST')).status).toBe(405);
  });

  it('is registered as a standard, secure scheme that supports fetch', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
  });
});
