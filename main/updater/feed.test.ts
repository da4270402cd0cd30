import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { UpdateState } from '../../shared/ipc.js';
import { createEventHub } from '../events.js';
import { createSettingsService } from '../services/settings.js';
import { UPDATE_TIMING, createUpdaterService, type UpdaterService } from '../services/updater.js';
import { createMemoryKv } from '../storage/kv.js';
import { createElectronUpdaterEngine, type UpdateEngine } from './engine.js';
import { NodeHttpExecutor } from './node-http.js';
import { signUpdateFile } from './signature.js';
import { manualTimers } from './testing.js';

/**
 * The updater against a real feed: a local HTTP server serves the channel file, the update and
 * its signature, electron-updater (its Linux AppImage updater, as the packaged app on Linux runs
 * it) checks, downloads and verifies the sha512 and the publisher's signature in plain Node; only
 * the final quit-and-install, which only the real app can do, is a stub.
 */

const NEW_VERSION = '1.1.0';
const fileOf = (version: string) => `GameOps-Console-${version}-linux-x64.AppImage`;
const FILE = fileOf(NEW_VERSION);
const update = Buffer.from(`#!/bin/sh\necho "GameOps Console ${NEW_VERSION}"\n${'payload '.repeat(4096)}`);
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

/** The publisher's key (built into the app) and a key of someone else who can write to the feed. */
const publisher = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');

interface Feed {
  version: string;
  sha512: string;
  notes?: string;
  stagingPercentage?: number;
}

let server: Server;
let baseUrl: string;
let feeds: Record<string, Feed | null>;
let requested: string[];

let dir: string;
/** The `.sig` the feed serves beside each file; a file not in here has none (404). */
let signatures: Record<string, string>;

/** What `npm run dist` writes beside the update file (scripts/update-signing.ts). */
async function signature(
  version: string,
  key: KeyObject = publisher.privateKey,
  asVersion = version,
): Promise<string> {
  const path = join(dir, 'to-sign');
  await writeFile(path, update);
  return signUpdateFile(path, fileOf(version), asVersion, key);
}

function channelFile(feed: Feed): string {
  const file = fileOf(feed.version);
  return [
    `version: ${feed.version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${feed.sha512}`,
    `    size: ${update.length}`,
    `path: ${file}`,
    `sha512: ${feed.sha512}`,
    "releaseDate: '2025-06-01T08:00:00.000Z'",
    ...(feed.stagingPercentage === undefined ? [] : [`stagingPercentage: ${feed.stagingPercentage}`]),
    ...(feed.notes ? ['releaseNotes: |', ...feed.notes.split('\n').map((l) => `  ${l}`)] : []),
    '',
  ].join('\n');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const channel = /^\/(\w+)-linux\.yml$/.exec(path)?.[1];
    if (channel !== undefined) {
      const feed = feeds[channel];
      if (!feed) return void res.writeHead(404).end('no such channel');
      res.writeHead(200, { 'Content-Type': 'text/yaml' }).end(channelFile(feed));
      return;
    }
    const file = /^\/(GameOps-Console-[\w.-]+-linux-x64\.AppImage)(\.sig)?$/.exec(path);
    if (file?.[2]) {
      const text = signatures[file[1]!];
      if (text === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(text);
      return;
    }
    if (file) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': update.length });
      res.end(update);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let updater: AppImageUpdater;
let engine: UpdateEngine;
/** What electron-updater asked the app to run when it quits (it installs a downloaded update). */
let quitHandlers: ((exitCode: number) => void)[];
let installs: ReturnType<typeof vi.fn>;
let service: UpdaterService;
let timers: ReturnType<typeof manualTimers>;
let seen: UpdateState[];
let settings: ReturnType<typeof createSettingsService>;
const savedAppImage = process.env['APPIMAGE'];

beforeEach(async () => {
  feeds = { latest: null, beta: null };
  requested = [];
  dir = await mkdtemp(join(tmpdir(), 'gameops-updater-'));
  signatures = { [FILE]: await signature(NEW_VERSION) };
  quitHandlers = [];
  await mkdir(join(dir, 'userData'));
  await mkdir(join(dir, 'cache'));
  // What electron-builder writes into resources/ when GAMEOPS_UPDATE_URL is set.
  await writeFile(
    join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${baseUrl}\nupdaterCacheDirName: gameops-console-updater\n`,
  );
  // The AppImage this copy "runs from" (the updater replaces it on install).
  process.env['APPIMAGE'] = join(dir, 'GameOps-Console-1.0.0-linux-x64.AppImage');
  await writeFile(process.env['APPIMAGE'], 'old version');

  const adapter: AppAdapter = {
    version: '1.0.0',
    name: 'GameOps Console',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: vi.fn(),
    quit: vi.fn(),
    onQuit: (handler) => void quitHandlers.push(handler),
  };
  updater = new AppImageUpdater(undefined, adapter);
  // Electron's net does the HTTP in the app; the same executor over Node's http here.
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  // Only the real app can quit and swap its own files.
  vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
  // The platform's install step that a quit runs (swapping the AppImage), recorded, not done.
  installs = vi.fn(() => true);
  (updater as unknown as { doInstall: typeof installs }).doInstall = installs;

  settings = createSettingsService({ kv: createMemoryKv(), defaultLanguage: 'en' });
  const events = createEventHub();
  seen = [];
  events.on('updates:state', (s) => seen.push(s));
  timers = manualTimers(Date.UTC(2025, 5, 2, 9, 0, 0));
  service = createUpdaterService({
    engine: (engine = createElectronUpdaterEngine(updater, [publisher.publicKey])),
    disabled: null,
    feed: baseUrl,
    currentVersion: '1.0.0',
    settings,
    events,
    timers,
  });
  await service.start?.();
  // The service logs each failure (to the log file in the app); here the assertions say it.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await service.close?.();
  if (savedAppImage === undefined) delete process.env['APPIMAGE'];
  else process.env['APPIMAGE'] = savedAppImage;
  await rm(dir, { recursive: true, force: true });
});

const cacheFiles = async () => {
  const root = join(dir, 'cache', 'gameops-console-updater');
  const found: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else found.push(join(d, e.name).slice(root.length + 1));
    }
  };
  await walk(root);
  return found.sort();
};

describe('the updater against a real feed', () => {
  it('checks shortly after start, downloads a newer version with progress, verifies it, and shows its notes', async () => {
    feeds['latest'] = {
      version: NEW_VERSION,
      sha512: sha512(update),
      notes: 'Faster player search.\nDark mode.',
    };
    expect(service.state()).toMatchObject({
      phase: 'idle',
      nextCheckAt: timers.now() + UPDATE_TIMING.firstCheckMs,
    });

    await timers.advance(UPDATE_TIMING.firstCheckMs);
    await service.settled();

    expect(requested).toEqual(['/latest-linux.yml', `/${FILE}`, `/${FILE}.sig`]);
    expect(service.state()).toMatchObject({
      phase: 'downloaded',
      version: NEW_VERSION,
      releaseNotes: 'Faster player search.\nDark mode.',
      releaseDate: '2025-06-01T08:00:00.000Z',
      error: null,
      nextCheckAt: timers.now() + UPDATE_TIMING.checkEveryMs,
    });
    expect(seen.map((s) => s.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'downloaded']),
    );
    expect(seen.some((s) => s.progress?.percent === 100 && s.progress.total === update.length)).toBe(true);
    // The verified file waits in the updater's cache, byte for byte what the feed vouched for.
    const files = await cacheFiles();
    expect(files).toContain(`pending/${FILE}`);
    expect(await readFile(join(dir, 'cache', 'gameops-console-updater', 'pending', FILE))).toEqual(update);
  });

  it('never restarts while a dialog is open, and restarts into the update once it is closed', async () => {
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    await service.checkNow();
    expect(service.state().phase).toBe('downloaded');

    await service.handlers['ui:dialogs']!({ open: 1 });
    const refused = await service.handlers['updates:install']!(null);
    expect(refused).toMatchObject({ ok: false, error: { code: Codes.CONFLICT } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/dialog is open/);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();

    await service.handlers['ui:dialogs']!({ open: 0 });
    expect(await service.handlers['updates:install']!(null)).toEqual({ ok: true, data: null });
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('reports a download whose sha512 does not match the feed, installs nothing, and retries later', async () => {
    const tampered = Buffer.from(update);
    tampered[40] = tampered[40]! ^ 0xff;
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(tampered) };

    const state = await service.checkNow();
    expect(state).toMatchObject({
      phase: 'error',
      version: NEW_VERSION,
      error: { tampered: true, retryAt: timers.now() + UPDATE_TIMING.retryMs[0]! },
    });
    expect(state.error?.message).toMatch(/did not match the checksum/);
    expect(state.nextCheckAt).toBe(timers.now() + UPDATE_TIMING.retryMs[0]!);
    // Nothing of the rejected file is kept, and nothing can be installed.
    expect((await cacheFiles()).filter((f) => f.includes(FILE))).toEqual([]);
    expect(await service.handlers['updates:install']!(null)).toMatchObject({
      ok: false,
      error: { code: Codes.CONFLICT, message: 'No update is ready to install yet.' },
    });
    expect(updater.quitAndInstall).not.toHaveBeenCalled();

    // The publisher fixes the feed; the retry (not a restart of the app) picks the good file up.
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    await timers.advance(UPDATE_TIMING.retryMs[0]!);
    await service.settled();
    expect(service.state()).toMatchObject({ phase: 'downloaded', version: NEW_VERSION, error: null });
  });

  it('backs off while the feed keeps failing, and says it will try again', async () => {
    const first = await service.checkNow();
    expect(first).toMatchObject({ phase: 'error', error: { tampered: false } });
    expect(first.error?.message).toMatch(/^Checking for updates failed: .*It will be tried again later\.$/s);
    const retries: number[] = [];
    for (const wait of UPDATE_TIMING.retryMs) {
      retries.push(service.state().nextCheckAt! - timers.now());
      await timers.advance(wait);
      await service.settled();
    }
    expect(retries).toEqual([...UPDATE_TIMING.retryMs]);
    expect(service.state().nextCheckAt! - timers.now()).toBe(UPDATE_TIMING.retryMs.at(-1));
  });

  it('stays idle when the feed has this version, or when a staged rollout has not reached this install', async () => {
    feeds['latest'] = { version: '1.0.0', sha512: sha512(update) };
    expect(await service.checkNow()).toMatchObject({ phase: 'idle', version: null, error: null });
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update), stagingPercentage: 0 };
    expect(await service.checkNow()).toMatchObject({ phase: 'idle', version: null });
    expect(requested.filter((p) => p === `/${FILE}`)).toEqual([]);
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update), stagingPercentage: 100 };
    expect(await service.checkNow()).toMatchObject({ phase: 'downloaded', version: NEW_VERSION });
  });
});

describe('the updater against a real feed, across channels and signatures', () => {
  it('follows the channel setting: beta reads beta-linux.yml, and a switch forgets the other channel’s download', async () => {
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    await service.checkNow();
    expect(service.state().phase).toBe('downloaded');

    feeds['beta'] = { version: '1.0.0', sha512: sha512(update) };
    requested = [];
    const res = await settings.handlers['settings:set']!({ updateChannel: 'beta' });
    expect(res.ok).toBe(true);
    expect(service.state()).toMatchObject({ channel: 'beta', phase: 'idle', version: null });
    // Not installed when the app quits either: it belongs to the stable channel.
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await timers.advance(0);
    await service.settled();
    expect(requested).toEqual(['/beta-linux.yml']);
    expect(service.state()).toMatchObject({ channel: 'beta', phase: 'idle' });
  });

  it('installs on quit what the new channel downloaded after a switch, and never the old channel’s', async () => {
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    await service.checkNow();
    expect(service.state().phase).toBe('downloaded');

    // Switched to beta, which has nothing newer yet: quitting now installs nothing.
    feeds['beta'] = { version: '1.0.0', sha512: sha512(update) };
    await settings.handlers['settings:set']!({ updateChannel: 'beta' });
    await timers.advance(0);
    await service.settled();
    for (const onQuit of quitHandlers) onQuit(0);
    expect(installs).not.toHaveBeenCalled();

    // Beta publishes 1.2.0: once it is downloaded, quitting installs it.
    feeds['beta'] = { version: '1.2.0', sha512: sha512(update) };
    signatures[fileOf('1.2.0')] = await signature('1.2.0');
    expect(await service.checkNow()).toMatchObject({
      channel: 'beta',
      phase: 'downloaded',
      version: '1.2.0',
    });
    for (const onQuit of quitHandlers) onQuit(0);
    expect(installs).toHaveBeenCalledTimes(1);
    expect((await cacheFiles()).filter((f) => f.endsWith('.AppImage'))).toEqual([
      `pending/${fileOf('1.2.0')}`,
    ]);
  });

  it('installs an update the publisher signed: its signature is fetched from beside it and checked first', async () => {
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    expect(await service.checkNow()).toMatchObject({
      phase: 'downloaded',
      version: NEW_VERSION,
      error: null,
    });
    expect(requested).toContain(`/${FILE}.sig`);
    expect(await service.handlers['updates:install']!(null)).toEqual({ ok: true, data: null });
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'signed by another key',
      (): Promise<string> => signature(NEW_VERSION, stranger.privateKey),
      /not signed by the console's publisher/,
    ],
    [
      'an older release’s genuine signature, renamed',
      (): Promise<string> => signature(NEW_VERSION, undefined, '1.0.1'),
      /not signed by the console's publisher/,
    ],
    [
      'not a signature at all',
      async (): Promise<string> => 'hello\n',
      /not signed by the console's publisher/,
    ],
    ['missing', null, /has no signature from the console's publisher/],
  ] as const)(
    'refuses a download whose signature is %s, deletes it, says so, and installs nothing',
    async (_, sig, said) => {
      if (sig) signatures[FILE] = await sig();
      else delete signatures[FILE];
      feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };

      const state = await service.checkNow();
      expect(state).toMatchObject({
        phase: 'error',
        version: NEW_VERSION,
        error: { tampered: true, retryAt: timers.now() + UPDATE_TIMING.retryMs[0]! },
      });
      expect(state.error?.message).toMatch(said);
      expect(state.error?.message).toMatch(
        /^Version 1\.1\.0 was not installed: .* It will be tried again later/,
      );
      // Nothing of the refused file is kept, nothing can be installed, and quitting installs nothing.
      expect((await cacheFiles()).filter((f) => f.includes(FILE))).toEqual([]);
      expect(await service.handlers['updates:install']!(null)).toMatchObject({
        ok: false,
        error: { code: Codes.CONFLICT },
      });
      for (const onQuit of quitHandlers) onQuit(0);
      expect(updater.quitAndInstall).not.toHaveBeenCalled();
      expect(installs).not.toHaveBeenCalled();

      // Said in Chinese too, for an operator who reads the console in Chinese.
      await settings.handlers['settings:set']!({ language: 'zh-CN' });
      feeds['beta'] = null;
      await timers.advance(UPDATE_TIMING.retryMs[0]!);
      await service.settled();
      expect(service.state().error?.message).toMatch(/^未安装版本 1\.1\.0：/);

      // The publisher signs it; the retry installs it.
      signatures[FILE] = await signature(NEW_VERSION);
      await timers.advance(UPDATE_TIMING.retryMs[1]!);
      await service.settled();
      expect(service.state()).toMatchObject({ phase: 'downloaded', version: NEW_VERSION, error: null });
    },
  );

  it('checks a file found already downloaded in the cache again, and forgets it when its signature is gone', async () => {
    feeds['latest'] = { version: NEW_VERSION, sha512: sha512(update) };
    await engine.check();
    await engine.download(() => undefined);
    requested = [];
    await engine.download(() => undefined);
    // Not downloaded again (the cache has it), but its signature was asked for again.
    expect(requested).toEqual([`/${FILE}.sig`]);

    delete signatures[FILE];
    await expect(engine.download(() => undefined)).rejects.toMatchObject({
      code: 'ERR_GAMEOPS_UPDATE_SIGNATURE_MISSING',
    });
    expect((await cacheFiles()).filter((f) => f.includes(FILE))).toEqual([]);
    for (const onQuit of quitHandlers) onQuit(0);
    expect(installs).not.toHaveBeenCalled();
  });
});
