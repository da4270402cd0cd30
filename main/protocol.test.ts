import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAppScheme, serveAppProtocol } from './protocol.js';

/** The Electron glue of app://, against a stub of Electron's protocol module. */
describe('the app:// glue', () => {
  it('registers app as a standard, secure, fetch-capable scheme with a code cache', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });

  it('hands app:// requests to the handler that serves the built renderer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-proto-'));
    try {
      await writeFile(join(dir, 'index.html'), '<!doctype html><p>console</p>');
      const handlers = new Map<string, (req: Request) => Promise<Response> | Response>();
      serveAppProtocol({ handle: (scheme, handler) => void handlers.set(scheme, handler) }, dir);
      expect([...handlers.keys()]).toEqual(['app']);
      const res = await handlers.get('app')!(new Request('app://gameops/index.html'));
      expect(await res.text()).toContain('<p>console</p>');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
