import { describe, expect, it } from 'vitest';
import type { AboutInfo } from '../../shared/ipc.js';
import en from './en.json';
import themeEn from '../theme/en.json';
import { aboutClipboardText, aboutFacts } from './aboutText.js';

/** The English texts, looked up like i18next would (about.* and theme.* keys). */
const catalogue: Record<string, unknown> = { about: en, theme: themeEn };
const say = (key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], catalogue);
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
};

const about: AboutInfo = {
  name: 'GameOps Console',
  version: '1.4.0',
  shell: 'electron',
  platform: 'win32',
  arch: 'arm64',
  versions: { electron: '45.4.1', chrome: '142.0.7444.59', node: '22.20.0' },
  dataFolder: 'C:\\Users\\op\\AppData\\Roaming\\GameOps Console\\backend',
  logsFolder: 'C:\\Users\\op\\AppData\\Roaming\\GameOps Console\\logs',
  updates: { feed: 'https://updates.example/gameops/', channel: 'beta', enabled: true, disabledReason: null },
};

describe('the About box’s text for a support request', () => {
  it('lists every fact, in the operator’s words, nothing secret', () => {
    const facts = aboutFacts(
      {
        about,
        tokenStorage: 'safeStorage',
        tokenStorageReason: 'the keychain is locked',
        backend: { mode: 'embedded', url: 'http://127.0.0.1:40111' },
        update: null,
      },
      say,
    );
    const text = aboutClipboardText(about.name, facts, (k) => say(k));
    expect(text).toBe(
      [
        'GameOps Console',
        'Version: 1.4.0',
        'Electron: 45.4.1',
        'Chromium: 142.0.7444.59',
        'Node.js: 22.20.0',
        'System: win32 arm64',
        'Sign-in tokens kept in: a file encrypted by the system: the keychain is locked',
        'Backend: embedded reference backend at http://127.0.0.1:40111',
        "Embedded backend's data folder: C:\\Users\\op\\AppData\\Roaming\\GameOps Console\\backend",
        'Logs folder: C:\\Users\\op\\AppData\\Roaming\\GameOps Console\\logs',
        'Update feed: https://updates.example/gameops/',
        'Update channel: Beta (early releases)',
      ].join('\n'),
    );
  });

  it('says why updates are off, and what is missing in a browser', () => {
    const facts = aboutFacts(
      {
        about: {
          ...about,
          shell: 'browser',
          versions: { electron: null, chrome: null, node: '24.1.0' },
          dataFolder: null,
          logsFolder: null,
          updates: {
            feed: null,
            channel: 'stable',
            enabled: false,
            disabledReason: 'The browser host does not update itself.',
          },
        },
        tokenStorage: null,
        tokenStorageReason: null,
        backend: null,
        update: null,
      },
      say,
    );
    const byKey = Object.fromEntries(facts.map((f) => [f.key, f.value]));
    expect(byKey['about.electron']).toBe('none');
    expect(byKey['about.feed']).toBe('The browser host does not update itself.');
    expect(byKey['about.logsFolder']).toBe('none');
    expect(byKey['about.channel']).toBe('Stable');
  });
});
