import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * The to-do list through the screens: an operator adds two items, sees them by deadline with
 * relative times and the critical mark, is told clearly that a name is taken, finds them in the
 * top bar's ToDoList popup, and deletes one, after which the list is read again.
 */
const fx = useConsole();

const HOUR = 3_600_000;
const SOON = 'Restart the match server';
const LATER = 'Renew the TLS certificate';

/** A datetime-local value `ms` from now, in the browser's local time. */
function localIn(page: Page, ms: number): Promise<string> {
  return page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);
}

async function addTodo(page: Page, name: string, desc: string, aheadMs: number): Promise<void> {
  await goTo(page, '/admin/todo/todoCreate');
  await page.getByTestId('todo-name').fill(name);
  await page.getByTestId('todo-desc').fill(desc);
  await page.getByTestId('todo-expireAt').fill(await localIn(page, aheadMs));
  await page.getByTestId('todo-submit').click();
}

const rows = (page: Page) => page.getByTestId('todo-row');
const rowNames = (page: Page) => page.getByTestId('todo-row-name').allTextContents();

describe('to-do list', () => {
  it('adds, sorts by deadline, refuses a duplicate name, lists in the popup and deletes', async () => {
    const page = await openConsole(fx.browser, fx.host);
    // The developer has no seeded items: the list starts empty.
    await signIn(page, 'developer');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/todo');
    await page.getByTestId('todo-empty').waitFor();

    await page.getByTestId('todo-add').click();
    await waitForPath(page, '/admin/todo/todoCreate');
    // The later one first: the list sorts them, not the order they were added in.
    await addTodo(page, LATER, 'before it expires', 10 * 24 * HOUR);
    await waitForPath(page, '/admin/todo');
    await addTodo(page, SOON, 'after the patch', 5 * HOUR);
    await waitForPath(page, '/admin/todo');

    await expect.poll(() => rowNames(page)).toEqual([SOON, LATER]);
    const deadlines = await page.getByTestId('todo-row-deadline').allTextContents();
    expect(deadlines[0]).toMatch(/^[45]h$/);
    expect(deadlines[1]).toMatch(/^(9|10)d$/);
    expect(await rows(page).evaluateAll((rs) => rs.map((r) => r.getAttribute('data-critical')))).toEqual([
      'true',
      'false',
    ]);
    expect(await rows(page).nth(0).getByTestId('todo-row-critical').textContent()).toBe('Critical');
    expect(await rows(page).nth(1).getByTestId('todo-row-critical').count()).toBe(0);
    expect(
      await page
        .getByTestId('todo-row-name')
        .first()
        .evaluate((td) => td.closest('tr')?.cells[0]?.textContent),
    ).toBe('1');

    // A heading sorts on the server, in the URL: by name, then by name backwards, then back to deadlines.
    const byName = page.getByTestId('sort-name');
    await byName.click();
    await expect.poll(() => rowNames(page)).toEqual([LATER, SOON]);
    expect(await byName.getAttribute('data-sort')).toBe('asc');
    await waitForPath(page, /sort=name/);
    await byName.click();
    await expect.poll(() => rowNames(page)).toEqual([SOON, LATER]);
    await waitForPath(page, /order=desc/);
    await byName.click();
    await expect.poll(() => byName.getAttribute('data-sort')).toBe('none');
    await expect.poll(() => rowNames(page)).toEqual([SOON, LATER]);

    // The name is the key: the same name again is refused, on the field and with the server's words.
    await addTodo(page, SOON, '', 2 * HOUR);
    const failure = page.getByTestId('error-callout');
    await expect.poll(() => failure.textContent()).toContain(`You already have a to-do named "${SOON}"`);
    expect(await page.locator('.bp6-form-group.bp6-intent-danger').textContent()).toContain(
      'This name is already in your to-do list',
    );
    await waitForPath(page, '/admin/todo/todoCreate');
    // A deadline in the past never leaves the page.
    await page.getByTestId('todo-name').fill('yesterday');
    await page.getByTestId('todo-expireAt').fill(await localIn(page, -24 * HOUR));
    await page.getByTestId('todo-submit').click();
    await expect.poll(() => page.getByTestId('todo-form-invalid').isVisible()).toBe(true);
    expect(await page.locator('.bp6-form-group.bp6-intent-danger').textContent()).toContain(
      'Choose a date and time ahead of now',
    );

    // The top bar's popup: titled ToDoList, numbered names by deadline, SEE ALL to the list.
    await goTo(page, '/home');
    await waitForPath(page, '/home');
    expect(await page.getByTestId('todo-popup-critical-count').textContent()).toBe('1');
    // Opened by the app command (its shortcut, the desktop menu), as main sends it.
    fx.host.core.events.emit('app:command', { command: 'todoList' });
    const popup = page.getByTestId('todo-popup');
    await popup.waitFor();
    expect(await popup.locator('h5').textContent()).toBe('ToDoList');
    await expect
      .poll(() => popup.getByTestId('todo-popup-item').locator('.todo-popup-name').allTextContents())
      .toEqual([`1.${SOON}`, `2.${LATER}`]);
    expect(
      await popup
        .getByTestId('todo-popup-item')
        .evaluateAll((li) => li.map((l) => l.getAttribute('data-critical'))),
    ).toEqual(['true', 'false']);
    await popup.getByTestId('todo-popup-see-all').click();
    await waitForPath(page, '/admin/todo');
    await expect.poll(() => popup.isVisible()).toBe(false);

    // Delete, confirmed: on Code 1 the list is read again and the item is gone.
    await rows(page).nth(0).getByTestId('todo-row-delete').click();
    await expect.poll(() => page.getByTestId('todo-delete-title').textContent()).toBe(`Delete “${SOON}”`);
    await page.locator('.todo-delete-alert').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowNames(page)).toEqual([LATER]);
    expect(await page.getByTestId('todo-count').textContent()).toBe('Items: 1');
    const left = await fx.host.core.handlers['api:call']({ endpoint: 'todo.list', input: {} });
    if (!left.ok) throw new Error(left.error.message);
    expect((left.data as { todo: { name: string }[] }).todo.map((i) => i.name)).toEqual([LATER]);

    // Both languages: the list and the popup in Chinese.
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect
      .poll(() => page.getByTestId('todo-row-deadline').first().textContent())
      .toMatch(/^(9|10)天$/);
    await page.getByTestId('todo-popup-button').click();
    await expect.poll(() => popup.getByTestId('todo-popup-see-all').textContent()).toBe('查看全部');
    await fx.host.core.handlers['settings:set']({ language: 'en' });
    await page.context().close();
  });

  it("shows each operator their own list: the seeded admin's items, not the developer's", async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/todo');
    await expect
      .poll(() => rowNames(page))
      .toEqual([
        'Atomic War: review the weekend event rewards',
        'Secret Realm: check the season leaderboard',
        'Lord War: refund request follow-up',
        'Party Game: plan the next testing round',
      ]);
    expect(await rowNames(page)).not.toContain(LATER);
    await page.context().close();
  });
});
