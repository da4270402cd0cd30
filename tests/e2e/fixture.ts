import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser } from 'playwright';
import type { HostOptions, RunningHost } from '../../main/host/host.js';
import { launchBrowser, startTestHost } from './support.js';

export interface ConsoleFixture {
  browser: Browser;
  host: RunningHost;
}

/**
 * One browser host and one Chromium for a test file. The host, like the desktop app, holds one
 * session, so every test starts signed out.
 */
export function useConsole(options: HostOptions = {}): ConsoleFixture {
  const f = {} as ConsoleFixture;
  beforeAll(async () => {
    f.browser = await launchBrowser();
    // The demo operators (their password is published), chosen explicitly: without them the host
    // starts like a fresh desktop install, with no operator until the first run creates one.
    f.host = await startTestHost({
      ...options,
      backend: { demo: true, ...options.backend } as HostOptions['backend'],
    });
    // The embedded backend's first start (a fresh database, on a busy machine) can outlast the
    // first test's wait for the sign-in page; the tests start once it is up.
    await f.host.core.backendReady();
  });
  beforeEach(async () => {
    await f.host.core.handlers['session:logout'](null);
  });
  afterAll(async () => {
    await f.browser?.close();
    await f.host?.stop();
  });
  return f;
}
