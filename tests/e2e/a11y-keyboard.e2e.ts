import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerPath } from '../../shared/routes.js';
import { playerIdOf } from '../../server/seed/players.js';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * Operators who work with the keyboard only, or with a screen reader (issue 24, issue 19): a list's
 * row opened from the keyboard, a dialog that takes and gives back the focus, the 10,000-row
 * equipment table moved through without a mouse, and controls named in the operator's language.
 */
const fx = useConsole();

/** Player 7 of every game holds 10,000 pieces of equipment (server/seed/players.ts). */
const HEAVY = 7;
const GAME = 'ymmj';

async function signedIn(account = 'admin'): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  // The file's first page also waits for the host's first answers, slow on a busy machine.
  await page.getByTestId('login-form').waitFor({ timeout: 120_000 });
  await signIn(page, account);
  await waitForPath(page, '/home');
  return page;
}

/** What has the focus: its test id, role and name, and whether it sits in a dialog. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      testId: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      role: el?.getAttribute('role') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
      inDialog: !!el?.closest('.bp6-dialog'),
    };
  });
}

/** Presses Tab until the focus is where `wanted` says, at most `max` times; false if never. */
async function tabTo(
  page: Page,
  wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 40,
): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (wanted(await focused(page))) return true;
  }
  return false;
}

describe('the keyboard', () => {
  it('reaches a row of a list with Tab and opens it with Enter', async () => {
    const page = await signedIn();
    const id = playerIdOf(GAME, 3);
    await goTo(page, gamePagePath(GAME, 'players'));
    await page.getByTestId('player-search-id').fill(id);
    await page.getByTestId('player-search-id').press('Enter');
    // Until the search's answer comes, the page still shows the unfiltered list, which holds this
    // player too: wait for the list to be the search's one row, or the table is redrawn under the Tab.
    await expect.poll(() => page.locator('[data-testid^="player-name-"]').count()).toBe(1);
    await page.getByTestId(`player-name-${id}`).waitFor();

    await page.getByTestId('player-search-id').focus();
    expect(await tabTo(page, (f) => f.testId === `player-name-${id}`)).toBe(true);
    await page.keyboard.press('Enter');
    await waitForPath(page, new RegExp(`steamplayer/${id}`));
    await expect.poll(() => page.getByTestId('player-header').textContent()).toContain(id);
    await page.context().close();
  });

  it('moves into a dialog, closes it with Escape and is given back to the button that opened it', async () => {
    const page = await signedIn();
    await goTo(page, gamePagePath(GAME, 'bannedHeroes'));
    const opener = page.getByTestId('ban-hero-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('ban-hero-dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    // Tab stays inside the open dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('ban-hero-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).testId).toBe('ban-hero-open');
    await page.context().close();
  });

  it('reaches the 10,000-row equipment table with Tab and scrolls past row 100 with the keys', async () => {
    const page = await signedIn();
    await goTo(page, playerPath(GAME, playerIdOf(GAME, HEAVY), 'equipment'));
    const table = page.getByTestId('equipment-table');
    await expect.poll(() => table.getAttribute('data-row-count'), { timeout: 30_000 }).toBe('10000');
    await table.locator('.bp6-table-cell').first().waitFor();
    const title = (await page.getByTestId('equipment-title').textContent()) ?? '';

    // From the heading above it, the next tab stops lead into the table's scroll area, named.
    await page.getByTestId('equipment-title').click();
    expect(await tabTo(page, (f) => f.role === 'region' && f.testId === 'equipment-table', 10)).toBe(true);
    expect((await focused(page)).label).toBe(title);

    const area = table.locator('[role="region"]');
    const lastRowShown = () =>
      area.evaluate((el) => {
        const box = el.getBoundingClientRect();
        let last = -1;
        for (const cell of el.querySelectorAll<HTMLElement>('.bp6-table-cell')) {
          const r = cell.getBoundingClientRect();
          const row = /bp6-table-cell-row-(\d+)/.exec(cell.className);
          if (row && r.top >= box.top && r.bottom <= box.bottom) last = Math.max(last, Number(row[1]));
        }
        return last;
      });
    const before = await lastRowShown();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => area.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    for (let i = 0; i < 12 && (await lastRowShown()) < 100; i++) {
      await page.keyboard.press('PageDown');
      await expect.poll(lastRowShown).toBeGreaterThan(before);
    }
    expect(await lastRowShown()).toBeGreaterThanOrEqual(100);
    // Still on the table: the keys scrolled it, not the page around it.
    expect((await focused(page)).role).toBe('region');
    await page.context().close();
  });
});

describe('names a screen reader reads', () => {
  it("count the top bar's badges in the operator's language", async () => {
    const page = await signedIn();
    // Two items due within the critical three days make the to-do badge show 2.
    for (const name of ['a11y soon', 'a11y sooner']) {
      const expireAt = new Date(Date.now() + 24 * 3600_000).toISOString();
      const r = await fx.host.core.handlers['api:call']({
        endpoint: 'todo.create',
        input: { name, desc: '', expireAt },
      } as never);
      expect(r.ok).toBe(true);
    }
    await page.reload();
    const badge = page.getByTestId('todo-popup-critical-count');
    await badge.waitFor();
    const shown = (await badge.textContent()) ?? '';
    expect(Number(shown)).toBeGreaterThanOrEqual(2);
    // The number is said once, as part of the button's name, not again as a bare "2".
    expect(await badge.getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByRole('button', { name: `To-do list: ${shown} critical items` }).count()).toBe(1);

    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByRole('button', { name: `待办列表：${shown} 项紧急` }).count()).toBe(1);
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });

  it("say what a select's arrow does in the operator's language", async () => {
    const page = await openConsole(fx.browser, fx.host);
    const arrow = page.locator('.bp6-html-select svg title').first();
    await expect.poll(() => arrow.textContent()).toBe('Open the list');
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => arrow.textContent()).toBe('展开列表');
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });
});
