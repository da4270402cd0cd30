import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { createConsoleCore } from '../core.js';
import { createMemoryTokenStore } from '../session/token-store.js';
import { openJsonFileKv } from '../storage/json-file-kv.js';
import { createMemoryKv } from '../storage/kv.js';
import {
  SETTINGS_KEY,
  applyPatch,
  createSettingsStore,
  defaultSettings,
  readSettings,
  servicesAt,
} from './settings-store.js';

describe('settings', () => {
  it('defaults to the embedded backend, zh-CN, and one URL per service with its base path', () => {
    const s = defaultSettings();
    expect(s.backend).toBe('embedded');
    expect(s.language).toBe('zh-CN');
    expect(s.services).toEqual({
      admin: 'http://127.0.0.1:8787/api/v1/sr',
      pve: 'http://127.0.0.1:8787/api/v1/dr',
      lw: 'http://127.0.0.1:8787/api/v1/lw',
      party: 'http://127.0.0.1:8787/api/v1/party',
      payment: 'http://127.0.0.1:8787/api/v1/pay',
    });
  });

  it('rejects a patch with a bad URL, an unknown field or an unknown language, naming the field', () => {
    const base = defaultSettings();
    for (const [patch, path] of [
      [{ services: { admin: 'ftp://example.com' } }, 'services.admin'],
      [{ services: { admin: 'not a url' } }, 'services.admin'],
      [{ services: { chat: 'http://x' } }, 'services'],
      [{ language: 'fr' }, 'language'],
      [{ colour: 'dark' }, '(body)'],
      [{ theme: 'sepia' }, 'theme'],
      [{ updateChannel: 'nightly' }, 'updateChannel'],
      [{ devTools: 'yes' }, 'devTools'],
    ] as const) {
      const res = applyPatch(base, patch);
      expect(res.ok, JSON.stringify(patch)).toBe(false);
      if (res.ok) continue;
      expect(res.error.code).toBe(Codes.VALIDATION);
      expect(res.error.details?.map((d) => d.path)).toContain(path);
    }
  });

  it('refuses a plain-http address on another computer, saying why, and accepts https or this computer', () => {
    const base = defaultSettings();
    for (const url of [
      'http://ops.example.com/api/v1/sr',
      'http://10.0.0.5:8787/api/v1/sr',
      'HTTP://ops.example.com',
      // Names a resolver may send anywhere, however local they look.
      'http://api.localhost:8787/api/v1/sr',
      'http://localhost.:8787/api/v1/sr',
      'http://127.0.0.1.nip.io/api/v1/sr',
    ]) {
      const res = applyPatch(base, { services: { pve: url } });
      expect(res.ok, url).toBe(false);
      if (res.ok) continue;
      expect(res.error.code).toBe(Codes.VALIDATION);
      expect(res.error.details).toEqual([
        {
          path: 'services.pve',
          message: expect.stringMatching(/plain http:\/\/ would send your sign-in token unencrypted/),
        },
      ]);
    }
    const withPassword = applyPatch(base, {
      services: { admin: 'https://op:secret@ops.example.com/api/v1/sr' },
    });
    expect(withPassword.ok ? '' : withPassword.error.details?.[0]?.message).toMatch(/user name or password/);
    for (const url of [
      'https://ops.example.com/api/v1/sr',
      'http://127.0.0.1:8787/api/v1/sr',
      'http://localhost:8787/api/v1/sr',
      'http://[::1]:8787/api/v1/sr',
    ]) {
      expect(applyPatch(base, { services: { admin: url } }).ok, url).toBe(true);
    }
  });

  it('drops a saved plain-http remote address (an older version allowed it) for the default', () => {
    const s = readSettings(
      {
        language: 'en',
        backend: 'custom',
        services: { ...defaultSettings().services, lw: 'http://lw.example.com/api/v1/lw' },
      },
      defaultSettings(),
    );
    expect(s.services.lw).toBe(defaultSettings().services.lw);
    expect(s.language).toBe('en');
  });

  it('applies a partial patch and drops trailing slashes', () => {
    const res = applyPatch(defaultSettings(), {
      language: 'en',
      services: { pve: ' https://pve.studio.example/api/v1/dr/ ' },
    });
    expect(res.ok && res.data.language).toBe('en');
    expect(res.ok && res.data.services.pve).toBe('https://pve.studio.example/api/v1/dr');
    expect(res.ok && res.data.services.admin).toBe(defaultSettings().services.admin);
  });

  it('keeps the valid parts of saved settings and defaults the rest', () => {
    const s = readSettings(
      { language: 'en', backend: 'sideways', services: { admin: 'https://a.example/api/v1/sr', pve: 12 } },
      defaultSettings(),
    );
    expect(s).toEqual({
      ...defaultSettings(),
      language: 'en',
      backend: 'embedded',
      services: { ...defaultSettings().services, admin: 'https://a.example/api/v1/sr' },
    });
  });

  it('reads settings saved before the desktop preferences existed with their defaults, and keeps good ones', () => {
    const old = { language: 'en', backend: 'embedded', services: defaultSettings().services };
    expect(readSettings(old, defaultSettings())).toMatchObject({
      updateChannel: 'stable',
      theme: 'system',
      devTools: false,
    });
    expect(
      readSettings({ ...old, theme: 'dark', updateChannel: 'beta', devTools: 'on' }, defaultSettings()),
    ).toMatchObject({ theme: 'dark', updateChannel: 'beta', devTools: false });
    const res = applyPatch(defaultSettings(), { theme: 'light', updateChannel: 'beta', devTools: true });
    expect(res.ok && [res.data.theme, res.data.updateChannel, res.data.devTools]).toEqual([
      'light',
      'beta',
      true,
    ]);
  });

  it('persists what was set', () => {
    const kv = createMemoryKv();
    const store = createSettingsStore(kv);
    expect(store.set({ backend: 'custom', services: servicesAt('https://ops.example') }).ok).toBe(true);
    expect(createSettingsStore(kv).get()).toMatchObject({
      backend: 'custom',
      services: { admin: 'https://ops.example/api/v1/sr' },
    });
    expect(store.set({ language: 'xx' }).ok).toBe(false);
    expect(createSettingsStore(kv).get().language).toBe('zh-CN');
  });
});

describe('the JSON-file store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gameops-kv-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('persists across opens and leaves no temporary files behind', async () => {
    const file = join(dir, 'console.json');
    const kv = openJsonFileKv(file);
    kv.set(SETTINGS_KEY, { language: 'en' });
    kv.set('other', [1, 2]);
    kv.delete('other');
    expect(openJsonFileKv(file).get(SETTINGS_KEY)).toEqual({ language: 'en' });
    expect(openJsonFileKv(file).get('other')).toBeUndefined();
    expect(await readdir(dir)).toEqual(['console.json']);
  });

  it('sets a corrupt file aside and starts clean', async () => {
    const file = join(dir, 'console.json');
    await writeFile(file, '{"settings": {"lang');
    const kv = openJsonFileKv(file);
    expect(kv.get(SETTINGS_KEY)).toBeUndefined();
    kv.set('a', 1);
    const names = await readdir(dir);
    expect(names).toContain('console.json');
    expect(names.some((n) => n.startsWith('console.json.corrupt-'))).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: 1 });
  });

  it('hands out copies, so a caller mutating a value does not change what is stored', () => {
    const kv = openJsonFileKv(join(dir, 'c.json'));
    kv.set('x', { n: 1 });
    (kv.get('x') as { n: number }).n = 2;
    expect(kv.get('x')).toEqual({ n: 1 });
  });
});

describe('settings through the core', () => {
  const app = { name: 'GameOps Console', version: 't', shell: 'browser', platform: 'linux' } as const;
  const defaultLanguage = 'en' as const;

  it('answers calls in embedded mode with UNAVAILABLE when there is no backend to start', async () => {
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app,
      defaultLanguage,
    });
    const res = await core.handlers['session:login']({ account: 'admin', password: 'x' });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.UNAVAILABLE);
    expect((await core.handlers['app:info'](null)).backend).toMatchObject({
      mode: 'embedded',
      running: false,
    });
    await core.close();
  });

  it('starts the embedded backend on the first run and points every service at it', async () => {
    let started = 0;
    let stopped = 0;
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app,
      defaultLanguage,
      backend: {
        start: async () => {
          started++;
          return { url: 'http://127.0.0.1:4555', port: 4555, headers: {}, stop: async () => void stopped++ };
        },
      },
    });
    expect(await core.backendReady()).toMatchObject({ port: 4555 });
    expect((await core.handlers['settings:get'](null)).services).toEqual(servicesAt('http://127.0.0.1:4555'));
    expect((await core.handlers['app:info'](null)).backend).toEqual({
      mode: 'embedded',
      running: true,
      url: 'http://127.0.0.1:4555',
      error: null,
      // Nothing answers at that port, so the first-run state cannot be known.
      setup: null,
    });
    // Switching to the studio's services stops the embedded backend.
    const res = await core.handlers['settings:set']({
      backend: 'custom',
      services: servicesAt('https://ops.example'),
    });
    expect(res.ok && res.data.services.admin).toBe('https://ops.example/api/v1/sr');
    expect(stopped).toBe(1);
    await core.close();
    expect(started).toBe(1);
  });

  it('reports a backend that failed to start, and tries again on the next call', async () => {
    let attempts = 0;
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app,
      defaultLanguage,
      backend: {
        start: async () => {
          attempts++;
          throw new Error('the data folder is in use by another process');
        },
      },
    });
    await expect(core.backendReady()).rejects.toThrow(/in use by another process/);
    expect((await core.handlers['app:info'](null)).backend.error).toMatch(/in use by another process/);
    const res = await core.handlers['session:login']({ account: 'admin', password: 'x' });
    expect(res.ok ? '' : res.error.message).toMatch(/did not start/);
    expect(attempts).toBeGreaterThanOrEqual(2);
    await core.close();
  });

  it('saves a switch back to embedded but says so when the backend does not start', async () => {
    let fail = false;
    const core = await createConsoleCore({
      kv: createMemoryKv(),
      tokens: createMemoryTokenStore(),
      app,
      defaultLanguage,
      initialSettings: { backend: 'custom', services: servicesAt('https://ops.example') },
      backend: {
        start: async () => {
          if (fail) throw new Error('the data folder is in use by another process');
          return { url: 'http://127.0.0.1:4556', port: 4556, headers: {}, stop: async () => undefined };
        },
      },
    });
    fail = true;
    const res = await core.handlers['settings:set']({ backend: 'embedded' });
    expect(res.ok).toBe(false);
    expect(res.ok ? '' : `${res.error.code} ${res.error.message}`).toMatch(
      /50300 .*in use by another process/,
    );
    expect((await core.handlers['settings:get'](null)).backend).toBe('embedded');
    fail = false;
    expect(await core.backendReady()).toMatchObject({ port: 4556 });
    await core.close();
  });
});
