import { describe, expect, it, vi } from 'vitest';
import { Codes } from '../shared/codes.js';
import { createAboutService } from './about.js';
import { createSettingsService } from './services/settings.js';
import { createMemoryKv } from './storage/kv.js';
import type { UpdateState } from '../shared/ipc.js';

const updates: UpdateState = {
  phase: 'idle',
  disabledReason: null,
  channel: 'beta',
  feed: 'https://updates.example/gameops/',
  currentVersion: '1.0.0',
  version: null,
  releaseName: null,
  releaseNotes: null,
  releaseDate: null,
  progress: null,
  lastCheckAt: null,
  nextCheckAt: null,
  error: null,
};

function about(
  openFolder?: (p: string) => Promise<string>,
  logsFolder: string | null = '/home/op/.config/GameOps Console/logs',
) {
  return createAboutService({
    app: { name: 'GameOps Console', version: '1.0.0', shell: 'electron', platform: 'linux' },
    arch: 'x64',
    versions: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
    dataFolder: '/home/op/.config/GameOps Console/backend',
    logsFolder,
    settings: createSettingsService({ kv: createMemoryKv(), defaultLanguage: 'en' }),
    updates: () => updates,
    ...(openFolder ? { openFolder } : {}),
  });
}

describe('the About box’s facts', () => {
  it('name the versions, folders and update feed', async () => {
    expect(await about().handlers['app:about']!(null)).toEqual({
      name: 'GameOps Console',
      version: '1.0.0',
      shell: 'electron',
      platform: 'linux',
      arch: 'x64',
      versions: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
      dataFolder: '/home/op/.config/GameOps Console/backend',
      logsFolder: '/home/op/.config/GameOps Console/logs',
      updates: {
        feed: 'https://updates.example/gameops/',
        channel: 'beta',
        enabled: true,
        disabledReason: null,
      },
    });
  });

  it('open the logs folder through the OS, and say what went wrong when it cannot', async () => {
    const open = vi.fn(async () => '');
    expect(await about(open).handlers['app:openLogs']!(null)).toEqual({ ok: true, data: null });
    expect(open).toHaveBeenCalledWith('/home/op/.config/GameOps Console/logs');
    const failing = await about(async () => 'no file manager').handlers['app:openLogs']!(null);
    expect(failing).toMatchObject({ ok: false, error: { code: Codes.UNAVAILABLE } });
    expect(failing.ok ? '' : failing.error.message).toContain('no file manager');
    expect(await about(undefined, null).handlers['app:openLogs']!(null)).toMatchObject({
      ok: false,
      error: { code: Codes.UNAVAILABLE },
    });
  });
});
