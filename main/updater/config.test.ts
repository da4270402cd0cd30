import { describe, expect, it } from 'vitest';
import { isAcceptableFeedUrl, parseUpdateConfig, updaterAvailability } from './config.js';
import { isTamperedError } from './engine.js';
import { MAX_NOTES_CHARS, releaseNotesText } from './notes.js';

const yml = (url: string, provider = 'generic') =>
  `provider: ${provider}\nurl: ${url}\nupdaterCacheDirName: gameops-console-updater\n`;

describe('the update feed of a build', () => {
  it('reads electron-builder’s app-update.yml, quoted or not', () => {
    expect(parseUpdateConfig(yml('https://updates.example.com/gameops/'))).toEqual({
      provider: 'generic',
      url: 'https://updates.example.com/gameops/',
    });
    expect(parseUpdateConfig('provider: \'generic\'\r\nurl: "https://u.example/x"\r\n')?.url).toBe(
      'https://u.example/x',
    );
  });

  it('takes only a generic https feed (or http to this computer)', () => {
    expect(parseUpdateConfig(yml('http://updates.example.com/'))).toBeNull();
    expect(parseUpdateConfig(yml('https://user:pw@updates.example.com/'))).toBeNull();
    expect(parseUpdateConfig(yml('https://github.com/x', 'github'))).toBeNull();
    expect(parseUpdateConfig('')).toBeNull();
    expect(parseUpdateConfig(null)).toBeNull();
    expect(isAcceptableFeedUrl('http://127.0.0.1:8080/')).toBe(true);
    expect(isAcceptableFeedUrl('ftp://updates.example.com/')).toBe(false);
  });

  it('says why a copy does not update itself', () => {
    const base = {
      shell: 'electron',
      isPackaged: true,
      platform: 'win32',
      updateConfig: yml('https://u.example/'),
    } as const;
    expect(updaterAvailability(base)).toEqual({ feed: 'https://u.example/', disabled: null });
    expect(updaterAvailability({ ...base, shell: 'browser' }).disabled?.en).toMatch(/browser host/);
    expect(updaterAvailability({ ...base, isPackaged: false }).disabled?.en).toMatch(/development build/);
    expect(updaterAvailability({ ...base, updateConfig: null }).disabled?.en).toMatch(/GAMEOPS_UPDATE_URL/);
    expect(updaterAvailability({ ...base, updateConfig: null }).disabled?.['zh-CN']).toMatch(
      /GAMEOPS_UPDATE_URL/,
    );
    expect(updaterAvailability({ ...base, updateConfig: yml('http://u.example/') }).disabled?.en).toMatch(
      /not a generic https/,
    );
    // Linux: only the AppImage and the .deb can replace themselves; an unpacked folder cannot.
    const linux = { ...base, platform: 'linux' };
    expect(updaterAvailability(linux).disabled?.en).toMatch(/AppImage or the \.deb/);
    expect(updaterAvailability({ ...linux, appImage: '/opt/GameOps.AppImage' }).disabled).toBeNull();
    expect(updaterAvailability({ ...linux, packageType: 'deb' }).disabled).toBeNull();
  });
});

describe('release notes', () => {
  it('are plain text: HTML made text, a changelog joined by version, long notes cut', () => {
    expect(
      releaseNotesText(
        '<p>Faster <b>search</b></p><ul><li>Dark mode</li><li>A &amp; B</li></ul><script>x()</script>',
      ),
    ).toBe('Faster search\n\n• Dark mode\n• A & B');
    expect(
      releaseNotesText([
        { version: '1.2.0', note: 'Two' },
        { version: '1.1.0', note: null },
      ]),
    ).toBe('1.2.0\nTwo\n\n1.1.0');
    expect(releaseNotesText('## Fixes\n- one')).toBe('## Fixes\n- one');
    expect(releaseNotesText(null)).toBeNull();
    expect(releaseNotesText('   ')).toBeNull();
    expect(releaseNotesText('x'.repeat(MAX_NOTES_CHARS + 10))?.length).toBe(MAX_NOTES_CHARS + 1);
  });

  it('tells a tampered download from other failures', () => {
    expect(
      isTamperedError(
        Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' }),
      ),
    ).toBe(true);
    expect(
      isTamperedError(Object.assign(new Error('not signed'), { code: 'ERR_UPDATER_INVALID_SIGNATURE' })),
    ).toBe(true);
    expect(isTamperedError(new Error('connect ECONNREFUSED'))).toBe(false);
  });
});
