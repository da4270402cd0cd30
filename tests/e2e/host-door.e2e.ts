import { describe, expect, it } from 'vitest';
import { useConsole } from './fixture.js';
import { openConsole, signIn, waitForPath } from './support.js';

const fx = useConsole();

/**
 * The browser host's door in a real browser: the launch hands the page a bridge token through
 * the URL fragment, the page keeps it in its origin's storage and sends it in a header; no
 * cookie exists that another local server could collect.
 */
describe('the browser host’s launch', () => {
  it('signs in with the token in the origin’s storage, no cookie, and the fragment gone', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await waitForPath(page, '/auth/login');
    expect(page.url()).not.toContain('gameops-launch');
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('gameops.bridgeToken'))).toMatch(/^[\w-]{40,}$/);

    // The event stream carries the token too: a sign-in made in main reaches the page.
    await fx.host.core.handlers['session:login']({ account: 'admin', password: 'gameops-demo' });
    await waitForPath(page, '/home');

    // Another tab of the same browser reaches the host without a new launch URL.
    const second = await page.context().newPage();
    await second.goto(`${fx.host.url}/#/home`, { waitUntil: 'commit' });
    await second.getByTestId('operator-name').waitFor({ timeout: 60_000 });
    expect(await second.getByTestId('operator-name').textContent()).toContain('admin');
    await page.context().close();
  });

  it('gives a browser that never opened a launch URL nothing but the reason', async () => {
    const context = await fx.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(fx.host.url);
      await page.getByTestId('bridge-missing').waitFor();
      expect(await page.getByTestId('bridge-missing').textContent()).toMatch(/launch URL/);
    } finally {
      await context.close();
    }
  });

  it('keeps working after a reload', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await waitForPath(page, '/auth/login');
    await page.reload();
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await page.context().close();
  });
});
