import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { planRequest } from '../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { Envelope } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { gameServerKey, signRedeem } from '../../server/giftCodes/game-server-key.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * Activation codes and shop tickets through the screens: an ADMIN of lw makes a single-use batch
 * of one code, finds it in the list, reads its code in the batch's drawer; a game server redeems
 * it (signed with the game's key, as a real one does); the lookup shows who used it; a second
 * redemption is refused with the reason; the batch is exported and disabled. A shop-ticket batch
 * is made with its price prefilled from the shop and listed.
 */

// The embedded backend's secrets key, so the test can sign as lw's game servers do (the backend
// derives each game's key from it; the in-process backend reads it from this environment).
const SECRETS = randomBytes(32);
process.env['GAMEOPS_SECRETS_KEY'] = SECRETS.toString('hex');

const fx = useConsole();
const GAME = 'lw' as const;

/** A redemption as lw's game server sends it, straight to the backend. */
async function redeem(code: string, playerId: string): Promise<Envelope<unknown>> {
  const backend = await fx.host.core.backendReady();
  if (!backend) throw new Error('no embedded backend');
  const m = {
    game: GAME,
    serverId: 'lw-s1',
    code: code.replace(/-/g, ''),
    playerId,
    ts: Date.now(),
    nonce: randomBytes(12).toString('base64url'),
  };
  const plan = planRequest(ENDPOINTS['giftCodes.redeem'], {
    ...m,
    sig: signRedeem(gameServerKey(SECRETS, GAME), m),
  });
  const r = await fetch(`${backend.url}${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
    method: plan.method,
    headers: { ...backend.headers, 'content-type': 'application/json' },
    body: JSON.stringify(plan.body),
  });
  return (await r.json()) as Envelope<unknown>;
}

/** The batch open in the drawer, from the page's URL. */
function openBatchId(page: Page): number {
  const id = new URLSearchParams(hashPath(page).split('?')[1] ?? '').get('batch');
  return Number(id);
}

async function fillReason(page: Page, dialog: string, reason: string): Promise<void> {
  await page.getByTestId(`${dialog}-reason`).fill(reason);
  await page.getByTestId(`${dialog}-confirm`).click();
}

describe('activation codes and shop tickets', () => {
  it('makes a batch, reads its code, sees it redeemed, refused twice, exported and disabled', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'lordwar');
    await waitForPath(page, '/home');
    await goTo(page, gamePagePath(GAME, 'activeCodes'));
    await page.getByTestId('batches-table').waitFor();

    // The form checks before sending: nothing typed yet is refused on the fields.
    await page.getByTestId('batch-new').click();
    await page.getByTestId('batch-submit').click();
    await page.getByTestId('batch-form-invalid').waitFor();

    const name = 'E2E launch gift';
    await page.getByTestId('batch-name').fill(name);
    await page.getByTestId('batch-prefix').fill('e0e');
    // 0 is a look-alike: left out, and the form says so.
    expect(await page.getByTestId('batch-prefix').inputValue()).toBe('EE');
    await page.getByTestId('batch-reward-item-0').selectOption({ index: 1 });
    await page.getByTestId('batch-reward-count-0').fill('5');
    await page.getByTestId('batch-reason').fill('launch giveaway test');
    await page.getByTestId('batch-submit').click();

    // Made: the batch opens in its drawer, with its one code.
    await page.getByTestId('batch-drawer').waitFor();
    await waitForPath(page, /batch=\d+/);
    const batchId = openBatchId(page);
    const codeCell = page.getByTestId('batch-codes-table').getByTestId('gift-code');
    await codeCell.waitFor();
    const code = (await codeCell.textContent()) ?? '';
    expect(code).toMatch(
      /^EE[34679ACDEFGHJKMNPQRTUVWXY]{2}(-[34679ACDEFGHJKMNPQRTUVWXY]{4}){2}-[34679ACDEFGHJKMNPQRTUVWXY]{2}$/,
    );
    expect(await page.getByTestId('batch-drawer-state').textContent()).toBe('Active');
    await page.keyboard.press('Escape');
    await page.getByTestId('batch-drawer').waitFor({ state: 'detached' });

    // Listed, unused.
    await expect.poll(() => page.getByTestId(`batch-name-${batchId}`).textContent()).toBe(name);
    expect(await page.getByTestId(`batch-used-${batchId}`).textContent()).toContain('0 / 1');

    // A game server redeems it for player 7; a second player is refused: single use.
    const first = await redeem(code, '7');
    expect(first.Status.Code).toBe(1);
    const second = await redeem(code, '8');
    expect(second.Status.Code).not.toBe(1);
    expect(second.Status.Message).toContain('is used up');

    // Looked up as a player might type it: lower case, spaces instead of dashes.
    await page.getByTestId('code-lookup-input').fill(code.toLowerCase().replace(/-/g, ' '));
    await page.getByTestId('code-lookup-submit').click();
    await page.getByTestId('code-lookup-result').waitFor();
    expect(await page.getByTestId('code-lookup-state').textContent()).toBe('Used up');
    expect(await page.getByTestId('code-lookup-uses').textContent()).toBe('Used 1 of 1 times');
    const link = page.getByTestId('code-lookup-redemptions').getByTestId('player-link-7');
    expect(await link.getAttribute('href')).toContain(
      `${gamePagePath(GAME, 'players').replace('steamplayers', 'steamplayer')}/7`,
    );
    expect(await page.getByTestId('code-lookup-redemptions').textContent()).toContain('lw-s1');

    // The lookup opens the batch: export it (a reason, then a CSV file holding the code).
    await page.getByTestId('code-lookup-batch').click();
    await page.getByTestId('batch-drawer').waitFor();
    await expect.poll(() => page.getByTestId('batch-drawer-used').textContent()).toContain('1 of 1 uses');
    await page.getByTestId('batch-export').click();
    const download = page.waitForEvent('download');
    await fillReason(page, 'batch-export-dialog', 'send to the partner');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    expect(csv).toContain(code.replace(/-/g, ''));

    // Disabled with a reason: the drawer and the list say so.
    await page.getByTestId('batch-toggle').click();
    expect(await page.getByTestId('batch-status-dialog').textContent()).toContain('stops working in');
    await fillReason(page, 'batch-status-dialog', 'partner deal ended');
    await expect.poll(() => page.getByTestId('batch-drawer-state').textContent()).toBe('Disabled');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId(`batch-state-${batchId}`).textContent()).toBe('Disabled');
  });

  it('makes a shop-ticket batch with the shop item’s price and lists it', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'lordwar');
    await waitForPath(page, '/home');
    await goTo(page, gamePagePath(GAME, 'shopTickets'));
    await page.getByTestId('batches-table').waitFor();

    await page.getByTestId('batch-new').click();
    await page.getByTestId('batch-name').fill('E2E half-price pack');
    await page.getByTestId('batch-count').fill('3');
    await page.getByTestId('batch-shop-item').selectOption({ index: 1 });
    // The price starts at the item's list price.
    await expect.poll(() => page.getByTestId('batch-price').inputValue()).toMatch(/^\d+(\.\d+)?$/);
    await page.getByTestId('batch-price').fill('1.50');
    await page.getByTestId('batch-reason').fill('weekend sale');
    await page.getByTestId('batch-submit').click();

    await page.getByTestId('batch-drawer').waitFor();
    await waitForPath(page, /batch=\d+/);
    const batchId = openBatchId(page);
    await expect.poll(() => page.getByTestId('batch-codes-table').getAttribute('data-row-count')).toBe('3');
    expect(await page.getByTestId('batch-facts').textContent()).toContain('1.50');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId(`batch-name-${batchId}`).textContent())
      .toBe('E2E half-price pack');

    // The state filter lives in the URL and narrows the list.
    await page.getByTestId('batches-state-filter').selectOption('disabled');
    await waitForPath(page, /state=disabled/);
    await expect.poll(() => page.getByTestId(`batch-name-${batchId}`).count()).toBe(0);
  });
});
