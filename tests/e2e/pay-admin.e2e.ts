import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { EndpointId } from '../../shared/api/table.js';
import type { Order } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { playerIdOf } from '../../server/seed/players.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * The payment side for a SUPER through the screens: the pay-server sign-in (main keeps the
 * token), the providers, shutting the pay server down with a reason (a new order is then
 * refused with a clear message), starting it again, and every game's orders on /pay/orders.
 */
const fx = useConsole();

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input });
  if (!r.ok) throw new Error(r.error.message);
  return r.data as T;
}

async function signedIn(account: string, path: string): Promise<Page> {
  await fx.host.core.handlers['session:logout'](null);
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  await waitForPath(page, path);
  return page;
}

/** A new order through the renderer's own bridge, as a screen would open one. */
function openOrder(page: Page, requestId: string) {
  return page.evaluate(
    ({ playerId, requestId: id }) =>
      window.gameops?.call('pay.order', { game: 'ymmj', playerId, productId: 22001, requestId: id }),
    { playerId: playerIdOf('ymmj', 7), requestId },
  );
}

describe('pay admin', () => {
  it('signs in to the pay server, shuts it down with a reason, is refused, and starts it again', async () => {
    const page = await signedIn('super', '/pay/paypal');
    await page.getByTestId('pay-server-signed-out').waitFor();
    // Without the pay-server session a payment call is refused, telling what to do.
    const before = await openOrder(page, 'e2e-pay-before-1');
    expect(before?.ok ? 0 : before?.error.code).toBe(Codes.PAY_SERVER_SIGN_IN);

    await page.getByTestId('pay-server-sign-in').click();
    await page.getByTestId('pay-server-signed-in').waitFor();
    expect(await page.content()).not.toContain('pst_');

    await page.getByTestId('pay-provider-paypal').waitFor();
    expect(await page.getByTestId('pay-providers').textContent()).toContain('/pay/notify/paypal');

    await page.getByTestId('pay-server-shutdown').click();
    expect(await page.getByTestId('pay-server-confirm').textContent()).toContain('new orders and payments');
    await page.getByTestId('pay-server-confirm-reason').fill('provider maintenance window');
    await page.getByTestId('pay-server-confirm-confirm').click();
    await expect.poll(() => page.getByTestId('pay-server-state').textContent()).toBe('Shut down');
    expect(await page.getByTestId('pay-server-changed').textContent()).toContain(
      'provider maintenance window',
    );

    const refused = await openOrder(page, 'e2e-pay-refused-1');
    expect(refused?.ok ? 0 : refused?.error.code).toBe(Codes.UNAVAILABLE);

    await page.getByTestId('pay-server-start').click();
    await page.getByTestId('pay-server-confirm-reason').fill('maintenance over');
    await page.getByTestId('pay-server-confirm-confirm').click();
    await expect
      .poll(() => page.getByTestId('pay-server-state').textContent())
      .toBe('Taking orders and payments');

    const opened = await openOrder(page, 'e2e-pay-opened-1');
    expect(opened?.ok, JSON.stringify(opened)).toBe(true);
    await page.context().close();
  });

  it('lists every game’s orders of the last 7 days, filtered with the order lists’ drawer, in the URL', async () => {
    const page = await signedIn('super', '/pay/orders');
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const start = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const all = await call<{ items: Order[]; total: number }>('payOrders.list', { start, end, pageSize: 20 });
    expect(all.total).toBeGreaterThan(0);
    const first = all.items[0];
    if (!first) throw new Error('no orders');
    await page.getByTestId(`pay-order-state-${first.orderId}`).waitFor();

    // The game order lists' drawer, with a game: one way of filtering every order list.
    await page.getByTestId('pay-orders-filters').click();
    await page.getByTestId('pay-orders-drawer-game').selectOption(first.game);
    // Blueprint draws its own box over a checkbox's input: the label is what a person clicks.
    await page.getByTestId(`pay-orders-drawer-state-${first.state}`).locator('xpath=..').click();
    await page.getByTestId('pay-orders-drawer-apply').click();
    await waitForPath(page, new RegExp(`^/pay/orders\\?.*state=${first.state}`));
    expect(hashPath(page)).toContain(`game=${first.game}`);
    await page.getByTestId(`pay-orders-tag-state-${first.state}`).waitFor();
    await page.getByTestId(`pay-order-state-${first.orderId}`).waitFor();
    const shown = await page.getByTestId('pay-orders').textContent();
    expect(shown).toContain(first.orderId);
    await page.context().close();
  });

  it('lists a refund that went through the order’s sandbox provider', async () => {
    const page = await signedIn('super', '/pay/paypal');
    // A delivered order of a player's purchase: its refund asks the provider's sandbox first.
    const delivered = await call<{ items: Order[] }>('orders.search', {
      game: 'ymmj',
      state: ['delivered'],
      kind: 'purchase',
      pageSize: 50,
    });
    const order = delivered.items.find((o) => o.provider !== null);
    if (!order) throw new Error('no delivered purchase in the seed');
    await call('orders.refund', { game: 'ymmj', orderId: order.orderId, reason: 'duplicate charge' });
    await page.reload();
    await expect.poll(() => page.getByTestId('pay-refunds').textContent()).toContain(order.orderId);
    expect(await page.getByTestId('pay-refunds').textContent()).toContain('duplicate charge');
    await page.context().close();
  });
});
