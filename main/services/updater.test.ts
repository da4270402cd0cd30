import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { EventChannels } from '../../shared/ipc.js';
import { createEventHub } from '../events.js';
import { createMemoryKv } from '../storage/kv.js';
import type { DownloadProgress, FoundUpdate, UpdateEngine } from '../updater/engine.js';
import { manualTimers } from '../updater/testing.js';
import { createSettingsService } from './settings.js';
import { UPDATE_TIMING, createUpdaterService } from './updater.js';

/** The service's decisions with a scripted engine (feed.test.ts runs it on electron-updater). */

function scriptedEngine() {
  const checks: (() => Promise<FoundUpdate | null>)[] = [];
  const downloads: ((p: (x: DownloadProgress) => void) => Promise<void>)[] = [];
  const engine: UpdateEngine & { channels: string[] } = {
    channels: [],
    setChannel: (c) => void engine.channels.push(c),
    check: () => (checks.shift() ?? (async () => null))(),
    download: (p) => (downloads.shift() ?? (async () => undefined))(p),
    forgetDownloaded: vi.fn(),
    quitAndInstall: vi.fn(),
  };
  return { engine, checks, downloads };
}

const found = (version: string): FoundUpdate => ({
  version,
  releaseName: `GameOps Console ${version}`,
  releaseNotes: 'notes',
  releaseDate: '2025-06-01',
});

function setup(engine: UpdateEngine | null, language: 'en' | 'zh-CN' = 'en') {
  const events = createEventHub();
  const emitted: { event: keyof EventChannels; payload: unknown }[] = [];
  events.onAny((event, payload) => emitted.push({ event, payload }));
  const settings = createSettingsService({
    kv: createMemoryKv(),
    defaultLanguage: language,
  });
  const timers = manualTimers(1_000_000);
  const service = createUpdaterService({
    engine,
    disabled: engine ? null : { en: 'This build has no update feed.', 'zh-CN': '此版本没有更新源。' },
    feed: engine ? 'https://updates.example/gameops/' : null,
    currentVersion: '1.0.0',
    settings,
    events,
    timers,
  });
  return { service, settings, timers, emitted };
}

describe('the updater service', () => {
  it('without an engine is disabled, says why in the operator’s language, and never schedules anything', async () => {
    const { service, timers } = setup(null, 'zh-CN');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await service.start?.();
    expect(service.state()).toMatchObject({
      phase: 'disabled',
      disabledReason: '此版本没有更新源。',
      feed: null,
    });
    expect(timers.pending()).toBe(0);
    expect(await service.checkNow()).toMatchObject({ phase: 'disabled' });
    expect(service.install()).toMatchObject({ ok: false, error: { code: Codes.UNAVAILABLE } });
    vi.restoreAllMocks();
  });

  it('keeps a downloaded update ready when a later check fails, and checks every few hours', async () => {
    const { engine, checks } = scriptedEngine();
    const { service, timers } = setup(engine);
    await service.start?.();
    checks.push(async () => found('1.1.0'));
    await timers.advance(UPDATE_TIMING.firstCheckMs);
    await service.settled();
    expect(service.state()).toMatchObject({ phase: 'downloaded', version: '1.1.0' });
    expect(service.state().nextCheckAt).toBe(timers.now() + UPDATE_TIMING.checkEveryMs);

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    checks.push(async () => {
      throw new Error('getaddrinfo ENOTFOUND updates.example');
    });
    await timers.advance(UPDATE_TIMING.checkEveryMs);
    await service.settled();
    expect(service.state()).toMatchObject({
      phase: 'downloaded',
      version: '1.1.0',
      error: { tampered: false, retryAt: timers.now() + UPDATE_TIMING.retryMs[0]! },
    });
    expect(service.install()).toEqual({ ok: true, data: null });
    expect(engine.quitAndInstall).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('does not download the same version twice, and moves to a newer one when the feed has it', async () => {
    const { engine, checks, downloads } = scriptedEngine();
    const { service } = setup(engine);
    let downloaded = 0;
    const count = async () => void (downloaded += 1);
    checks.push(
      async () => found('1.1.0'),
      async () => found('1.1.0'),
      async () => found('1.2.0'),
    );
    downloads.push(count, count);
    await service.checkNow();
    await service.checkNow();
    expect(downloaded).toBe(1);
    expect(service.state()).toMatchObject({ phase: 'downloaded', version: '1.1.0' });
    await service.checkNow();
    expect(downloaded).toBe(2);
    expect(service.state()).toMatchObject({ phase: 'downloaded', version: '1.2.0' });
  });

  it('reports progress while downloading, and runs one check at a time', async () => {
    const { engine, checks, downloads } = scriptedEngine();
    const { service, emitted } = setup(engine);
    let finish!: () => void;
    checks.push(async () => found('1.1.0'));
    downloads.push(async (progress) => {
      progress({ percent: 40, transferred: 40, total: 100, bytesPerSecond: 10 });
      await new Promise<void>((r) => (finish = r));
    });
    const first = service.checkNow();
    await vi.waitFor(() => expect(service.state().phase).toBe('downloading'));
    expect(service.state().progress).toEqual({
      percent: 40,
      transferred: 40,
      total: 100,
      bytesPerSecond: 10,
    });
    const second = service.checkNow();
    finish();
    await Promise.all([first, second]);
    expect(service.state()).toMatchObject({ phase: 'downloaded', progress: null });
    const phases = emitted
      .filter((e) => e.event === 'updates:state')
      .map((e) => (e.payload as { phase: string }).phase);
    expect(phases.filter((p) => p === 'checking')).toHaveLength(1);
  });

  it('drops what a check for the old channel found when the channel changes mid-check', async () => {
    const { engine, checks } = scriptedEngine();
    const { service, settings } = setup(engine);
    let answer!: (f: FoundUpdate | null) => void;
    checks.push(() => new Promise((r) => (answer = r)));
    const stale = service.checkNow();
    await vi.waitFor(() => expect(service.state().phase).toBe('checking'));
    await settings.handlers['settings:set']!({ updateChannel: 'beta' });
    answer(found('1.1.0'));
    await stale;
    expect(service.state()).toMatchObject({ channel: 'beta', version: null });
    expect(engine.forgetDownloaded).toHaveBeenCalled();
    await service.checkNow();
    expect(engine.channels.at(-1)).toBe('beta');
  });

  it('asks the window to show the update (the menu item), and stops its timers when closed', async () => {
    const { engine } = scriptedEngine();
    const { service, emitted, timers } = setup(engine);
    await service.start?.();
    service.showDialog();
    expect(emitted.at(-1)).toEqual({ event: 'updates:show', payload: null });
    expect(timers.pending()).toBe(1);
    await service.close?.();
    expect(timers.pending()).toBe(0);
  });

  it('refuses to restart with nothing downloaded, or while the window reports a dialog', async () => {
    const { engine, checks } = scriptedEngine();
    const { service } = setup(engine);
    expect(service.install()).toMatchObject({ ok: false, error: { code: Codes.CONFLICT } });
    checks.push(async () => found('1.1.0'));
    await service.checkNow();
    await service.handlers['ui:dialogs']!({ open: 2 });
    expect(service.openDialogs()).toBe(2);
    expect(service.install()).toMatchObject({ ok: false, error: { code: Codes.CONFLICT } });
    await service.handlers['ui:dialogs']!({ open: 0 });
    expect(service.install().ok).toBe(true);
    expect(engine.quitAndInstall).toHaveBeenCalledTimes(1);
  });
});
