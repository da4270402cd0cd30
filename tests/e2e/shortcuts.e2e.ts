import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerPath } from '../../shared/routes.js';
import { playerIdOf } from '../../server/seed/players.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * Shortcuts through the screens: Ctrl+K opens the command palette, which jumps to a page by its
 * name and to a player by id in each game (the current one first); on /admin/shortcut an operator records a new
 * combo (a clash is marked before saving), pins a page, saves, reloads, and finds the new combo
 * working, the old one gone, and the page in the top bar; the desktop menu (main's menu service,
 * behind the host here) shows the operator's combos while they are signed in, the defaults after.
 */
const fx = useConsole();

async function signedIn(account: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await page.getByTestId('page-title').waitFor();
  return page;
}

async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').waitFor();
}

describe('shortcuts', () => {
  it('opens the palette with Ctrl+K, goes to a page by name and to a player by id', async () => {
    const page = await signedIn('admin');

    await openPalette(page);
    await page.getByTestId('palette-input').fill('Shortcuts');
    await expect.poll(() => page.getByTestId('palette-page-admin.shortcut').count()).toBe(1);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin/shortcut');
    await page.getByTestId('shortcuts-page').waitFor();
    // The palette closes with its overlay's exit transition, which may outlast a quick navigation.
    await expect.poll(() => page.getByTestId('palette-input').count()).toBe(0);

    // Only pages the role opens: the admin is not a super-admin, so no system logs.
    await openPalette(page);
    await page.getByTestId('palette-input').fill('system logs');
    await page.getByTestId('palette-none').waitFor();
    await page.getByTestId('palette-input').fill('to-do list');
    await expect.poll(() => page.getByTestId('palette-page-todo.list').count()).toBe(1);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin/todo');

    // Outside any game, an id is offered in each game the operator has, each named: a Lord War
    // player opens in Lord War, not in the first game.
    const lwId = playerIdOf('lw', 4);
    await openPalette(page);
    await page.getByTestId('palette-input').fill(lwId);
    const inLw = page.getByTestId(`palette-player-lw-${lwId}`);
    await expect.poll(() => inLw.textContent()).toContain(`Open player ${lwId}`);
    expect(await inLw.textContent()).toContain('Lord War');
    expect(await page.getByTestId(`palette-player-atomicwar-${lwId}`).textContent()).toContain('Atomic War');
    await inLw.click();
    await waitForPath(page, playerPath('lw', lwId));
    await expect.poll(() => page.getByTestId('player-header').textContent()).toContain(lwId);

    // In a game, a player id opens that player there.
    await goTo(page, gamePagePath('lw', 'blacklist'));
    await waitForPath(page, gamePagePath('lw', 'blacklist'));
    const id = playerIdOf('lw', 3);
    await openPalette(page);
    await page.getByTestId('palette-input').fill(id);
    const offer = page.getByTestId(`palette-player-lw-${id}`);
    await expect.poll(() => offer.textContent()).toContain(`Open player ${id}`);
    expect(await offer.textContent()).toContain('Lord War');
    await page.keyboard.press('Enter');
    await waitForPath(page, playerPath('lw', id));
    await expect.poll(() => page.getByTestId('player-header').textContent()).toContain(id);
    await page.context().close();
  });

  it('records a new combo, pins a page, and keeps both after a reload', async () => {
    const page = await signedIn('service');
    // Every operator reaches the page from the top bar (it has no side-menu place).
    await page.getByTestId('shortcuts-button').click();
    await waitForPath(page, '/admin/shortcut');
    await page.getByTestId('shortcuts-table').waitFor();
    const combo = page.getByTestId('shortcut-combo-playerSearch');
    expect(await combo.getAttribute('data-combo')).toBe('mod+shift+f');
    expect(await combo.textContent()).toBe('Ctrl+Shift+F');

    // The palette's keys are taken: the page says so and will not save.
    await page.getByTestId('shortcut-record-playerSearch').click();
    await page.getByTestId('shortcut-recorder-playerSearch').waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => combo.getAttribute('data-combo')).toBe('mod+k');
    // The palette closes with its overlay's exit transition, which may outlast a quick navigation.
    await expect.poll(() => page.getByTestId('palette-input').count()).toBe(0);
    expect(await page.getByTestId('shortcut-issue-playerSearch').textContent()).toBe(
      'Same keys as “Command palette”',
    );
    expect(await page.getByTestId('shortcuts-save').isDisabled()).toBe(true);

    await page.getByTestId('shortcut-record-playerSearch').click();
    await page.getByTestId('shortcut-recorder-playerSearch').waitFor();
    await page.keyboard.press('Control+Alt+p');
    await expect.poll(() => combo.getAttribute('data-combo')).toBe('mod+alt+p');
    expect(await combo.textContent()).toBe('Ctrl+Alt+P');
    expect(await page.getByTestId('shortcut-issue-playerSearch').count()).toBe(0);

    await page.getByTestId('pinned-choose').selectOption('todo.list');
    await page.getByTestId('pinned-add').click();
    await page.getByTestId('pinned-item-todo.list').waitFor();
    expect(await page.getByTestId('pinned-todo.list').count()).toBe(0);

    await page.getByTestId('shortcuts-save').click();
    await expect.poll(() => page.getByTestId('shortcuts-unsaved').count()).toBe(0);
    // Saved: the top bar shows the pinned page at once, and the desktop menu the new combo.
    await page.getByTestId('pinned-todo.list').waitFor();
    await expect.poll(() => fx.host.core.menu.shortcuts().playerSearch).toBe('mod+alt+p');
    expect(fx.host.core.menu.shortcuts().commandPalette).toBe('mod+k');

    await page.reload();
    await page.getByTestId('shortcuts-table').waitFor();
    await expect.poll(() => combo.getAttribute('data-combo')).toBe('mod+alt+p');
    expect(await page.getByTestId('shortcut-custom-playerSearch').count()).toBe(1);

    // The old keys do nothing now; the new ones open the player search of the operator's first game.
    await page.keyboard.press('Control+Shift+f');
    await page.waitForTimeout(300);
    expect(hashPath(page)).toBe('/admin/shortcut');
    await page.keyboard.press('Control+Alt+p');
    await waitForPath(page, gamePagePath('atomicwar', 'players'));

    // The pinned page in the top bar leads to it.
    expect(await page.getByTestId('pinned-todo.list').textContent()).toBe('To-do list');
    await page.getByTestId('pinned-todo.list').click();
    await waitForPath(page, '/admin/todo');

    // Signed out, the menu shows the defaults again.
    await page.keyboard.press('Control+Shift+q');
    await waitForPath(page, /^\/auth\/login/);
    await expect.poll(() => fx.host.core.menu.shortcuts().playerSearch).toBe('mod+shift+f');
    await page.context().close();
  });

  it('switches game, opens the to-do popup and signs out with the default keys', async () => {
    const page = await signedIn('admin');
    await goTo(page, gamePagePath('ymmj', 'blacklist'));
    await waitForPath(page, gamePagePath('ymmj', 'blacklist'));

    // Switch game: the same page in the game chosen.
    await page.keyboard.press('Control+Shift+g');
    await page.getByTestId('palette-input').waitFor();
    expect(await page.getByTestId('palette-input').getAttribute('placeholder')).toBe('Switch to a game…');
    expect(await page.getByTestId('palette-game-ymmj').textContent()).toContain('Current');
    await page.getByTestId('palette-input').fill('party');
    await expect.poll(() => page.locator('[data-testid^="palette-game-"]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await waitForPath(page, gamePagePath('party', 'blacklist'));

    // Player search goes to the game the operator is in.
    await page.keyboard.press('Control+Shift+f');
    await waitForPath(page, gamePagePath('party', 'players'));

    await page.keyboard.press('Control+Shift+t');
    await page.getByTestId('todo-popup').waitFor();
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Shift+q');
    await waitForPath(page, /^\/auth\/login/);
    await page.getByTestId('login-account').waitFor();
    await page.context().close();
  });
});
