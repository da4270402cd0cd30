import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import type { RunningHost } from '../../main/host/host.js';
import { SERVICES, SERVICE_BASE_PATHS, type ServiceName } from '../../shared/games.js';
import { startBackend, type RunningBackend } from '../../server/backend.js';
import { launchBrowser, openConsole, signIn, startTestHost, waitForPath } from './support.js';

let browser: Browser;
let host: RunningHost;
/**
 * A reference backend of its own, playing the studio's services. Not another host's embedded
 * backend: that one answers only the console that started it (its launch key).
 */
let studio: RunningBackend;

beforeAll(async () => {
  browser = await launchBrowser();
  [host, studio] = await Promise.all([
    startTestHost(),
    startBackend({ host: '127.0.0.1', port: 0, demo: true, seedPlayers: 20 }),
  ]);
  await host.core.backendReady();
});

// Each test starts signed out, on the embedded backend, up and running.
beforeEach(async () => {
  await host.core.handlers['settings:set']({ backend: 'embedded' });
  await host.core.backendReady();
  await host.core.handlers['session:logout'](null);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await studio?.close();
});

const servicesAt = (origin: string) =>
  Object.fromEntries(SERVICES.map((s) => [s, `${origin}${SERVICE_BASE_PATHS[s]}`])) as Record<
    ServiceName,
    string
  >;

async function embeddedUrl(h: RunningHost): Promise<string> {
  const info = await h.core.handlers['app:info'](null);
  expect(info.backend).toMatchObject({ mode: 'embedded', running: true });
  return info.backend.url as string;
}

/**
 * Clicks the radio's label, as a person does: Blueprint's indicator covers the input itself, and
 * the label is what Playwright can wait on to be stable while the dialog opens.
 */
async function chooseBackend(page: Page, mode: 'embedded' | 'custom'): Promise<void> {
  const radio = page.getByTestId(`settings-backend-${mode}`);
  await page.locator('label', { has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

async function fillServices(page: Page, services: Record<ServiceName, string>): Promise<void> {
  for (const s of SERVICES) await page.getByTestId(`settings-url-${s}`).fill(services[s]);
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('settings-save').click();
  await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
}

describe('connection settings', () => {
  it('points the console at custom services before sign-in, and back to the embedded backend', async () => {
    const page = await openConsole(browser, host);
    await waitForPath(page, '/auth/login');
    const url = await embeddedUrl(host);

    await page.getByTestId('login-settings').click();
    await expect.poll(() => page.getByTestId('settings-embedded-state').textContent()).toContain(url);
    expect(await page.getByTestId('settings-backend-embedded').isChecked()).toBe(true);

    // Custom mode starts from the addresses in use, and says those stop answering once saved.
    await chooseBackend(page, 'custom');
    for (const s of SERVICES) {
      expect(await page.getByTestId(`settings-url-${s}`).inputValue()).toBe(`${url}${SERVICE_BASE_PATHS[s]}`);
      expect(await page.getByTestId(`settings-url-${s}-help`).textContent()).toContain(SERVICE_BASE_PATHS[s]);
    }
    expect(await page.getByTestId('settings-points-at-embedded').isVisible()).toBe(true);
    // No one is signed in, so there is no session to lose.
    expect(await page.getByTestId('settings-signout-warning').count()).toBe(0);

    // The rule for addresses, and that changing one signs out, are said before anything is typed.
    expect(await page.getByTestId('settings-urls-sign-out').textContent()).toMatch(
      /https:\/\/.*this computer.*Changing any address signs you out/,
    );

    // A bad address is pointed out on its field, and nothing is saved.
    await page.getByTestId('settings-url-pve').fill('ops.example.com/api/v1/dr');
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => page.getByTestId('settings-url-pve-help').textContent())
      .toMatch(/full address.*http:\/\//i);
    expect(await page.getByTestId('settings-invalid').isVisible()).toBe(true);
    expect((await host.core.handlers['settings:get'](null)).backend).toBe('embedded');

    // Plain http to another machine would carry the token in clear: refused before saving, in
    // the operator's language.
    await page.getByTestId('settings-url-pve').fill('http://ops.example.com/api/v1/dr');
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => page.getByTestId('settings-url-pve-help').textContent())
      .toMatch(/unencrypted.*https:\/\/.*this computer/i);
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect
      .poll(() => page.getByTestId('settings-url-pve-help').textContent())
      .toMatch(/未加密.*https:\/\//);
    await page.getByTestId('language-switch').selectOption('en');
    expect((await host.core.handlers['settings:get'](null)).backend).toBe('embedded');

    // Valid addresses (a trailing slash is how people paste them) are saved as main stores them.
    const wanted = servicesAt(url);
    await fillServices(page, { ...wanted, pve: `${wanted.pve}/` });
    await save(page);
    await expect.poll(() => page.locator('.bp6-toast').first().textContent()).toMatch(/settings saved/i);
    expect(await host.core.handlers['settings:get'](null)).toMatchObject({
      language: 'en',
      backend: 'custom',
      services: wanted,
    });

    // Reopened, the dialog shows what was saved; switch back to the embedded backend.
    await page.getByTestId('login-settings').click();
    await expect.poll(() => page.getByTestId('settings-backend-custom').isChecked()).toBe(true);
    expect(await page.getByTestId('settings-url-admin').inputValue()).toBe(wanted.admin);
    await chooseBackend(page, 'embedded');
    await save(page);
    expect((await host.core.handlers['settings:get'](null)).backend).toBe('embedded');
    await embeddedUrl(host);

    // And the console works there.
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await page.context().close();
  });

  it('moves a signed-in operator to the studio’s services from the top bar, signing them out', async () => {
    const page = await openConsole(browser, host);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    const studioServices = studio.serviceUrls;

    await page.getByTestId('settings-button').click();
    await chooseBackend(page, 'custom');
    await expect.poll(() => page.getByTestId('settings-signout-warning').isVisible()).toBe(true);
    await fillServices(page, studioServices);
    expect(await page.getByTestId('settings-points-at-embedded').count()).toBe(0);
    await page.getByTestId('settings-save').click();

    // Main signed the operator out: their tokens belong to the other backend.
    await waitForPath(page, '/auth/login');
    expect(await host.core.handlers['settings:get'](null)).toMatchObject({
      backend: 'custom',
      services: studioServices,
    });
    expect((await host.core.handlers['app:info'](null)).backend.running).toBe(false);

    // Signing in now goes to the studio's services: this host's own backend is stopped.
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByTestId('operator-name').textContent()).toContain('admin');

    // Back to embedded from the top bar: warned, signed out, saved.
    await page.getByTestId('settings-button').click();
    await chooseBackend(page, 'embedded');
    await expect.poll(() => page.getByTestId('settings-signout-warning').isVisible()).toBe(true);
    await page.getByTestId('settings-save').click();
    await waitForPath(page, '/auth/login');
    await expect.poll(async () => (await host.core.handlers['settings:get'](null)).backend).toBe('embedded');
    await page.context().close();
  });

  it('says where the sign-in tokens are kept, and why when not in the keychain', async () => {
    const page = await openConsole(browser, host);
    await waitForPath(page, '/auth/login');
    await page.getByTestId('login-settings').click();
    const storage = page.getByTestId('settings-token-storage');
    // The test host keeps them in memory, as it was asked to.
    await expect.poll(() => storage.getAttribute('data-storage')).toBe('memory');
    expect(await storage.textContent()).toMatch(/In memory only/);
    expect(await page.getByTestId('settings-token-storage-reason').textContent()).toMatch(
      /without --keychain/,
    );
    await page.getByTestId('settings-cancel').click();
    await page.context().close();
  });

  it('keeps the saved settings when the operator cancels', async () => {
    const page = await openConsole(browser, host);
    await waitForPath(page, '/auth/login');
    const before = await host.core.handlers['settings:get'](null);
    await page.getByTestId('login-settings').click();
    await chooseBackend(page, 'custom');
    await page.getByTestId('settings-url-admin').fill('https://elsewhere.example.com/api/v1/sr');
    await page.getByTestId('settings-cancel').click();
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    expect(await host.core.handlers['settings:get'](null)).toEqual(before);
    await page.context().close();
  });
});
