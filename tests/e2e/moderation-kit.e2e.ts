import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerPath } from '../../shared/routes.js';
import { playerIdOf } from '../../server/seed/players.js';
import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../shared/constants.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, signIn, waitForPath } from './support.js';

/**
 * The kit's dialogs and toasts as an operator meets them on the moderation pages: the ban dialog
 * starts on its first field, a failed confirmation still closes with Escape, and a toast waits
 * while the pointer is on it. Toast timers run on Playwright's clock, so no test waits for them.
 */
const fx = useConsole();
const game: GameId = 'lw';

/** A fresh page on a browser clock the test controls, signed in as admin. */
async function signedIn(): Promise<Page> {
  const context = await fx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.clock.install();
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[renderer]', err.message));
  // Each launch URL works once: every browser context gets its own.
  await page.goto(fx.host.newLaunchUrl());
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
  return page;
}

async function call(endpoint: string, input: Record<string, unknown>) {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as { id: number };
}

/** Creates a blacklist entry behind the screen's back and opens the list filtered to it. */
async function listWithEntry(page: Page, ip: string): Promise<number> {
  const entry = await call('blacklist.create', { game, kind: 'ip', value: ip, reason: 'set up by the test' });
  await goTo(page, `${gamePagePath(game, 'blacklist')}?q=${encodeURIComponent(ip)}`);
  await expect.poll(() => page.getByTestId('blacklist-table').getAttribute('data-row-count')).toBe('1');
  return entry.id;
}

const toasts = (page: Page) => page.locator('.bp6-toast');

describe('the confirmation dialog', () => {
  it('closes with Escape after a failed confirmation', async () => {
    const page = await signedIn();
    const id = await listWithEntry(page, '198.18.40.1');
    await page.getByTestId(`blacklist-delete-${id}`).click();
    const dialog = page.getByTestId('blacklist-delete-dialog');
    await dialog.waitFor();
    await page.getByTestId('blacklist-delete-dialog-reason').fill('address reassigned');
    // Someone else removes the entry first: the confirmation fails and says so.
    await call('blacklist.delete', { game, entryId: id, reason: 'removed elsewhere' });
    await page.getByTestId('blacklist-delete-dialog-confirm').click();
    await page.getByTestId('blacklist-delete-dialog-failed').waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('the ban dialog', () => {
  it('gives the focus to its first field, the hero, not to the reason', async () => {
    const page = await signedIn();
    await goTo(page, gamePagePath(game, 'bannedHeroes'));
    await page.getByTestId('ban-hero-open').click();
    await page.getByTestId('ban-hero-hero').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
      .toBe('ban-hero-hero');
    await page.context().close();
  });
});

describe('toasts', () => {
  it("wait while the pointer is on them, then keep the spec's 1000 ms", async () => {
    const page = await signedIn();
    const id = await listWithEntry(page, '198.18.40.2');
    await page.getByTestId(`blacklist-delete-${id}`).click();
    await page.getByTestId('blacklist-delete-dialog-reason').fill('address reassigned');
    // From here the page's timers move only when the test says so (half a second ahead: the round
    // trip to the page must not outrun it on a busy machine, or the clock would have to go back).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.getByTestId('blacklist-delete-dialog-confirm').click();
    const toast = toasts(page).filter({ hasText: '198.18.40.2' });
    await toast.waitFor();

    // hover() waits until the toast has stopped moving: a box measured during its entrance slide
    // could put the pointer beside the toast once it settles (CI caught that once).
    await toast.hover();
    await page.clock.runFor(TOAST_TIMEOUT_MS * 10);
    expect(await toast.count()).toBe(1);

    await page.mouse.move(5, 890);
    await page.clock.runFor(TOAST_TIMEOUT_MS + 500);
    await expect.poll(() => toast.count()).toBe(0);
    await page.context().close();
  });

  it('keep a created entry with its id to copy for longer, and copy it', async () => {
    const page = await signedIn();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await goTo(page, gamePagePath(game, 'blacklistCreate'));
    await page.getByTestId('blacklist-kind').selectOption('ip');
    await page.getByTestId('blacklist-value').fill('198.18.40.3');
    await page.getByTestId('blacklist-submit').click();
    await page.getByTestId('blacklist-create-dialog-reason').fill('scanner on this address');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.getByTestId('blacklist-create-dialog-confirm').click();
    const toast = toasts(page).filter({ has: page.getByTestId('toast-copy') });
    await toast.waitFor();
    const copied = (await toast.getByTestId('toast-copy-text').textContent()) ?? '';
    expect(copied).toMatch(/^\d+$/);

    // Past the short time it is still there; past the long one it is gone.
    await page.clock.runFor(TOAST_TIMEOUT_MS * 2);
    expect(await toast.count()).toBe(1);
    await toast.getByTestId('toast-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    await page.mouse.move(5, 890);
    await page.clock.runFor(TOAST_LONG_TIMEOUT_MS + 500);
    await expect.poll(() => toast.count()).toBe(0);
    await page.context().close();
  });
});

describe('a list page', () => {
  it('says when a page is past the end, when nothing matches, and when the call fails', async () => {
    const page = await signedIn();
    const rows = () => page.getByTestId('blacklist-table').getAttribute('data-row-count');

    await goTo(page, `${gamePagePath(game, 'blacklist')}?page=999`);
    await page.getByTestId('blacklist-past-end').waitFor();
    await page.getByTestId('blacklist-past-end').getByRole('button').click();
    await expect.poll(() => hashPath(page)).not.toContain('page=999');
    await expect.poll(async () => Number(await rows())).toBeGreaterThan(0);

    await page.getByTestId('blacklist-search').fill('no such entry zz');
    await page.getByTestId('blacklist-search').press('Enter');
    await page.getByTestId('blacklist-empty').waitFor();
    expect(await page.getByTestId('blacklist-empty').textContent()).toContain(
      'Nothing matches these filters',
    );
    await page.getByTestId('blacklist-clear').click();
    await expect.poll(async () => Number(await rows())).toBeGreaterThan(0);
    expect(hashPath(page)).not.toContain('q=');

    // A hand-made link the server refuses (a search longer than it takes): said, with no Try
    // again, since asking again cannot change the answer to invalid input.
    await goTo(page, `${gamePagePath(game, 'blacklist')}?q=${'x'.repeat(65)}`);
    await page.getByTestId('blacklist-error').waitFor();
    expect(await page.getByTestId('blacklist-error').textContent()).toContain('Some input is not valid');
    expect(await page.getByTestId('blacklist-error').getByTestId('error-retry').count()).toBe(0);
    await page.context().close();
  });
});

describe("a player's history", () => {
  it('names what operators did to the player', async () => {
    const page = await signedIn();
    const id = playerIdOf(game, 5);
    await call('players.clearCache', { game, id, reason: 'stale copy reported' });
    await goTo(page, `${playerPath(game, id)}?history=audit`);
    const table = page.getByTestId('history-table');
    await expect.poll(() => table.textContent()).toContain("Cleared a player's cache");
    expect(await table.textContent()).not.toContain('players.clearCache');
    await page.context().close();
  });
});
