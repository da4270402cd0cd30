import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** electron-builder.yml and build/: valid for electron-builder, and free of baked-in hosts or secrets. */
const root = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);

async function loadConfig(): Promise<Record<string, unknown>> {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  return yaml.load(await readFile(`${root}electron-builder.yml`, 'utf8')) as Record<string, unknown>;
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(await loadConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('ships the builds, unpacks the native and wasm assets, and signs with the hardened runtime', async () => {
    const config = await loadConfig();
    expect(config['appId']).toBe('com.gameops.console');
    expect(config['productName']).toBe('GameOps Console');
    expect(config['files']).toEqual(
      expect.arrayContaining(['dist/**/*', 'dist-electron/**/*', 'package.json']),
    );
    const unpack = (config['asarUnpack'] as string[]).join(' ');
    expect(unpack).toContain('node_modules/keytar/');
    expect(unpack).toContain('node_modules/@electric-sql/pglite/');
    expect(config['mac']).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      entitlements: 'build/entitlements.mac.plist',
    });
    expect(config['linux']).toMatchObject({ target: ['AppImage', 'deb'] });
  });

  it('sets every Electron fuse on purpose, none left to its default', async () => {
    // The fuses this Electron toolchain knows: a new one fails this test until it is decided.
    const { FuseV1Options } = require('@electron/fuses') as {
      FuseV1Options: Record<string, string | number>;
    };
    const known = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)));
    const key = (name: string) => name[0]!.toLowerCase() + name.slice(1);
    const decided: Record<string, boolean> = {
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    };
    expect(known.map(key).sort()).toEqual(Object.keys(decided).sort());
    const fuses = (await loadConfig())['electronFuses'] as Record<string, unknown>;
    expect(fuses).toEqual(decided);
  });

  it('takes the update feed’s address from the environment, naming no host', async () => {
    const text = await readFile(`${root}electron-builder.yml`, 'utf8');
    expect((await loadConfig())['publish']).toEqual({
      provider: 'generic',
      url: '${env.GAMEOPS_UPDATE_URL}',
    });
    expect(text).not.toMatch(/https?:\/\//);
    expect(text).not.toMatch(/password:|cscLink:|cscKeyPassword:/i);
  });
});

describe('build/', () => {
  it('holds an entitlements plist granting JIT only', async () => {
    const plist = await readFile(`${root}build/entitlements.mac.plist`, 'utf8');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
    expect(plist).not.toMatch(/device\.camera|device\.audio-input|disable-library-validation/);
  });

  it('holds a square PNG icon of at least 512 px', async () => {
    const png = await readFile(`${root}build/icon.png`);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(512);
  });
});
