import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { playerIdOf } from '../../server/seed/players.js';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * The operators' daily work, in every game: find a player, open every tab of their detail and
 * see real rows, open the equipment table, ban a hero, blacklist and un-blacklist an IP. A
 * Service operator can search and look, but not act.
 */
const fx = useConsole();

/** Player 7 of every game is a heavy one: 10,000 pieces of equipment (server/seed/players.ts). */
const HEAVY = 7;

async function rowCount(page: Page, testId: string): Promise<number> {
  const v = await page.getByTestId(testId).first().getAttribute('data-row-count');
  return Number(v ?? -1);
}

async function signedIn(account: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  return page;
}

/** Searches by id, then by a part of the name the id search showed, and opens the player. */
async function findAndOpen(page: Page, game: GameId, id: string): Promise<void> {
  await goTo(page, gamePagePath(game, 'players'));
  await page.getByTestId('player-search-id').fill(id);
  await page.getByTestId('player-search-submit').click();
  const link = page.getByTestId(`player-link-${id}`).first();
  await link.waitFor();
  await expect.poll(() => rowCount(page, 'players-table')).toBe(1);

  const header = await page.getByTestId('players-table').textContent();
  expect(header).toContain(id);
  // The name as the results show it; search a lower-case middle part of it.
  const name =
    (await page.getByTestId('players-table').getByTestId(`player-name-${id}`).textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(3);
  const part = name.slice(1, -1).toLowerCase();
  await page.getByTestId('player-search-id').fill('');
  await page.getByTestId('player-search-name').fill(part);
  await page.getByTestId('player-search-submit').click();
  await expect.poll(async () => page.getByTestId(`player-link-${id}`).count()).toBeGreaterThan(0);

  await page.getByTestId(`player-link-${id}`).first().click();
  await waitForPath(page, new RegExp(`steamplayer/${id}`));
  await expect.poll(() => page.getByTestId('player-header').textContent()).toContain(id);
}

describe.each(GAME_IDS)('players and moderation in %s', (game) => {
  it('searches a player, opens every tab with real rows and the equipment table', async () => {
    const page = await signedIn('admin');
    const id = playerIdOf(game, HEAVY);
    await findAndOpen(page, game, id);

    for (const tab of GAMES[game].playerTabs) {
      await page.getByTestId(`player-tab-${tab}`).click();
      await waitForPath(page, new RegExp(`steamplayer/${id}/${tab}$`));
      if (TAB_DEFS[tab].kind === 'equipment') {
        await expect.poll(() => rowCount(page, 'equipment-table'), { timeout: 20_000 }).toBe(10_000);
        const title = await page.getByTestId('equipment-title').textContent();
        expect(title).toMatch(/10,?000/);
      } else {
        const panel = page.locator(`[data-testid="tab-panel"][data-tab="${tab}"]`);
        await panel.waitFor();
        await expect.poll(() => rowCount(page, 'tab-panel'), { timeout: 10_000 }).toBeGreaterThan(0);
      }
    }

    // A link to a tab opens that tab.
    const last = GAMES[game].playerTabs.at(-1) ?? 'info';
    await goTo(page, gamePagePath(game, 'players'));
    await goTo(page, `${gamePagePath(game, 'player').replace(':id', id)}/${last}`);
    await page
      .locator(`[data-testid="tab-panel"][data-tab="${last}"], [data-testid="equipment-table"]`)
      .first()
      .waitFor();

    await expect.poll(() => page.getByTestId('player-history').isVisible()).toBe(true);
    await page.close();
  });

  it('bans a hero with a reason and shows it in the list', async () => {
    const page = await signedIn('admin');
    await goTo(page, gamePagePath(game, 'bannedHeroes'));
    await page.getByTestId('banned-heroes-table').or(page.getByTestId('ban-hero-open')).first().waitFor();
    await page.getByTestId('ban-hero-open').click();
    const dialog = page.getByTestId('ban-hero-dialog');
    await dialog.waitFor();
    const select = page.getByTestId('ban-hero-hero');
    // The last hero of the catalogue: the seed bans the first ones.
    const options = await select.locator('option').allTextContents();
    const heroName = options.at(-1) ?? '';
    await select.selectOption({ label: heroName });
    await page.getByTestId('expiry-7d').click();
    await page.getByTestId('ban-hero-dialog-confirm').click();
    // No reason yet: refused on the page.
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.getByTestId('ban-hero-dialog-reason').fill('exploit found in the e2e run');
    await page.getByTestId('ban-hero-dialog-confirm').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByTestId('banned-heroes-table').textContent())
      .toContain('exploit found in the e2e run');
    await page.close();
  });

  it('creates and deletes a blacklist entry', async () => {
    const page = await signedIn('admin');
    // A benchmarking-range address: the seed's entries use the documentation ranges.
    const ip = `198.18.${GAME_IDS.indexOf(game)}.77`;
    await goTo(page, gamePagePath(game, 'blacklistCreate'));
    await page.getByTestId('blacklist-kind').selectOption('ip');
    await page.getByTestId('blacklist-value').fill(ip);
    await page.getByTestId('blacklist-submit').click();
    await page.getByTestId('blacklist-create-dialog').waitFor();
    await page.getByTestId('blacklist-create-dialog-reason').fill('credential stuffing from this address');
    await page.getByTestId('blacklist-create-dialog-confirm').click();
    await waitForPath(page, gamePagePath(game, 'blacklist'));

    await page.getByTestId('blacklist-search').fill(ip);
    await page.getByTestId('blacklist-search').press('Enter');
    await expect.poll(() => rowCount(page, 'blacklist-table')).toBe(1);
    await expect.poll(() => page.getByTestId('blacklist-table').textContent()).toContain(ip);

    await page.locator('[data-testid^="blacklist-delete-"]').first().click();
    await page.getByTestId('blacklist-delete-dialog').waitFor();
    await page.getByTestId('blacklist-delete-dialog-reason').fill('address reassigned by the ISP');
    await page.getByTestId('blacklist-delete-dialog-confirm').click();
    await expect
      .poll(
        async () =>
          (await page.getByTestId('blacklist-table').count()) === 0 ||
          (await rowCount(page, 'blacklist-table')) === 0,
      )
      .toBe(true);
    await page.close();
  });
});

describe('special users and testing players (ymmj)', () => {
  const game: GameId = 'ymmj';

  it('marks a player as a special user, with a reason', async () => {
    const page = await signedIn('admin');
    const id = playerIdOf(game, 4);
    await goTo(page, gamePagePath(game, 'specialUserCreate'));
    await page.getByTestId('special-player').fill(id);
    await page.getByTestId('special-category').selectOption('streamer');
    await page.getByTestId('special-note').fill('partner channel');
    await page.getByTestId('special-submit').click();
    await page.getByTestId('special-create-dialog').waitFor();
    await page.getByTestId('special-create-dialog-reason').fill('signed a streaming contract');
    await page.getByTestId('special-create-dialog-confirm').click();
    await waitForPath(page, gamePagePath(game, 'specialUsers'));
    await expect.poll(() => page.getByTestId('special-users-table').textContent()).toContain(id);
    await page.close();
  });

  it("refunds a testing player's recharge, with a reason", async () => {
    const page = await signedIn('admin');
    const id = playerIdOf(game, 9);
    await goTo(page, gamePagePath(game, 'testingPlayers'));
    await page.getByTestId(`testing-select-${id}`).click();
    await expect.poll(() => page.getByTestId('testing-recharges-title').textContent()).toContain(id);
    // Only this player's records: every row names them.
    await expect
      .poll(async () =>
        (await page.getByTestId('testing-recharges-table').textContent())?.includes(playerIdOf(game, 19)),
      )
      .toBe(false);
    const refunds = page.locator('[data-testid="testing-recharges-table"] [data-testid^="refund-"]');
    await refunds.first().waitFor();
    const before = await refunds.count();
    await refunds.first().click();
    await page.getByTestId('refund-dialog').waitFor();
    await page.getByTestId('refund-dialog-reason').fill('test purchase made by QA');
    await page.getByTestId('refund-dialog-confirm').click();
    await expect.poll(() => refunds.count()).toBe(before - 1);
    await page.close();
  });
});

describe('a Service operator', () => {
  it('can search and view players but not act on them or open moderation', async () => {
    const page = await signedIn('service');
    const game: GameId = 'lw';
    const id = playerIdOf(game, 3);
    await findAndOpen(page, game, id);
    await page.getByTestId('player-tab-items').click();
    await expect.poll(() => rowCount(page, 'tab-panel')).toBeGreaterThan(0);
    expect(await page.getByTestId('player-action-delete').count()).toBe(0);
    expect(await page.getByTestId('player-action-clear-cache').count()).toBe(0);

    await goTo(page, gamePagePath(game, 'bannedHeroes'));
    await waitForPath(page, '/errors/error-401');
    await page.close();
  });
});

// Only the games whose players have equipment (the registry's player tabs) page it.
describe.each(GAME_IDS.filter((g) => GAMES[g].playerTabs.includes('equipment')))(
  'equipment in %s',
  (game) => {
    it('pages a heavy player’s equipment a hundred at a time, strongest first, the page in the URL', async () => {
      const page = await signedIn('admin');
      const id = playerIdOf(game, HEAVY);
      await goTo(page, `${gamePagePath(game, 'player').replace(':id', id)}/equipment?eqview=paged`);
      await expect.poll(() => rowCount(page, 'equipment-table'), { timeout: 20_000 }).toBe(100);
      const firstOn = () =>
        page.getByTestId('equipment-table').locator('.bp6-table-cell').first().textContent();
      const top = await firstOn();
      await page.getByTestId('equipment-pager-page-2').click();
      await waitForPath(page, /[?&]eqpage=2/);
      await expect.poll(firstOn).not.toBe(top);
      expect(await rowCount(page, 'equipment-table')).toBe(100);
      // A reload (or a shared link) opens the same page.
      await page.reload();
      await expect.poll(() => rowCount(page, 'equipment-table'), { timeout: 20_000 }).toBe(100);
      expect(await page.getByTestId('equipment-pager-page-2').getAttribute('aria-current')).toBe('page');
      await page.close();
    });
  },
);
