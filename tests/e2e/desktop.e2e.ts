import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright';
import { playerIdOf } from '../../server/seed/players.js';
import type { DownloadProgress, FoundUpdate, UpdateEngine } from '../../main/updater/engine.js';
import { manualTimers } from '../../main/updater/testing.js';
import { openConsole, signIn, waitForPath } from './support.js';
import { useConsole } from './fixture.js';

/**
 * What makes the window a desktop app, driven as the menu and the OS drive it: main's menu sends
 * app commands, gameops:// links arrive, the updater reports its state. The browser host runs
 * the same services as the desktop app; here its updater has a scripted engine (the real one is
 * tested against a feed in main/updater/feed.test.ts).
 */

const notes = 'Faster player search.\n<b>Dark mode</b> everywhere.';
const engine: UpdateEngine & { quitAndInstall: ReturnType<typeof vi.fn<() => void>> } = {
  setChannel: () => undefined,
  check: async (): Promise<FoundUpdate> => ({
    version: '9.1.0',
    releaseName: 'GameOps Console 9.1.0',
    releaseNotes: notes,
    releaseDate: '2025-06-01T08:00:00.000Z',
  }),
  download: async (progress: (p: DownloadProgress) => void) =>
    progress({ percent: 100, transferred: 10, total: 10, bytesPerSecond: 10 }),
  forgetDownloaded: () => undefined,
  quitAndInstall: vi.fn<() => void>(),
};

const fx = useConsole({
  updater: {
    engine,
    disabled: null,
    feed: 'https://updates.example/gameops/',
    timers: manualTimers(Date.UTC(2025, 5, 2)),
  },
});

async function opened(): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await waitForPath(page, '/auth/login');
  await page.getByTestId('login-form').waitFor();
  return page;
}

/**
 * Picks a radio as a person does, by its label, and waits until it shows as chosen: the choice
 * is saved through main, and a check() that looks at the input straight after its click can
 * catch the render in between.
 */
async function choose(page: Page, testId: string): Promise<void> {
  await page.locator('label', { has: page.getByTestId(testId) }).click();
  await expect.poll(() => page.getByTestId(testId).isChecked()).toBe(true);
}

describe('the app menu’s commands', () => {
  it('open the About box, which lists what a support request needs and copies it', async () => {
    const page = await opened();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    fx.host.core.menu.command('about');
    await page.getByTestId('about-facts').waitFor();
    const fact = (key: string) => page.locator(`[data-fact="${key}"] td`).textContent();
    // The reason follows the storage: what a support request needs to know.
    expect(await fact('about.tokens')).toMatch(/^memory only \(a restart signs you out\): \S/);
    expect(await fact('about.feed')).toBe('https://updates.example/gameops/');
    expect(await fact('about.channel')).toBe('Stable');
    expect(await fact('about.backend')).toMatch(/^embedded reference backend at http:\/\/127\.0\.0\.1:\d+$/);
    expect(await fact('about.node')).toBe(process.versions.node);
    // The host writes no log files, so there is no folder to open.
    expect(await page.getByTestId('about-open-logs').count()).toBe(0);

    await page.getByTestId('about-copy').click();
    await expect.poll(() => page.getByTestId('about-copy').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')[0]).toBe('GameOps Console');
    expect(copied).toContain('Update feed: https://updates.example/gameops/');
    expect(copied).toContain(`Node.js: ${process.versions.node}`);
    expect(copied).not.toMatch(/password|token:/i);
    await page.getByTestId('about-close').click();
    await page.context().close();
  });

  it('open the connection settings, where appearance follows the system or the choice made', async () => {
    const page = await opened();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    fx.host.core.menu.command('settings');
    await page.getByTestId('preferences').waitFor();
    await choose(page, 'theme-light');
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    expect((await fx.host.core.handlers['settings:get'](null)).theme).toBe('light');
    // A new window opens in the saved theme, whatever the system prefers.
    const again = await opened();
    await again.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => again.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await choose(page, 'theme-system');
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await page.getByTestId('settings-cancel').click();
    await page.context().close();
    await again.context().close();
  });
});

describe('the first paint', () => {
  it('is in the saved theme and language, with only that language’s texts loaded', async () => {
    await fx.host.core.handlers['settings:set']({ theme: 'dark', language: 'zh-CN' });
    // A light system whose language is the saved one (the renderer's first guess of which texts
    // to load, before main answers, is the system's language on a first start).
    const context = await fx.browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
      locale: 'zh-CN',
    });
    try {
      // What the document looked like the moment the first screen was put in it.
      await context.addInitScript({
        content: `new MutationObserver((_, obs) => {
          const root = document.getElementById('root');
          if (!root || !root.firstElementChild) return;
          window.__firstScreen = { theme: document.documentElement.dataset.theme ?? null,
            dark: document.body.classList.contains('bp6-dark'), lang: document.documentElement.lang,
            icons: !!document.querySelector('svg[data-icon="user"] path') };
          obs.disconnect();
        }).observe(document, { childList: true, subtree: true });`,
      });
      const page = await context.newPage();
      const texts: string[] = [];
      page.on('request', (r) => {
        const file = new URL(r.url()).pathname.split('/').pop() ?? '';
        // The build's content hash is 8 characters, which may hold a '-' of their own.
        if (file.startsWith('texts-')) texts.push(file.replace(/-[\w-]{8}\.js$/, ''));
      });
      await page.goto(fx.host.newLaunchUrl());
      await page.getByTestId('login-form').waitFor();
      const first = await page.evaluate(
        () => (window as unknown as { __firstScreen: unknown }).__firstScreen,
      );
      // Its icons are drawn with it, not a frame later (renderer/app/firstScreenIcons.ts).
      expect(first).toEqual({ theme: 'dark', dark: true, lang: 'zh-CN', icons: true });
      expect(await page.getByTestId('login-submit').textContent()).toBe('登录');
      expect(texts).toEqual(['texts-zh-CN']);
      // Icons outside the first screen's set still load when drawn (their names are computed at
      // build time, vite.config.ts): the settings dialog's close button.
      await page.getByTestId('login-settings').click();
      await page.locator('.bp6-dialog-close-button svg[data-icon] path').first().waitFor();
      await page.keyboard.press('Escape');
      await page.locator('.bp6-dialog').waitFor({ state: 'detached' });

      // The other language's texts load when the operator switches to it, and the next start
      // guesses the language shown last.
      await page.getByTestId('language-switch').selectOption('en');
      await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('Sign in');
      expect(texts).toEqual(['texts-zh-CN', 'texts-en']);
      texts.length = 0;
      await page.goto(fx.host.newLaunchUrl());
      await page.getByTestId('login-form').waitFor();
      expect(await page.getByTestId('login-submit').textContent()).toBe('Sign in');
      expect(texts).toEqual(['texts-en']);
    } finally {
      await fx.host.core.handlers['settings:set']({ theme: 'system', language: 'en' });
      await context.close();
    }
  });
  it('says plainly when main cannot be reached, in the likely language', async () => {
    const context = await fx.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      // The host answers the page but not the console's questions, as a main that has gone away.
      await page.route('**/__ipc/settings:get', (route) => route.abort('connectionrefused'));
      await page.goto(fx.host.newLaunchUrl());
      await page.getByTestId('bridge-missing').waitFor();
      expect(await page.getByTestId('bridge-missing').textContent()).toMatch(/settings:get|not reachable/);
      expect(await page.locator('.bp6-callout-title, h5').first().textContent()).toBe(
        '控制台无法连接其后台服务',
      );
    } finally {
      await context.close();
    }
  });
});

describe('gameops:// links', () => {
  const player = playerIdOf('ymmj', 7);

  it('open a player after sign-in, through the route guard', async () => {
    const page = await opened();
    fx.host.core.deepLinks.receive(`gameops://ymmj/player/${player}`);
    // waitForPath compares the decoded hash.
    await waitForPath(page, `/auth/login?next=/ymmj/steamplayer/${player}`);
    await signIn(page, 'ymmj');
    await waitForPath(page, `/ymmj/steamplayer/${player}`);
    await page.context().close();
  });

  it('the window was opened with waits for it, and a refused one is said so', async () => {
    await fx.host.core.handlers['session:login']({ account: 'super', password: 'gameops-demo' });
    fx.host.core.deepLinks.windowGone();
    fx.host.core.deepLinks.receive('gameops://admin/users');
    const page = await openConsole(fx.browser, fx.host);
    await waitForPath(page, '/admin/users');
    fx.host.core.deepLinks.receive('gameops://admin/../secrets');
    await expect
      .poll(() => page.locator('.bp6-toast').first().textContent())
      .toContain('gameops://admin/../secrets is not a page or player of the console');
    await page.context().close();
  });
});

describe('updates', () => {
  it('show in the top bar once downloaded, with the notes as text, and restart only with no other dialog open', async () => {
    const page = await opened();
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await fx.host.core.updater.checkNow();
    await page.getByTestId('update-restart-button').click();
    await page.getByTestId('update-notes').waitFor();
    expect(await page.getByTestId('update-notes').textContent()).toBe(notes);
    await page.getByTestId('update-later').click();

    // The operator is in the middle of something: the menu's "Restart to update…" must wait.
    fx.host.core.menu.command('settings');
    await page.getByTestId('preferences').waitFor();
    fx.host.core.updater.showDialog();
    await page.getByTestId('update-restart').click();
    await page.getByTestId('update-refused').waitFor();
    expect(await page.getByTestId('update-refused').textContent()).toContain('A dialog is open');
    expect(engine.quitAndInstall).not.toHaveBeenCalled();

    await page.getByTestId('update-later').click();
    await page.getByTestId('settings-cancel').click();
    await expect.poll(() => fx.host.core.updater.openDialogs()).toBe(0);
    await page.getByTestId('update-restart-button').click();
    await page.getByTestId('update-restart').click();
    await expect.poll(() => engine.quitAndInstall.mock.calls.length).toBe(1);
    await page.context().close();
  });
});
