import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * Access requests end to end: newcomers ask on /auth/register, a super-admin approves one with
 * roles and declines the other with a reason, and the approved newcomer signs in with the
 * password they chose.
 */
const fx = useConsole();

const NEWCOMER = {
  name: 'mei-events',
  phone: '13955550001',
  why: 'I join the Secret Realm events team',
  password: 'chosen-by-mei-1',
};
const DECLINED = { name: 'stranger', phone: '13955550002', why: 'I would like to look around' };

/** Blueprint draws its own box over the checkbox: the label is what a person clicks. */
const tickGame = (page: Page, game: string) =>
  page.locator('label', { has: page.getByTestId(`access-request-game-${game}`) }).click();

/** A fresh form: through the sign-in page, so the form opens anew after a success screen. */
async function openForm(page: Page): Promise<void> {
  await goTo(page, '/auth/login');
  await waitForPath(page, '/auth/login');
  await goTo(page, '/auth/register');
  await waitForPath(page, '/auth/register');
}

async function askForAccess(
  page: Page,
  who: { name: string; phone: string; why: string },
  games: string[],
  password: string,
): Promise<void> {
  await openForm(page);
  await page.getByTestId('access-request-name').fill(who.name);
  await page.getByTestId('access-request-phone').fill(who.phone);
  for (const g of games) await tickGame(page, g);
  await page.getByTestId('access-request-why').fill(who.why);
  await page.getByTestId('access-request-password').fill(password);
  await page.getByTestId('access-request-confirm').fill(password);
  await page.getByTestId('access-request-submit').click();
  await expect.poll(() => page.getByTestId('access-request-sent').textContent()).toContain(who.phone);
}

describe('access requests', () => {
  it('a newcomer asks, a super-admin approves with roles, and the newcomer signs in', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await waitForPath(page, '/auth/login');
    await page.getByTestId('login-register-link').click();
    await waitForPath(page, '/auth/register');

    // An empty form and a mistyped confirmation are refused on the page, before any call.
    await page.getByTestId('access-request-submit').click();
    await expect.poll(() => page.getByTestId('access-request-form-invalid').isVisible()).toBe(true);
    await page.getByTestId('access-request-password').fill(NEWCOMER.password);
    await page.getByTestId('access-request-confirm').fill('something-else-1');
    await page.getByTestId('access-request-submit').click();
    await expect
      .poll(() => page.getByTestId('access-request-form').textContent())
      .toContain('The two passwords differ');

    await askForAccess(page, NEWCOMER, ['ymmj'], NEWCOMER.password);
    expect(await page.getByTestId('access-request-sent').textContent()).toContain(
      'A super-admin will review',
    );
    // The same phone again is refused by the server, with its words.
    await askForAccess(page, DECLINED, ['lw'], 'chosen-by-stranger');
    await openForm(page);
    await page.getByTestId('access-request-name').fill('mei-again');
    await page.getByTestId('access-request-phone').fill(NEWCOMER.phone);
    await tickGame(page, 'ymmj');
    await page.getByTestId('access-request-why').fill(NEWCOMER.why);
    await page.getByTestId('access-request-password').fill(NEWCOMER.password);
    await page.getByTestId('access-request-confirm').fill(NEWCOMER.password);
    await page.getByTestId('access-request-submit').click();
    await expect
      .poll(() => page.getByTestId('access-request-form').textContent())
      .toContain('already has a request waiting');

    // The super-admin's list: open requests by default, with approve and decline on each.
    await goTo(page, '/auth/login');
    await waitForPath(page, '/auth/login');
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/access-requests');
    await waitForPath(page, '/admin/access-requests');
    const table = page.getByTestId('access-requests-table');
    await expect.poll(() => table.textContent()).toContain(NEWCOMER.phone);
    expect(await table.textContent()).toContain(DECLINED.phone);
    expect(await table.textContent()).toContain('Secret Realm');

    // Approve with the game's role (picked already) and ADMIN added.
    await page.getByTestId(`approve-request-${NEWCOMER.phone}`).click();
    const approve = page.getByTestId('approve-request-dialog');
    await expect.poll(() => approve.textContent()).toContain('Secret Realm');
    await page.getByTestId('user-roles-input').click();
    await page.getByTestId('role-option-ADMIN').click();
    // The role list stays open over the dialog's buttons: a click elsewhere in the dialog shuts it.
    await approve.locator('.bp6-callout').click();
    await page.getByTestId('approve-request-confirm').click();
    await expect.poll(() => table.textContent()).not.toContain(NEWCOMER.phone);

    // Decline the other with a reason.
    await page.getByTestId(`decline-request-${DECLINED.phone}`).click();
    await page.getByTestId('decline-request-dialog-reason').fill('not on any team');
    await page.getByTestId('decline-request-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('access-requests-empty').isVisible()).toBe(true);

    // Every request, with what became of each.
    await goTo(page, '/admin/access-requests?status=all');
    await expect
      .poll(() => page.getByTestId(`access-request-status-${DECLINED.phone}`).textContent())
      .toContain('not on any team');
    expect(await page.getByTestId(`access-request-status-${NEWCOMER.phone}`).textContent()).toContain(
      'Administrator',
    );

    const decided = await fx.host.core.handlers['api:call']({
      endpoint: 'accessRequests.list',
      input: { status: 'declined' },
    });
    if (!decided.ok) throw new Error(decided.error.message);
    const items = (decided.data as { items: { phone: string; declineReason: string | null }[] }).items;
    expect(items.find((r) => r.phone === DECLINED.phone)?.declineReason).toBe('not on any team');
    const made = await fx.host.core.handlers['api:call']({
      endpoint: 'users.get',
      input: { phone: NEWCOMER.phone },
    });
    if (!made.ok) throw new Error(made.error.message);
    expect((made.data as { roles: string[] }).roles.sort()).toEqual(['ADMIN', 'YMMJ']);

    // The newcomer signs in with the name and the password they chose.
    await page.context().close();
    await fx.host.core.handlers['session:logout'](null);
    const newcomer = await openConsole(fx.browser, fx.host);
    await waitForPath(newcomer, '/auth/login');
    await signIn(newcomer, NEWCOMER.name, NEWCOMER.password);
    await waitForPath(newcomer, '/home');
    const session = await fx.host.core.handlers['api:call']({ endpoint: 'auth.session', input: {} });
    expect(session.ok && (session.data as { name: string }).name).toBe(NEWCOMER.name);
    await newcomer.context().close();
  });
});
