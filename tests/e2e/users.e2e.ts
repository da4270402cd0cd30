import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

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
    // A change that changes nothing is not sent, and only says so (no reason is asked for it).
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-form-note').waitFor();
    expect(await page.getByTestId('user-form-invalid').count()).toBe(0);
    await page.getByTestId('user-first_name').fill('Night Shift Lead');
    await page.getByTestId('user-submit').click();
    // Now it changes something: the reason is what is missing, and the focus goes there.
    await page.getByTestId('user-form-invalid').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('user-reason');
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

describe("an operator's audit log", () => {
  const SUPER_PHONE = '13800000001';

  async function call(endpoint: string, input: Record<string, unknown>) {
    const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
    if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  }

  /** The actions of the rows shown (each row carries its code; the cell shows its name). */
  const shownActions = (page: Page) =>
    page
      .locator('[data-testid="user-logs"] tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action') ?? ''));

  it('names actions and games in both languages and filters by kind, game and days, in the URL', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    // Through the same session: one action in a game, one outside the games.
    await call('blacklist.create', { game: 'lw', kind: 'ip', value: '198.18.50.1', reason: 'scanner found' });
    await call('users.update', { phone: '13800000004', first_name: 'Guest Desk', reason: 'new desk name' });

    await goTo(page, `/admin/user/${SUPER_PHONE}`);
    const log = page.getByTestId('user-logs');
    await expect.poll(() => log.textContent()).toContain('Added to the blacklist');
    const text = (await log.textContent()) ?? '';
    expect(text).toContain('Changed an operator');
    expect(text).toContain('Signed in');
    // Names, not codes: the action and game cells say what an operator would.
    const cells = (column: number) =>
      log
        .locator(`tbody tr td:nth-child(${column})`)
        .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
    const actions = await cells(2);
    for (const code of ['blacklist.create', 'users.update', 'auth.login'])
      expect(actions).not.toContain(code);
    expect(await cells(3)).toContain('Lord War');
    expect(await cells(3)).not.toContain('lw');

    await page.getByTestId('user-logs-kind').selectOption('actions');
    await expect.poll(() => hashPath(page)).toContain('logKind=actions');
    await expect.poll(async () => (await shownActions(page)).some((a) => a.startsWith('auth.'))).toBe(false);
    expect(await shownActions(page)).toContain('users.update');

    await page.getByTestId('user-logs-kind').selectOption('sessions');
    await expect.poll(async () => (await shownActions(page)).every((a) => a.startsWith('auth.'))).toBe(true);
    expect((await shownActions(page)).length).toBeGreaterThan(0);

    await page.getByTestId('user-logs-clear').click();
    await page.getByTestId('user-logs-game').selectOption('lw');
    await expect.poll(() => shownActions(page)).toEqual(['blacklist.create']);

    // Days are the operator's local days; a range starting tomorrow holds nothing yet.
    const [today, tomorrow] = await page.evaluate(() => {
      const day = (d: Date) =>
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const now = new Date();
      return [day(now), day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))];
    });
    await page.getByTestId('user-logs-from').fill(today);
    await page.getByTestId('user-logs-to').fill(today);
    await expect.poll(() => shownActions(page)).toEqual(['blacklist.create']);
    await page.getByTestId('user-logs-from').fill(tomorrow);
    await page.getByTestId('user-logs-reversed').waitFor();
    await page.getByTestId('user-logs-to').fill(tomorrow);
    await page.getByTestId('user-logs-empty').waitFor();

    // The filters are in the URL: a reload shows the same log.
    await page.reload();
    await page.getByTestId('user-logs-empty').waitFor();
    expect(await page.getByTestId('user-logs-game').inputValue()).toBe('lw');

    await page.getByTestId('user-logs-clear').click();
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => log.textContent()).toContain('加入黑名单');
    const zh = (await log.textContent()) ?? '';
    expect(zh).toContain('领主战争');
    expect(zh).toContain('登录');
    await fx.host.core.handlers['settings:set']({ language: 'en' });
    await page.context().close();
  });
});

describe('the roles picker', () => {
  /** The roles the picker offers, by their option test ids. */
  async function offered(page: Page): Promise<string[]> {
    await page.getByTestId('user-roles-input').click();
    const options = page.locator('[data-testid^="role-option-"]');
    await options.first().waitFor();
    const ids = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    await page.keyboard.press('Escape');
    return ids.map((id) => id.replace('role-option-', ''));
  }

  it('offers the roles GET /admin/roles answers, and says so when they cannot be read', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    const r = await fx.host.core.handlers['api:call']({ endpoint: 'users.roles', input: {} });
    if (!r.ok) throw new Error(r.error.message);
    const roles = (r.data as { roles: string[] }).roles;
    await goTo(page, '/admin/users/create');
    expect(await offered(page)).toEqual(roles);

    // A backend that knows fewer roles: the picker offers only those.
    await page.route('**/__ipc/api:call', async (route) => {
      const asked = route.request().postDataJSON() as { input: { endpoint: string } };
      if (asked.input.endpoint !== 'users.roles') return route.continue();
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { roles: string[] } };
      body.data.roles = body.data.roles.filter((role) => role !== 'Service');
      return route.fulfill({ response: answer, json: body });
    });
    await page.reload();
    await page.getByTestId('user-roles-input').waitFor();
    expect(await offered(page)).toEqual(roles.filter((role) => role !== 'Service'));

    // The admin service cannot be reached: no roles to pick, and the failure said with a retry.
    await page.unroute('**/__ipc/api:call');
    await page.route('**/__ipc/api:call', async (route) => {
      const asked = route.request().postDataJSON() as { input: { endpoint: string } };
      return asked.input.endpoint === 'users.roles' ? route.abort('connectionrefused') : route.continue();
    });
    await page.reload();
    await page.getByTestId('user-roles-error').waitFor();
    expect(await page.getByTestId('user-roles-input').isDisabled()).toBe(true);
    await page.context().close();
  });
});
