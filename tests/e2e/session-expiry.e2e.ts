import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import type { RunningHost } from '../../main/host/host.js';
import { launchBrowser, openConsole, signIn, startTestHost, waitForPath, hashPath } from './support.js';

/**
 * The backend's clock is moved instead of waiting: once the session's refresh expiry has passed,
 * the next call meets 20000, main's refresh is refused, the session ends, and the renderer goes
 * to login keeping the asked page.
 */
let browser: Browser;
let host: RunningHost;
let offsetMs = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  host = await startTestHost({
    backend: { accessTtlSec: 60, refreshTtlSec: 600, clock: () => Date.now() + offsetMs },
  });
});

// The host, like the desktop app, holds one session: each test starts signed out.
beforeEach(async () => {
  await host.core.handlers['session:logout'](null);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe('an expired session', () => {
  it('lands on login, and sign-in returns to the page', async () => {
    const page = await openConsole(browser, host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await page.getByTestId('menu-group-admin').click();
    await page.getByTestId('menu-item-admin.users').click();
    await waitForPath(page, '/admin/users');
    await expect.poll(() => page.getByTestId('users-table').isVisible()).toBe(true);

    offsetMs = 700_000; // past both the access token and the session
    await page.getByTestId('users-search').fill('adm');
    await page.getByTestId('users-search-submit').click();

    await waitForPath(page, '/auth/login');
    expect(hashPath(page)).toContain('next=');
    await expect.poll(() => page.getByTestId('login-expired').isVisible()).toBe(true);
    expect((await host.core.handlers['session:get'](null)).signedIn).toBe(false);

    offsetMs = 0;
    await signIn(page, 'super');
    await waitForPath(page, /^\/admin\/users/);
    await page.context().close();
  });

  it('refreshes an expired access token without the operator noticing', async () => {
    const page = await openConsole(browser, host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    offsetMs = 120_000; // the access token (60 s) has expired, the session (600 s) has not
    await page.getByTestId('menu-group-admin').click();
    await page.getByTestId('menu-item-admin.users').click();
    await waitForPath(page, '/admin/users');
    await expect.poll(() => page.getByTestId('users-table').isVisible()).toBe(true);
    expect((await host.core.handlers['session:get'](null)).signedIn).toBe(true);
    offsetMs = 0;
    await page.context().close();
  });
});
