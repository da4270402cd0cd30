import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { EndpointId } from '../../shared/api/table.js';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * A game's orders through the screens, in atomicwar: a manual order above the approval threshold
 * waits for a second ADMIN (its creator cannot approve it, another admin can, and it is
 * delivered); a manual order of a recharge pack is priced from the pack; a refused order says what
 * to fix, and items go with their counts; a SUPER changes the threshold; a purchase paid in a
 * provider's sandbox is delivered; with the game unreachable a paid order shows its failed
 * delivery, and once the game is back "Resend" delivers it; the filter drawer's Completed shows
 * delivered orders only, in the URL.
 *
 * The backend runs in this process (the host's in-process launcher) and delivers to the demo's
 * simulated game servers over HTTP. "The game is unreachable" is made the way a network makes it:
 * this process's fetch to a game server's /deliver fails as a refused connection, while every other
 * request (the sandbox's payment notices included) goes through.
 */
const fx = useConsole();
const GAME = 'atomicwar';
/** atomicwar's first recharge pack (server/players/themes/atomicwar.ts). */
const PACK = 12001;

const realFetch = globalThis.fetch;
let gameDown = false;

beforeAll(() => {
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (gameDown && new URL(url).pathname === '/deliver') throw new TypeError('fetch failed');
    return realFetch(input, init);
  }) as typeof fetch;
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

/** The host holds one session, like the desktop app: a second operator signs out the first. */
async function signedIn(account: string, path: string): Promise<Page> {
  await fx.host.core.handlers['session:logout'](null);
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  await waitForPath(page, path);
  return page;
}

/** Blueprint draws its own box over a checkbox's input: the label is what a person clicks. */
const checkbox = (page: Page, testId: string) => page.getByTestId(testId).locator('xpath=..').click();

const detailState = (page: Page) => page.getByTestId('order-detail-state').getAttribute('data-state');

async function aPlayer(): Promise<string> {
  const players = await call<{ items: { id: string }[] }>('players.search', {
    game: GAME,
    page: 1,
    pageSize: 5,
  });
  const id = players.items[0]?.id;
  if (!id) throw new Error('the demo data has no atomicwar player');
  return id;
}

/** Opens a purchase of the first pack for a player, as the payment service's POST /order/order. */
async function openPurchase(playerId: string): Promise<string> {
  // The payment service takes the pay-server token main keeps for the signed-in operator.
  const ps = await fx.host.core.handlers['payServer:signIn'](null);
  if (!ps.ok) throw new Error(`payServer:signIn: ${ps.error.message}`);
  const order = await call<{ orderId: string }>('pay.order', {
    game: GAME,
    playerId,
    productId: PACK,
    requestId: crypto.randomUUID().replaceAll('-', ''),
  });
  return order.orderId;
}

/**
 * Starts the payment on the order's page with a provider, then presses the sandbox checkout's
 * Pay, as the player's browser would: without the console's launch key, which the embedded
 * backend does not ask of the sandbox's routes (server/payments/routes.ts). Nobody presses
 * Refresh afterwards: the order's page follows the server by itself.
 */
async function payInSandbox(page: Page, provider: string): Promise<void> {
  await page.getByTestId('order-pay-provider').selectOption(provider);
  await page.getByTestId('order-pay-start').click();
  const url = page.getByTestId('order-pay-url');
  await url.waitFor();
  const checkout = await url.inputValue();
  expect(checkout).toContain(`/sandbox/${provider}/checkout/`);
  const res = await realFetch(checkout.replace('/checkout/', '/pay/'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  expect(res.status).toBe(200);
  // No Refresh: the page follows the order while it is being paid and delivered.
}

describe('orders', () => {
  it('a manual order above the threshold waits for a second admin, who approves it', async () => {
    const page = await signedIn('atomicwar', `/${GAME}/recharge/ordercreate`);
    const playerId = await aPlayer();
    await page.getByTestId('order-create-player').fill(playerId);
    await page.getByTestId('order-create-amount').click();
    await expect
      .poll(() => page.getByTestId('order-create-player').getAttribute('data-player'))
      .toBe('found');
    await page.getByTestId('order-create-amount').fill('600');
    await expect
      .poll(() => page.getByTestId('order-create-threshold').getAttribute('data-waits'))
      .toBe('true');
    await page.getByTestId('order-create-reason').fill('compensation for the lost season pass');
    await page.getByTestId('order-create-submit').click();

    // The new order opens; it waits, and its creator is told another admin must decide.
    await waitForPath(page, /\/atomicwar\/recharge\/retrive\?.*order=/);
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    const orderId = (await detail.getAttribute('data-order')) ?? '';
    expect(orderId).toMatch(/^GOA/);
    await expect
      .poll(() => page.getByTestId('order-detail-approval').getAttribute('data-approval'))
      .toBe('pending');
    await expect.poll(() => page.getByTestId('order-own-approval').isVisible()).toBe(true);
    expect(await page.getByTestId('order-action-approve').count()).toBe(0);
    expect(await page.getByTestId('order-action-reject').count()).toBe(0);
    // Nor does the server let them, whatever the screen shows.
    await expect(call('orders.approve', { game: GAME, orderId, reason: 'my own order' })).rejects.toThrow();
    await page.context().close();

    // Another admin of the game finds it on the "awaiting approval" tab and approves it.
    const other = await signedIn('admin', `/${GAME}/pay/awaitingApproval`);
    await other.getByTestId(`order-link-${orderId}`).click();
    await other.getByTestId('order-action-approve').click();
    await other.getByTestId('order-approve-dialog-reason').fill('checked with the support ticket');
    await other.getByTestId('order-approve-dialog-confirm').click();
    await expect.poll(() => detailState(other)).toBe('delivered');
    await expect
      .poll(() => other.getByTestId('order-detail-approval').getAttribute('data-approval'))
      .toBe('approved');
    await expect
      .poll(() => other.locator('[data-testid="order-event"][data-action="approve"]').count())
      .toBe(1);
    await other.context().close();
  });

  it('a manual order of a recharge pack is priced from the pack, the amount shown and not typed', async () => {
    const page = await signedIn('atomicwar', `/${GAME}/recharge/ordercreate`);
    const playerId = await aPlayer();
    await page.getByTestId('order-create-player').fill(playerId);
    await page.getByTestId('order-create-reason').click();
    await expect
      .poll(() => page.getByTestId('order-create-player').getAttribute('data-player'))
      .toBe('found');
    await checkbox(page, 'order-create-kind-recharge');
    await page.getByTestId('order-create-pack').selectOption(String(PACK));
    const amount = page.getByTestId('order-create-amount');
    await expect.poll(() => amount.inputValue()).toBe('4.99');
    expect(await amount.getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('order-create-reason').fill('the pack bought twice was charged once');
    await page.getByTestId('order-create-submit').click();
    await waitForPath(page, /\/atomicwar\/recharge\/retrive\?.*order=/);
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    const orderId = (await detail.getAttribute('data-order')) ?? '';
    await expect.poll(() => detailState(page)).toBe('delivered');
    const order = await call<{ grant: unknown; amount: number }>('orders.get', { game: GAME, orderId });
    expect(order).toMatchObject({ grant: { kind: 'recharge', productId: PACK }, amount: 499 });
    await page.context().close();
  });

  it('a refused order says what to fix and starts there; items go with their counts, each once', async () => {
    const page = await signedIn('atomicwar', `/${GAME}/recharge/ordercreate`);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    await page.getByTestId('order-create-submit').click();
    await page.getByTestId('order-create-invalid').waitFor();
    await expect.poll(focused).toBe('order-create-player');
    expect(await page.getByText("Give the player's ID (up to 32 characters)").isVisible()).toBe(true);

    await page.getByTestId('order-create-player').fill(await aPlayer());
    await checkbox(page, 'order-create-kind-items');
    await page.getByTestId('order-create-add-item').click();
    await page.getByTestId('order-create-add-item').click();
    const first = page.getByTestId('order-create-item-0');
    const [a, b] = await first
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
    if (!a || !b) throw new Error('the demo catalogue has fewer than two atomicwar items');
    await first.selectOption(a);
    await page.getByTestId('order-create-item-1').selectOption(a);
    await page.getByTestId('order-create-count-1').fill('3');
    await page.getByTestId('order-create-amount').fill('30');
    await page.getByTestId('order-create-reason').fill('items lost in the server move');
    await page.getByTestId('order-create-submit').click();
    await page.getByText('Each item only once; raise its count instead').waitFor();
    expect(page.url()).toContain('/recharge/ordercreate');

    await page.getByTestId('order-create-item-1').selectOption(b);
    await page.getByTestId('order-create-submit').click();
    await waitForPath(page, /\/atomicwar\/recharge\/retrive\?.*order=/);
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    const orderId = (await detail.getAttribute('data-order')) ?? '';
    const order = await call<{ grant: unknown }>('orders.get', { game: GAME, orderId });
    expect(order.grant).toEqual({
      kind: 'items',
      rewards: [
        { itemId: Number(a), count: 1 },
        { itemId: Number(b), count: 3 },
      ],
    });
    await page.context().close();
  });

  it("a SUPER changes the game's approval threshold beside the order form, with a reason", async () => {
    const page = await signedIn('super', `/${GAME}/recharge/ordercreate`);
    const before = await call<{ approvalThreshold: number }>('orders.settings', { game: GAME });
    const threshold = page.getByTestId('order-settings-threshold');
    await threshold.fill('1.234');
    await page.getByTestId('order-settings-save').click();
    await page
      .getByTestId('order-settings')
      .getByText('An amount such as 60 or 12.50, with no more decimals than the currency has')
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('order-settings-threshold');
    await threshold.fill('7000');
    await page.getByTestId('order-settings-reason').fill('raised for the holiday sale');
    await page.getByTestId('order-settings-save').click();
    await expect
      .poll(
        async () =>
          (await call<{ approvalThreshold: number }>('orders.settings', { game: GAME })).approvalThreshold,
      )
      .toBe(700_000);
    // The reason is asked again for the next change.
    await expect.poll(() => page.getByTestId('order-settings-reason').inputValue()).toBe('');
    await call('orders.saveSettings', {
      game: GAME,
      approvalThreshold: before.approvalThreshold,
      reason: 'back as it was',
    });
    await page.context().close();
  });

  it('a purchase paid in the sandbox is delivered; a failed delivery is resent once the game is back', async () => {
    const page = await signedIn('admin', `/${GAME}/recharge/retrive`);
    const playerId = await aPlayer();
    const first = await openPurchase(playerId);
    await goTo(page, `/${GAME}/recharge/retrive?orderId=${first}&order=${first}`);
    await expect.poll(() => detailState(page)).toBe('created');
    await payInSandbox(page, 'wechat');
    await expect.poll(() => detailState(page)).toBe('delivered');
    // The list behind the drawer followed too.
    await expect
      .poll(() => page.getByTestId(`order-state-${first}`).getAttribute('data-state'))
      .toBe('delivered');
    await expect
      .poll(() => page.locator('[data-testid^="order-notice-"] [data-outcome="applied"]').count())
      .toBe(1);

    // The game cannot be reached: the next paid order is paid but not delivered, and says why.
    gameDown = true;
    const second = await openPurchase(playerId);
    await goTo(page, `/${GAME}/recharge/retrive?orderId=${second}&order=${second}`);
    await expect.poll(() => page.getByTestId('order-detail').getAttribute('data-order')).toBe(second);
    await expect.poll(() => detailState(page)).toBe('created');
    await payInSandbox(page, 'alipay');
    await expect.poll(() => detailState(page)).toBe('deliveryFailed');
    await expect.poll(() => page.getByTestId('order-detail-delivery-error').isVisible()).toBe(true);
    // The backend tries again by itself, and says when.
    await expect(page.getByTestId('order-detail-next-try').textContent()).resolves.toMatch(/^Next try: /);

    // The game is back: Resend delivers it.
    gameDown = false;
    await page.getByTestId('order-action-resend').click();
    await page.getByTestId('order-resend-dialog-reason').fill('game server restarted');
    await page.getByTestId('order-resend-dialog-confirm').click();
    await expect.poll(() => detailState(page)).toBe('delivered');
    await page.context().close();
  });

  it('a click on a header sorts the orders on the server, in the URL; a second click reverses them', async () => {
    const page = await signedIn('admin', `/${GAME}/recharge/retrive`);
    await page.getByTestId('orders-count').waitFor();
    const shown = () =>
      page
        .locator('[data-testid^="order-link-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.replace('order-link-', '')));
    const server = async (order: 'asc' | 'desc') =>
      (
        await call<{ items: { orderId: string }[] }>('orders.search', {
          game: GAME,
          sort: 'amount',
          order,
          page: 1,
          pageSize: LIST_PAGE_SIZE,
        })
      ).items.map((o) => o.orderId);
    // The table draws its header twice (a frozen copy over the body's): the mouse presses whichever
    // is on top, as an operator's would; both say the same.
    const header = page.getByTestId('orders-table').getByTestId('sort-amount').first();
    const press = async () => {
      const box = await header.boundingBox();
      if (!box) throw new Error('the Amount header is not on screen');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    expect(await header.getAttribute('data-sort')).toBe('none');
    await press();
    await waitForPath(page, /sort=amount/);
    await expect.poll(() => header.getAttribute('data-sort')).toBe('asc');
    await expect.poll(shown).toEqual(await server('asc'));
    await press();
    await waitForPath(page, /sortOrder=desc/);
    await expect.poll(() => header.getAttribute('data-sort')).toBe('desc');
    await expect.poll(shown).toEqual(await server('desc'));
    // A third click goes back to the list's own order (newest first), and the URL says nothing.
    await press();
    await page.waitForFunction(() => !location.hash.includes('sort='));
    await page.context().close();
  });

  it('the filter drawer narrows the list in the URL: Completed shows delivered orders only', async () => {
    const page = await signedIn('admin', `/${GAME}/recharge/retrive`);
    await page.getByTestId('orders-count').waitFor();
    await page.getByTestId('orders-filters').click();
    await checkbox(page, 'orders-drawer-status-Completed');
    await page.getByTestId('orders-drawer-apply').click();
    await waitForPath(page, /status=Completed/);
    await page.getByTestId('orders-tag-paymentStatus-Completed').waitFor();
    const states = page.locator('[data-testid^="order-state-"]');
    await expect.poll(() => states.count()).toBeGreaterThan(0);
    await expect
      .poll(
        async () => new Set(await states.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))),
      )
      .toEqual(new Set(['delivered']));

    // Selected delivered orders can be refunded but not resent.
    await checkbox(page, 'orders-select-page');
    await page.getByTestId('orders-bulk').waitFor();
    expect(await page.getByTestId('orders-bulk-refund').isEnabled()).toBe(true);
    expect(await page.getByTestId('orders-bulk-resend').isEnabled()).toBe(false);

    // Refund two of them at once: one reason, each order's result in the dialog, the list reloads.
    await checkbox(page, 'orders-select-page');
    const picked = (
      await states.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
    ).slice(0, 2);
    const ids = picked.map((t) => t.replace('order-state-', ''));
    for (const id of ids) await checkbox(page, `order-select-${id}`);
    await expect.poll(() => page.getByTestId('orders-bulk-count').textContent()).toContain('2');
    await page.getByTestId('orders-bulk-refund').click();
    await page.getByTestId('order-bulk-dialog-reason').fill('duplicate charge reported by the players');
    await page.getByTestId('order-bulk-dialog-confirm').click();
    await page.getByTestId('order-bulk-summary').waitFor();
    for (const id of ids)
      expect(await page.getByTestId(`order-bulk-result-${id}`).getAttribute('data-ok')).toBe('true');
    await page.getByTestId('order-bulk-dialog-close').click();
    for (const id of ids) await page.getByTestId(`order-link-${id}`).waitFor({ state: 'detached' });

    // Removing the tag removes the filter.
    await page.locator('[data-testid="orders-tag-paymentStatus-Completed"] button').click();
    await page.waitForFunction(() => !location.hash.includes('status='));
    await page.context().close();
  });
});
