import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_FILES, checkAsar, packageName, type AsarEntry } from '../scripts/asar-check.js';
import { checkFuses } from '../scripts/fuses.js';
import { linkProblems } from '../scripts/links-check.js';
import { buildPlatforms, feedProblem, releaseConfig } from '../scripts/release-config.js';
import { makeStandInElectron } from '../scripts/stand-in-electron.js';
import {
  UPDATE_KEYS_FILE,
  builtInUpdateKeys,
  createUpdateKey,
  signReleaseFiles,
} from '../scripts/update-signing.js';
import { BUILT_IN_UPDATE_KEYS } from './updater/electron.js';
import { publicKeyText, trustedKeys, verifyUpdateFile } from './updater/signature.js';

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
  });

  it('builds one artifact per platform and architecture, named by both', async () => {
    const config = await loadConfig();
    expect(config['artifactName']).toBe('GameOps-Console-${version}-${os}-${arch}.${ext}');
    const targets = (platform: string) =>
      Object.fromEntries(
        ((config[platform] as { target: { target: string; arch: string[] }[] }).target ?? []).map((t) => [
          t.target,
          t.arch,
        ]),
      );
    expect(targets('mac')).toEqual({ dmg: ['x64', 'arm64'], zip: ['x64', 'arm64'] });
    expect(targets('win')).toEqual({ nsis: ['x64', 'arm64'] });
    expect(targets('linux')).toEqual({ AppImage: ['x64'], deb: ['x64'] });
    // Without this, NSIS makes one installer holding both architectures.
    expect(config['nsis']).toMatchObject({ buildUniversalInstaller: false });
  });

  it('keeps dependencies’ tests and sources out of the archive', async () => {
    const files = (await loadConfig())['files'] as string[];
    expect(files).toEqual(
      expect.arrayContaining([
        '!**/*.map',
        '!**/node_modules/**/{test,tests,__tests__,__mocks__,spec}/**',
        '!**/node_modules/**/*.{test,spec}.{js,cjs,mjs,ts}',
      ]),
    );
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

  it('registers gameops:// links in every installer: Info.plist, the .desktop entry, NSIS', async () => {
    const config = await loadConfig();
    expect(config['protocols']).toEqual([{ name: 'GameOps Console link', schemes: ['gameops'] }]);
    expect(config['nsis']).toMatchObject({ include: 'build/installer.nsh' });
    const nsh = await readFile(`${root}build/installer.nsh`, 'utf8');
    const install = /!macro customInstall\n([\s\S]*?)!macroend/.exec(nsh)?.[1] ?? '';
    expect(install).toContain('WriteRegStr SHELL_CONTEXT "Software\\Classes\\gameops" "URL Protocol" ""');
    expect(install).toContain(
      'WriteRegStr SHELL_CONTEXT "Software\\Classes\\gameops\\shell\\open\\command" "" \'"$INSTDIR\\${APP_EXECUTABLE_FILENAME}" "%1"\'',
    );
    expect(/!macro customUnInstall\n([\s\S]*?)!macroend/.exec(nsh)?.[1]).toContain(
      'DeleteRegKey SHELL_CONTEXT "Software\\Classes\\gameops"',
    );
    // What the pack check asks of the desktop entry electron-builder computes for the packed app.
    const entry = (mime: string) =>
      `[Desktop Entry]\nName=GameOps Console\nExec=/opt/GameOps Console/gameops-console %U\n${mime}Categories=Office;\n`;
    expect(linkProblems(entry('MimeType=x-scheme-handler/gameops;\n'), config)).toEqual([]);
    expect(linkProblems(entry(''), config)).toEqual([
      'the Linux desktop entry has no MimeType=x-scheme-handler/gameops',
    ]);
    expect(linkProblems(entry(''), {})).toHaveLength(3);
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

/** A release machine's update signing key, and its public half as build/update-signing-keys.json lists it. */
const signing = (() => {
  const pair = generateKeyPairSync('ed25519');
  return {
    key: pair.privateKey,
    pem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    public: publicKeyText(pair.publicKey),
  };
})();

/** electron-builder's own validation (its scheme.json), as `electron-builder` runs it. */
async function validate(config: Record<string, unknown>): Promise<void> {
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    validateConfiguration(config: unknown, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  await validateConfiguration(config, new DebugLogger(false));
}

describe('the release configuration (scripts/release-config.ts, used by npm run dist)', () => {
  it('builds with no feed and no updater when GAMEOPS_UPDATE_URL is unset, and says so', async () => {
    const plan = releaseConfig(await loadConfig(), {});
    expect(plan.problems).toEqual([]);
    expect(plan.config['publish']).toBeNull();
    expect(plan.notes[0]).toMatch(
      /^no update feed: GAMEOPS_UPDATE_URL is not set, so this build has no updater/,
    );
    await expect(validate(plan.config)).resolves.toBeUndefined();
  });

  it('fixes the feed from GAMEOPS_UPDATE_URL, https only (plain http only to this computer)', async () => {
    const plan = releaseConfig(
      await loadConfig(),
      { GAMEOPS_UPDATE_URL: 'https://updates.example/gameops', GAMEOPS_UPDATE_SIGNING_KEY: signing.pem },
      { updateKeys: [signing.public] },
    );
    expect(plan.config['publish']).toEqual({ provider: 'generic', url: 'https://updates.example/gameops/' });
    expect(plan.problems).toEqual([]);
    await expect(validate(plan.config)).resolves.toBeUndefined();
    expect(feedProblem('http://updates.example/')).toMatch(/must be https/);
    expect(feedProblem('http://127.0.0.1:8080/feed/')).toBeNull();
    expect(feedProblem('https://user:pw@updates.example/')).toMatch(/user name or password/);
    expect(releaseConfig({}, { GAMEOPS_UPDATE_URL: 'not a url' }).problems[0]).toMatch(/not a URL/);
  });

  it('builds a feed only with the update signing key, which must be one the app trusts', async () => {
    const feed = { GAMEOPS_UPDATE_URL: 'https://updates.example/gameops/' };
    const trusted = { updateKeys: [signing.public] };
    const without = releaseConfig(await loadConfig(), feed, trusted);
    expect(without.problems).toEqual([
      expect.stringMatching(/^an update feed needs GAMEOPS_UPDATE_SIGNING_KEY/),
    ]);
    expect(without.updateSigningKey).toBeNull();

    const stranger = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(
      releaseConfig(await loadConfig(), { ...feed, GAMEOPS_UPDATE_SIGNING_KEY: stranger.toString() }, trusted)
        .problems,
    ).toEqual([expect.stringMatching(/does not match a key in build\/update-signing-keys\.json/)]);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(
      releaseConfig(await loadConfig(), { ...feed, GAMEOPS_UPDATE_SIGNING_KEY: rsa.toString() }, trusted)
        .problems,
    ).toEqual([expect.stringMatching(/is an rsa key; updates are signed with Ed25519/)]);
    expect(
      releaseConfig(await loadConfig(), { ...feed, GAMEOPS_UPDATE_SIGNING_KEY: '/nowhere/key.pem' }, trusted)
        .problems,
    ).toEqual([expect.stringMatching(/neither a PEM nor a file/)]);

    // Inline (with \n, as a CI secret often holds it) or as a file.
    const inline = releaseConfig(
      await loadConfig(),
      { ...feed, GAMEOPS_UPDATE_SIGNING_KEY: signing.pem.replace(/\n/g, '\\n') },
      trusted,
    );
    expect(inline.problems).toEqual([]);
    expect(inline.updateSigningKey && publicKeyText(inline.updateSigningKey)).toBe(signing.public);
    const dir = mkdtempSync(join(tmpdir(), 'gameops-key-'));
    try {
      writeFileSync(join(dir, 'key.pem'), signing.pem);
      expect(
        releaseConfig(
          await loadConfig(),
          { ...feed, GAMEOPS_UPDATE_SIGNING_KEY: join(dir, 'key.pem') },
          trusted,
        ).problems,
      ).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // No feed, nothing to sign: the key is not asked for.
    expect(releaseConfig(await loadConfig(), {}, trusted).problems).toEqual([]);
  });

  it('signs every update file of this version beside it, as the app then verifies it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-release-'));
    const file = (name: string, text: string) => writeFileSync(join(dir, name), text);
    try {
      file('GameOps-Console-1.2.0-linux-x64.AppImage', 'appimage 1.2.0');
      file('GameOps-Console-1.2.0-linux-amd64.deb', 'deb 1.2.0');
      const yml = (version: string, ...names: string[]) =>
        `version: ${version}\nfiles:\n${names.map((n) => `  - url: ${n}\n    sha512: x\n`).join('')}path: ${names[0]}\n`;
      file(
        'latest-linux.yml',
        yml('1.2.0', 'GameOps-Console-1.2.0-linux-x64.AppImage', 'GameOps-Console-1.2.0-linux-amd64.deb'),
      );
      file('beta-linux.yml', yml('1.2.0', 'GameOps-Console-1.2.0-linux-x64.AppImage'));
      // Left from an earlier build in the same folder: not this release's.
      file('latest-mac.yml', yml('1.1.0', 'GameOps-Console-1.1.0-mac-arm64.zip'));

      expect(await signReleaseFiles(dir, signing.key, '1.2.0')).toEqual([
        'GameOps-Console-1.2.0-linux-amd64.deb',
        'GameOps-Console-1.2.0-linux-x64.AppImage',
      ]);
      expect(existsSync(join(dir, 'GameOps-Console-1.1.0-mac-arm64.zip.sig'))).toBe(false);
      for (const name of [
        'GameOps-Console-1.2.0-linux-x64.AppImage',
        'GameOps-Console-1.2.0-linux-amd64.deb',
      ]) {
        await expect(
          verifyUpdateFile({
            path: join(dir, name),
            fileName: name,
            version: '1.2.0',
            signature: readFileSync(join(dir, `${name}.sig`)),
            keys: trustedKeys([signing.public]),
          }),
        ).resolves.toBeUndefined();
      }

      // A yml naming a file that is not there stops the release.
      file('latest.yml', yml('1.2.0', 'GameOps-Console-1.2.0-win-x64.exe'));
      await expect(signReleaseFiles(dir, signing.key, '1.2.0')).rejects.toThrow(
        /latest\.yml names GameOps-Console-1\.2\.0-win-x64\.exe, which is not in/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the release configuration: update signing keys, Windows signing, notarisation', () => {
  it('makes a key pair (npm run update-key): the private key apart, the public one for the build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-update-key-'));
    try {
      const keysFile = join(dir, 'update-signing-keys.json');
      writeFileSync(keysFile, JSON.stringify({ about: 'kept', keys: ['old'] }));
      const first = createUpdateKey({ privateKeyPath: join(dir, 'a.pem'), keysFile });
      expect(JSON.parse(readFileSync(keysFile, 'utf8'))).toEqual({ about: 'kept', keys: [first] });
      expect(statSync(join(dir, 'a.pem')).mode & 0o777).toBe(0o600);
      const second = createUpdateKey({ privateKeyPath: join(dir, 'b.pem'), keysFile, add: true });
      expect(builtInUpdateKeys(keysFile)).toEqual([first, second]);
      // The release takes either private key against the keys the app is built with.
      for (const pem of ['a.pem', 'b.pem']) {
        const plan = releaseConfig(
          {},
          { GAMEOPS_UPDATE_URL: 'https://u.example/', GAMEOPS_UPDATE_SIGNING_KEY: join(dir, pem) },
          { updateKeys: builtInUpdateKeys(keysFile) },
        );
        expect(plan.problems).toEqual([]);
      }
      // An existing key file is never overwritten.
      const before = readFileSync(join(dir, 'a.pem'), 'utf8');
      expect(() => createUpdateKey({ privateKeyPath: join(dir, 'a.pem'), keysFile })).toThrow(/EEXIST/);
      expect(readFileSync(join(dir, 'a.pem'), 'utf8')).toBe(before);
      expect(builtInUpdateKeys(keysFile)).toEqual([first, second]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the app with the Ed25519 keys of build/update-signing-keys.json', () => {
    const keys = (JSON.parse(readFileSync(UPDATE_KEYS_FILE, 'utf8')) as { keys: string[] }).keys;
    expect(keys.length).toBeGreaterThan(0);
    expect(BUILT_IN_UPDATE_KEYS).toEqual(keys);
    expect(trustedKeys(BUILT_IN_UPDATE_KEYS).map((k) => k.asymmetricKeyType)).toEqual(
      keys.map(() => 'ed25519'),
    );
  });

  it('signs Windows builds through build/sign-windows.cjs when WIN_SIGN_COMMAND is set', async () => {
    const plan = releaseConfig(await loadConfig(), {
      WIN_SIGN_COMMAND: 'smctl sign --input "$GAMEOPS_SIGN_FILE"',
      WIN_PUBLISHER_NAME: 'Example Studio Ltd',
    });
    expect(plan.problems).toEqual([]);
    expect((plan.config['win'] as Record<string, unknown>)['signtoolOptions']).toMatchObject({
      sign: 'build/sign-windows.cjs',
      publisherName: 'Example Studio Ltd',
    });
    expect(plan.notes).toContain(
      'Windows: signed by WIN_SIGN_COMMAND for each file (build/sign-windows.cjs)',
    );
    await expect(validate(plan.config)).resolves.toBeUndefined();
  });

  it('signs with Azure Trusted Signing when configured, and refuses two ways to sign at once', async () => {
    const azure = {
      AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
      AZURE_TRUSTED_SIGNING_ACCOUNT: 'gameops',
      AZURE_TRUSTED_SIGNING_PROFILE: 'release',
      AZURE_TENANT_ID: 't',
      AZURE_CLIENT_ID: 'c',
      WIN_PUBLISHER_NAME: 'Example Studio Ltd',
    };
    const plan = releaseConfig(await loadConfig(), azure);
    expect(plan.problems).toEqual([]);
    expect((plan.config['win'] as Record<string, unknown>)['azureSignOptions']).toMatchObject({
      codeSigningAccountName: 'gameops',
      certificateProfileName: 'release',
      publisherName: 'Example Studio Ltd',
    });
    await expect(validate(plan.config)).resolves.toBeUndefined();
    expect(releaseConfig({}, { ...azure, CSC_LINK: 'cert.pfx' }).problems[0]).toMatch(
      /choose one way to sign/,
    );
  });

  it('takes Windows’ publisher name from WIN_PUBLISHER_NAME, and will not sign for Windows without it', async () => {
    const config = await loadConfig();
    // No placeholder: a name that is not the certificate's makes every signed update "tampered".
    expect(JSON.stringify(config['win'])).not.toContain('publisherName');
    const needsName = /^Windows signing needs WIN_PUBLISHER_NAME/;
    for (const env of [
      { WIN_SIGN_COMMAND: 'smctl sign' },
      { WIN_CSC_LINK: 'win.pfx' },
      { CSC_LINK: 'cert.p12' },
      {
        AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
        AZURE_TRUSTED_SIGNING_ACCOUNT: 'gameops',
        AZURE_TRUSTED_SIGNING_PROFILE: 'release',
        AZURE_TENANT_ID: 't',
        AZURE_CLIENT_ID: 'c',
      },
    ]) {
      expect(releaseConfig(config, env).problems).toEqual([expect.stringMatching(needsName)]);
    }
    const cert = releaseConfig(config, {
      WIN_CSC_LINK: 'win.pfx',
      WIN_PUBLISHER_NAME: ' Example Studio Ltd ',
    });
    expect(cert.problems).toEqual([]);
    expect((cert.config['win'] as Record<string, unknown>)['signtoolOptions']).toMatchObject({
      publisherName: 'Example Studio Ltd',
    });
    await expect(validate(cert.config)).resolves.toBeUndefined();
    // CSC_LINK also signs macOS: a Mac-only build does not need Windows' name.
    const mac = buildPlatforms(['--mac', '--arm64'], 'linux');
    expect(mac).toEqual(['mac']);
    expect(releaseConfig(config, { CSC_LINK: 'cert.p12' }, { platforms: mac }).problems).toEqual([]);
    expect(
      releaseConfig(config, { CSC_LINK: 'cert.p12' }, { platforms: buildPlatforms([], 'win32') }).problems,
    ).toEqual([expect.stringMatching(needsName)]);
    // A name with nothing signing: every unsigned update would be refused.
    expect(releaseConfig(config, { WIN_PUBLISHER_NAME: 'Example Studio Ltd' }).problems).toEqual([
      expect.stringMatching(/^WIN_PUBLISHER_NAME is set but nothing signs Windows builds/),
    ]);
  });

  it('says whether macOS builds are notarised', async () => {
    const apple = { APPLE_ID: 'a@example.invalid', APPLE_APP_SPECIFIC_PASSWORD: 'x', APPLE_TEAM_ID: 'T' };
    expect(releaseConfig(await loadConfig(), apple).notes).toContain('macOS: notarised with an Apple ID');
    expect(releaseConfig(await loadConfig(), {}).notes.at(-1)).toMatch(/^macOS: not notarised/);
  });
});

describe('build/sign-windows.cjs (the cloud signing hook)', () => {
  const sign = require('../build/sign-windows.cjs') as (c: { path: string; hash?: string }) => Promise<void>;

  it('runs WIN_SIGN_COMMAND once per file, the file passed in the environment, never in the command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-sign-'));
    const before = process.env['WIN_SIGN_COMMAND'];
    try {
      const out = join(dir, 'signed.txt');
      process.env['WIN_SIGN_COMMAND'] = `printf '%s|%s' "$GAMEOPS_SIGN_FILE" "$GAMEOPS_SIGN_HASH" > '${out}'`;
      const file = join(dir, 'GameOps Console $(touch pwned).exe');
      await sign({ path: file, hash: 'sha256' });
      expect(readFileSync(out, 'utf8')).toBe(`${file}|sha256`);
      expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout).not.toContain('pwned');

      process.env['WIN_SIGN_COMMAND'] = 'exit 3';
      await expect(sign({ path: file })).rejects.toThrow(/WIN_SIGN_COMMAND failed \(exit 3\)/);
      delete process.env['WIN_SIGN_COMMAND'];
      await expect(sign({ path: file })).rejects.toThrow(/WIN_SIGN_COMMAND is not set/);
    } finally {
      if (before === undefined) delete process.env['WIN_SIGN_COMMAND'];
      else process.env['WIN_SIGN_COMMAND'] = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the fuse check (scripts/fuses.ts, run by npm run pack:check on the packed binary)', () => {
  // electron-builder.yml's decisions, in the wire's order (@electron/fuses' FuseV1Options).
  const asDecided = [0, 1, 0, 0, 1, 1, 0, 0];

  async function standIn(fuses: number[]): Promise<{ exe: string; done: () => void }> {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-fuses-'));
    await makeStandInElectron(dir, '45.0.0', fuses);
    return { exe: join(dir, 'electron'), done: () => rmSync(dir, { recursive: true, force: true }) };
  }

  it('passes a binary whose every fuse is as decided, and names one that is not', async () => {
    const config = await loadConfig();
    const good = await standIn(asDecided);
    const flipped = await standIn([1, ...asDecided.slice(1)]);
    try {
      expect(await checkFuses(good.exe, config)).toEqual([]);
      expect(await checkFuses(flipped.exe, config)).toEqual([
        'fuse runAsNode is on in the packed app, but electron-builder.yml says off',
      ]);
    } finally {
      good.done();
      flipped.done();
    }
  });

  it('fails on a fuse the binary carries that this @electron/fuses does not know (a newer Electron)', async () => {
    const newer = await standIn([...asDecided, 1]);
    try {
      const problems = await checkFuses(newer.exe, await loadConfig());
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^the packed Electron carries fuse 8 \(state on\), which @electron\/fuses [\d.]+ does not know, so electron-builder\.yml cannot decide it/,
      );
    } finally {
      newer.done();
    }
  });
});

describe('the app.asar check (scripts/asar-check.ts, run by npm run pack:check)', () => {
  const entry = (path: string, size = 100, unpacked = false): AsarEntry => ({ path, size, unpacked });
  const good = [
    ...DEFAULT_POLICY_FILES.required.map((p) => entry(p)),
    entry('node_modules/keytar/build/Release/keytar.node', 100, true),
    entry('node_modules/@electric-sql/pglite/dist/postgres.wasm', 100, true),
    entry('node_modules/@electric-sql/pglite/dist/postgres.data', 100, true),
    entry('node_modules/zod/index.js'),
    // electron-builder nests some packages where npm hoisted them: still a production package.
    entry('node_modules/ajv/node_modules/fast-uri/index.js'),
  ];
  const policy = {
    ...DEFAULT_POLICY_FILES,
    productionPackages: new Set([
      'node_modules/keytar',
      'node_modules/@electric-sql/pglite',
      'node_modules/zod',
      'node_modules/ajv',
      'node_modules/fast-uri',
    ]),
    budgetBytes: 1000,
  };

  it('passes an archive with only what the app needs', () => {
    const report = checkAsar(good, policy);
    expect(report.problems).toEqual([]);
    expect(report.packedBytes).toBe(700);
    expect(report.unpackedBytes).toBe(300);
    expect(packageName('node_modules/a/node_modules/@s/b')).toBe('@s/b');
  });

  it('names every file that must not ship, a missing backend worker, and an archive over budget', () => {
    const report = checkAsar(
      [
        ...good.filter((e) => e.path !== 'dist-electron/backend.js'),
        entry('dist-electron/main.js.map'),
        entry('dist/.env'),
        entry('node_modules/zod/src/v4/tests/string.test.ts'),
        entry('server/handlers.ts'),
        entry('node_modules/vitest/index.js', 1000),
      ],
      policy,
    );
    expect(report.problems).toEqual(
      expect.arrayContaining([
        'missing dist-electron/backend.js',
        'dist-electron/main.js.map: a source map (the build does not ship them)',
        'dist/.env: an .env file (secrets never ship)',
        'node_modules/zod/src/v4/tests/string.test.ts: a test',
        'server/handlers.ts: source or development folder server/ is packed',
        'node_modules/vitest: not a production dependency (a dev dependency or a stray folder is packed)',
        expect.stringMatching(/^app\.asar holds .* over its budget/),
      ]),
    );
  });
});
