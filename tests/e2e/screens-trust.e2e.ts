import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../shared/constants.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { goTo, signIn, waitForPath } from './support.js';

/**
 * What an operator must be able to read and reach, walked through the screens: results that
 * stay until dismissed, tables readable in a small or zoomed window, errors in the operator's
 * language with a retry only where it helps, one filter drawer for every order list.
 */
const fx = useConsole();

type Viewport = { width: number; height: number };

/**
 * A console in a window of `viewport` CSS pixels, signed in as `account`, on `path`. Browser
 * zoom at 200% is a window of half the CSS pixels at twice the device pixels: a 1280x900
 * window zoomed to 200% lays out as 640x450 (deviceScaleFactor 2), media queries included.
 */
async function consoleAt(
  viewport: Viewport & { scale?: number },
  account: string,
  path: string,
): Promise<Page> {
  await fx.host.core.handlers['session:logout'](null);
  const context = await fx.browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.scale ?? 1,
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[renderer]', err.message));
  await page.goto(fx.host.newLaunchUrl());
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  await waitForPath(page, path);
  return page;
}

/**
 * Each cell of `table` that wraps its text over more than one line, as "row:column text": a
 * squeezed column breaks its words (Chinese between any two characters) long before it is
 * empty.
 */
async function wrappedCells(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((table) =>
    [...table.querySelectorAll('th, td')].flatMap((cell) => {
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) {
          const row = (cell.parentElement as HTMLTableRowElement).rowIndex;
          return [`${row}:${(cell as HTMLTableCellElement).cellIndex} ${cell.textContent ?? ''}`];
        }
      }
      return [];
    }),
  );
}

/** Narrowest readable column: a short time or a two-word name, never one character. */
const MIN_COLUMN_PX = 40;

describe('tables in a small or zoomed window', () => {
  for (const [name, viewport] of [
    ['800x600', { width: 800, height: 600 }],
    ['200% zoom', { width: 640, height: 450, scale: 2 }],
  ] as const) {
    it(`keep the system log's columns readable and its open buttons reachable at ${name}`, async () => {
      const page = await consoleAt(viewport, 'super', '/admin/systemlogs');
      const table = page.getByTestId('logs');
      await table.waitFor();
      expect(await wrappedCells(page, 'logs')).toEqual([]);
      const widths = await table
        .locator('thead th')
        .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().width));
      expect(widths.length).toBeGreaterThan(5);
      for (const [i, w] of widths.entries())
        expect(w, `column ${i + 1}`).toBeGreaterThanOrEqual(MIN_COLUMN_PX);
      // The page does not widen: the table scrolls sideways inside it.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);

      const open = page.locator('[data-testid^="log-open-"]').first();
      await open.scrollIntoViewIfNeeded();
      const box = await open.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await open.click();
      await expect.poll(() => page.getByTestId('log-entry').isVisible()).toBe(true);
      await page.context().close();
    });
  }
});

describe('results an operator must read', () => {
  it("stay past a confirmation's time until dismissed: a repair's outcome", async () => {
    const page = await consoleAt({ width: 1280, height: 900 }, 'admin', '/ymmj/batchfix');
    // From here the page's timers are the test's to move (time flows until it pauses them).
    await page.clock.install();
    await page.getByTestId('batchfix-name').fill('batchfix1');
    await page.getByTestId('batchfix-execute').click();
    await page.getByTestId('batchfix-run-dialog-reason').fill('close the expired bans');
    await page.getByTestId('batchfix-run-dialog-confirm').click();
    const result = page
      .locator('.bp6-toast')
      .filter({ hasText: /batchfix1 finished on .*: \d+ rows changed/ });
    await result.waitFor();

    await page.mouse.move(5, 890);
    // A moment ahead of the page's clock, which keeps flowing until then.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.clock.runFor(TOAST_LONG_TIMEOUT_MS + TOAST_TIMEOUT_MS);
    expect(await result.count()).toBe(1);

    await result.getByRole('button').last().click();
    await page.clock.runFor(TOAST_TIMEOUT_MS);
    await expect.poll(() => result.count()).toBe(0);
    await page.context().close();
  });
});

describe('a failure', () => {
  it('offers Try again only when asking again can help: not for a code that does not exist', async () => {
    const page = await consoleAt({ width: 1280, height: 900 }, 'lordwar', gamePagePath('lw', 'activeCodes'));
    await page.getByTestId('code-lookup-input').fill('EE34-6799-ACDE-FGHJ');
    await page.getByTestId('code-lookup-submit').click();
    const error = page.getByTestId('code-lookup-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('No such record');
    expect(await error.getByTestId('error-retry').count()).toBe(0);
    await page.context().close();
  });
});
