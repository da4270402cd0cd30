import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import type { RunningHost } from '../../main/host/host.js';
import { gamePagePath } from '../../shared/game-pages.js';
import {
  DEMO_PASSWORD,
  goTo,
  launchBrowser,
  openConsole,
  signIn,
  startTestHost,
  waitForPath,
} from './support.js';

/**
 * A fresh desktop install: the host started without the demo operators has no operator and no
 * known password, so the sign-in page offers the first run instead. Each test gets its own host,
 * since a first run happens once.
 */
let browser: Browser;
const hosts: RunningHost[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(hosts.map((h) => h.stop()));
});

async function freshInstall(): Promise<{ host: RunningHost; page: Page }> {
  const host = await startTestHost({ backend: { demo: false } });
  hosts.push(host);
  const page = await openConsole(browser, host);
  await waitForPath(page, '/auth/login');
  await page.getByTestId('first-run').waitFor();
  return { host, page };
}

describe('the first run of a fresh install', () => {
  it('creates the first super-admin, checked as the contract checks it, then signs in with it', async () => {
    const { host, page } = await freshInstall();
    expect((await host.core.handlers['app:info'](null)).backend.setup).toBe('needed');
    expect(await page.getByTestId('login-form').count()).toBe(0);
    expect(await page.getByTestId('demo-banner').count()).toBe(0);

    // Nothing sent until every field is right; each says what is wrong.
    await page.getByTestId('first-run-submit').click();
    await expect.poll(() => page.getByTestId('first-run-phone-help').textContent()).toMatch(/5 to 20 digits/);
    expect(await page.getByTestId('first-run-name-help').textContent()).toMatch(/2 to 64 characters/);
    expect(await page.getByTestId('first-run-password-help').textContent()).toMatch(
      /at least 10 characters/i,
    );
    await page.getByTestId('first-run-phone').fill('13900000000');
    await page.getByTestId('first-run-name').fill('root');
    await page.getByTestId('first-run-password').fill('a long enough secret');
    await page.getByTestId('first-run-confirm').fill('a long enough secreT');
    await page.getByTestId('first-run-submit').click();
    await expect
      .poll(() => page.getByTestId('first-run-confirm-help').textContent())
      .toBe('The two passwords differ');
    expect((await host.core.handlers['app:info'](null)).backend.setup).toBe('needed');

    await page.getByTestId('first-run-confirm').fill('a long enough secret');
    await page.getByTestId('first-run-submit').click();

    // Then the sign-in form, the new account filled in; no demo data anywhere.
    await expect
      .poll(() => page.getByTestId('first-run-done').textContent())
      .toMatch(/super-admin was created/);
    expect(await page.getByTestId('login-account').inputValue()).toBe('root');
    expect((await host.core.handlers['app:info'](null)).backend.setup).toBe('ready');
    await page.getByTestId('login-password').fill('a long enough secret');
    await page.getByTestId('login-submit').click();
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByTestId('operator-name').textContent()).toContain('root');
    expect(await page.getByTestId('demo-banner').count()).toBe(0);
    // No made-up players: the game's player list is empty, and says so in both languages.
    await goTo(page, gamePagePath('lw', 'players'));
    await expect
      .poll(() => page.getByTestId('players-empty').textContent())
      .toMatch(/This game has no players yet.*once they join the game/);
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('players-empty').textContent()).toMatch(/该游戏还没有玩家/);
    await page.getByTestId('language-switch').selectOption('en');
    // The demo password opens nothing here.
    await page.getByTestId('logout').click();
    await waitForPath(page, '/auth/login');
    await signIn(page, 'super', DEMO_PASSWORD);
    await expect.poll(() => page.getByTestId('login-error').isVisible()).toBe(true);
    await page.context().close();
  });

  it('loads the demo data only when asked knowingly, and says so on every screen after', async () => {
    const { host, page } = await freshInstall();
    await page.locator('label', { has: page.getByTestId('first-run-demo') }).click();
    await expect.poll(() => page.getByTestId('first-run').textContent()).toMatch(/password is published/);
    // Not before the operator says they understand the passwords are public.
    expect(await page.getByTestId('first-run-submit').isDisabled()).toBe(true);
    await page.locator('label', { has: page.getByTestId('first-run-demo-understood') }).click();
    await page.getByTestId('first-run-submit').click();

    // The demo's games are seeded before the answer: give it the time a busy machine needs.
    await expect
      .poll(() => page.getByTestId('first-run-done').textContent(), { timeout: 60_000 })
      .toMatch(/Demo data loaded/);
    expect((await host.core.handlers['app:info'](null)).backend.setup).toBe('demo');
    expect(await page.getByTestId('demo-banner').isVisible()).toBe(true);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByTestId('demo-banner').isVisible()).toBe(true);
    // The demo's made-up players are there.
    await goTo(page, gamePagePath('lw', 'players'));
    await page.getByTestId('players-total').waitFor();
    expect(await page.getByTestId('players-empty').count()).toBe(0);
    await page.context().close();
  });

  it('speaks the operator’s language', async () => {
    const { page } = await freshInstall();
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('first-run').textContent()).toMatch(/创建第一个超级管理员/);
    await page.context().close();
  });
});
