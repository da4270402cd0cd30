import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { startHost, type HostOptions, type RunningHost } from '../../main/host/host.js';

/**
 * End-to-end support: the real renderer (dist/renderer, built with `vite build --mode web`) in
 * Debian's Chromium, talking to main's services in Node through the browser host, which runs the
 * reference backend in process. Playwright's own browser download cannot work here, so we point
 * it at the system Chromium.
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/**
 * The built renderer the hosts serve. GAMEOPS_E2E_RENDERER_DIR points at another build (`vite
 * build --mode web --outDir DIR`), so that people working on one tree do not overwrite each
 * other's build between two test runs.
 */
export const RENDERER_DIR = process.env['GAMEOPS_E2E_RENDERER_DIR'] ?? join(REPO, 'dist/renderer');

export const DEMO_PASSWORD = 'gameops-demo';

function checkBrowserFiles(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`${RENDERER_DIR} is missing: run \`npx vite build --mode web\` first (npm test does)`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
}

/** How the tests start Debian's Chromium (no download, nothing reaching out on its own). */
export const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  checkBrowserFiles();
  return chromium.launch(CHROMIUM_OPTIONS);
}

/** Chromium with a profile kept in `userDataDir` across launches, as the desktop app keeps its own. */
export async function launchPersistentBrowser(userDataDir: string): Promise<BrowserContext> {
  checkBrowserFiles();
  return chromium.launchPersistentContext(userDataDir, {
    ...CHROMIUM_OPTIONS,
    viewport: { width: 1280, height: 900 },
  });
}

export async function startTestHost(options: HostOptions = {}): Promise<RunningHost> {
  return startHost({
    language: 'en',
    rendererDir: RENDERER_DIR,
    ...options,
    backend: {
      inMemory: true,
      seedPlayers: 20,
      demo: true,
      ...(options.backend ?? {}),
    } as HostOptions['backend'],
  });
}

/** A fresh browser context holding the host's launch cookie, on the console's root. */
export async function openConsole(browser: Browser, host: RunningHost): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[renderer]', err.message));
  // Each launch URL works once: every browser context gets its own.
  await page.goto(host.newLaunchUrl());
  return page;
}

export function hashPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForFunction(
    ({ text, isPattern }) => {
      const h = decodeURIComponent(location.hash.replace(/^#/, ''));
      return isPattern ? new RegExp(text).test(h) : h === text || h.startsWith(`${text}?`);
    },
    typeof path === 'string' ? { text: path, isPattern: false } : { text: path.source, isPattern: true },
  );
}

export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    location.hash = `#${p}`;
  }, path);
}
