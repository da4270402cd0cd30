import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import type { RunningHost } from '../../main/host/host.js';
import { startBackend, type RunningBackend } from '../../server/backend.js';
import { NO_SECRETS_KEY } from '../../server/platform/secrets-key.js';
import { goTo, launchBrowser, openConsole, signIn, startTestHost, waitForPath } from './support.js';

/**
 * A backend that cannot store secrets (PostgreSQL without GAMEOPS_SECRETS_KEY; here a reference
 * backend started without a key): the platform keys page says so before anyone types a secret,
 * and its form offers no secret field to type into.
 */
let browser: Browser;
let host: RunningHost;
let keyless: RunningBackend;

beforeAll(async () => {
  browser = await launchBrowser();
  keyless = await startBackend({
    host: '127.0.0.1',
    port: 0,
    demo: true,
    seedPlayers: 0,
    secretsKey: NO_SECRETS_KEY,
    serverWatch: false,
  });
  host = await startTestHost({ backend: { kind: 'url', url: keyless.url } });
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await keyless?.close();
});

describe('platform keys on a server without a sealing key', () => {
  it('says so on the page and disables the secret field', async () => {
    const page = await openConsole(browser, host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/steamtoken');
    const notice = page.getByTestId('keys-no-sealing-key');
    await expect.poll(() => notice.textContent()).toMatch(/cannot store secrets.*GAMEOPS_SECRETS_KEY/);

    await page.getByTestId('key-add').click();
    await page.getByTestId('key-form').waitFor();
    expect(await page.getByTestId('key-secret').isDisabled()).toBe(true);
    expect(await page.getByTestId('key-form').textContent()).toMatch(/until GAMEOPS_SECRETS_KEY is set/);
    expect(await page.getByTestId('key-save').isDisabled()).toBe(true);

    // In Chinese too.
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => notice.textContent()).toMatch(/服务器无法存储密钥/);
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });
});
