import { describe, expect, it } from 'vitest';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/** A super-admin manages an operator through the screens; every change lands in the audit log. */
const fx = useConsole();

const PHONE = '13900000123';

describe('operator management', () => {
  it('creates, edits (with a reason) and deletes (confirmed, with a reason) an operator', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/users/create');
    await page.getByTestId('user-phone').fill(PHONE);
    await page.getByTestId('user-name').fill('nightshift');
    await page.getByTestId('user-first_name').fill('Night Shift');
    await page.getByTestId('user-password').fill('a-long-password-1');
    await page.getByTestId('user-confirmPassword').fill('a-long-password-1');
    // Submitting without a role is refused on the page, before any call.
    await page.getByTestId('user-submit').click();
    await expect.poll(() => page.getByTestId('user-form-invalid').isVisible()).toBe(true);
    await page.getByTestId('user-roles-input').click();
    await page.getByTestId('role-option-Service').click();
    await page.getByTestId('user-submit').click();
    await waitForPath(page, `/admin/user/${PHONE}`);
    await expect.poll(() => page.getByTestId('user-name').textContent()).toContain('nightshift');

    await page.getByTestId('edit-user').click();
    await waitForPath(page, `/admin/user/${PHONE}/edit`);
    await page.getByTestId('user-first_name').fill('Night Shift Lead');
    await page.getByTestId('user-reason').fill('promoted to shift lead');
    await page.getByTestId('user-submit').click();
    await waitForPath(page, `/admin/user/${PHONE}`);
    await expect.poll(() => page.getByTestId('user-profile').textContent()).toContain('Night Shift Lead');

    await page.getByTestId('delete-user').click();
    await page.getByTestId('delete-user-dialog-reason').fill('left the studio');
    await page.getByTestId('delete-user-dialog-confirm').click();
    await waitForPath(page, '/admin/users');

    const found = await fx.host.core.handlers['api:call']({ endpoint: 'users.get', input: { phone: PHONE } });
    expect(found.ok ? 0 : found.error.code).toBe(40400);
    const logs = await fx.host.core.handlers['api:call']({
      endpoint: 'users.logs',
      input: { phone: '13800000001', pageSize: 10 },
    });
    if (!logs.ok) throw new Error(logs.error.message);
    const entries = (logs.data as { items: { action: string; target: string; reason: string | null }[] })
      .items;
    const mine = entries.filter((e) => e.target.includes(PHONE));
    expect(mine.map((e) => [e.action, e.reason])).toEqual([
      ['users.delete', 'left the studio'],
      ['users.update', 'promoted to shift lead'],
      ['users.create', null],
    ]);
    await page.context().close();
  });
});
