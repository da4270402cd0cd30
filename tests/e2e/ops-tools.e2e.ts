import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../shared/api/table.js';
import type { Page } from 'playwright';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * The super-admin's tools through the screens: platform keys (stored, masked, revealed with a
 * reason), player data repair (the spec's one field, a dry run, a reasoned run to its end) and
 * the system logs that saw both (filters in the URL, the entry's detail, the CSV export).
 */
const fx = useConsole();

const SECRET = 'e2e-steam-secret-0123456789WXYZ';

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input });
  if (!r.ok) throw new Error(r.error.message);
  return r.data as T;
}

/** The host holds one session, like the desktop app: a second operator in a test signs out the first. */
async function signedIn(account: string, path: string): Promise<Page> {
  await fx.host.core.handlers['session:logout'](null);
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  await waitForPath(page, path);
  return page;
}

describe('super-admin tools', () => {
  it('stores a platform key, lists it masked, reveals it to a SUPER who gives a reason; a game admin deletes it', async () => {
    const page = await signedIn('super', '/admin/steamtoken');
    await page.getByTestId('key-add').click();
    await page.getByTestId('key-game').selectOption('ymmj');
    await page.getByTestId('key-name').fill('E2E Steam');
    await page.getByTestId('key-platform').selectOption('steamWebApi');
    await page.getByTestId('key-secret').fill(SECRET);
    await page.getByTestId('key-save').click();

    const keys = await call<{ items: { id: number; name: string }[] }>('platformKeys.all', {
      q: 'E2E Steam',
    });
    expect(keys.items).toHaveLength(1);
    const id = keys.items[0]?.id ?? 0;
    await expect.poll(() => page.getByTestId(`key-mask-${id}`).textContent()).toContain('WXYZ');
    expect(await page.content()).not.toContain(SECRET);

    await page.getByTestId(`key-reveal-${id}`).click();
    await page.getByTestId('key-reveal-dialog-reason').fill('set up the new build server');
    await page.getByTestId('key-reveal-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('key-revealed-secret').textContent()).toBe(SECRET);
    await page.getByTestId('key-revealed-close').click();
    await page.context().close();

    // A game's admin manages the game's keys on its page, but sees no reveal.
    const admin = await signedIn('admin', '/ymmj/steamtoken');
    await expect.poll(() => admin.getByTestId(`key-mask-${id}`).isVisible()).toBe(true);
    expect(await admin.getByTestId(`key-reveal-${id}`).count()).toBe(0);

    // They delete it with a reason, in a confirmation naming the key and the game; it leaves the list.
    await admin.getByTestId(`key-delete-${id}`).click();
    expect(await admin.getByTestId('key-delete-dialog').textContent()).toContain('E2E Steam');
    await admin.getByTestId('key-delete-dialog-reason').fill('the build server moved to another key');
    await admin.getByTestId('key-delete-dialog-confirm').click();
    await admin.getByTestId(`key-mask-${id}`).waitFor({ state: 'detached' });
    expect((await call<{ total: number }>('platformKeys.list', { game: 'ymmj', q: 'E2E Steam' })).total).toBe(
      0,
    );
    await admin.context().close();
  });

  it('changes a platform key: nothing changed is said, not sent; a change takes a reason and sends only itself', async () => {
    // Signed in first: the key is stored through the console's own session.
    const page = await signedIn('super', '/home');
    const key = await call<{ id: number }>('platformKeys.create', {
      game: 'lw',
      name: 'E2E Epic',
      platform: 'epic',
      secret: SECRET,
      note: 'first note',
    });
    await goTo(page, '/lw/steamtoken');
    await page.getByTestId(`key-edit-${key.id}`).click();
    await page.getByTestId('key-form').waitFor();
    expect(await page.getByTestId('key-name').inputValue()).toBe('E2E Epic');
    expect(await page.getByTestId('key-secret').inputValue()).toBe('');

    // Nothing changed: a note says so and the reason is asked for; nothing is sent.
    await page.getByTestId('key-save').click();
    await expect.poll(() => page.getByTestId('key-form-note').textContent()).toMatch(/Nothing has changed/);
    expect(await page.getByTestId('key-form').textContent()).toMatch(/reason/i);

    // A new note with a reason is saved; the secret and the name stay as they were.
    await page.getByTestId('key-note').fill('moved to the new build server');
    await page.getByTestId('key-reason').fill('the build server moved');
    await page.getByTestId('key-save').click();
    await page.getByTestId('key-form').waitFor({ state: 'detached' });
    const after = await call<{ items: { id: number; name: string; note: string; secretMask: string }[] }>(
      'platformKeys.list',
      { game: 'lw', q: 'E2E Epic' },
    );
    expect(after.items).toEqual([
      expect.objectContaining({ id: key.id, name: 'E2E Epic', note: 'moved to the new build server' }),
    ]);
    expect(after.items[0]?.secretMask).toContain('WXYZ');
    await page.context().close();
  });

  it('repairs player data: Execute needs a name, a dry run shows what would change, a reasoned run ends', async () => {
    const page = await signedIn('admin', '/ymmj/batchfix');
    const name = page.getByTestId('batchfix-name');
    expect(await name.inputValue()).toBe('batchfix1');

    // The spec: Execute does nothing while the field is empty.
    await name.fill('');
    await page.getByTestId('batchfix-execute').click();
    expect(await page.getByTestId('batchfix-run-dialog').count()).toBe(0);
    await expect.poll(() => page.getByText('Give the name of a repair function').count()).toBeGreaterThan(0);

    // An unknown function is a clear error, never a crash.
    await name.fill('noSuchRepair');
    await page.getByTestId('batchfix-dryrun').click();
    await expect
      .poll(() => page.getByTestId('batchfix-dryrun-error').textContent())
      .toContain('noSuchRepair');

    await name.fill('batchfix1');
    await page.getByTestId('batchfix-dryrun').click();
    await expect.poll(() => page.getByTestId('batchfix-dryrun-result').isVisible()).toBe(true);

    await page.getByTestId('batchfix-execute').click();
    await page.getByTestId('batchfix-run-dialog-reason').fill('close the expired bans');
    await page.getByTestId('batchfix-run-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('batchfix-run').getAttribute('data-status')).toBe('done');
    expect(hashPath(page)).toMatch(/[?&]run=\d+/);
    // The runs list (the list controller, read again while a run is active) shows the run ended,
    // newest first, and opens it by its number.
    const runId = /[?&]run=(\d+)/.exec(hashPath(page))?.[1] ?? '';
    const row = page.getByTestId('batchfix-jobs-table').locator('tbody tr').first();
    await expect.poll(() => row.getAttribute('data-testid')).toBe(`batchfix-job-${runId}`);
    await expect.poll(() => row.getByTestId('batchfix-status').textContent()).toBe('Done');
    expect(await page.getByTestId('batchfix-jobs-count').textContent()).toMatch(/\d/);
    await page.goto(page.url().replace(/([?&])run=\d+&?/, '$1'));
    await expect.poll(() => page.getByTestId('batchfix-jobs-table').isVisible()).toBe(true);
    await row.getByRole('button', { name: `#${runId}` }).click();
    await expect.poll(() => hashPath(page)).toMatch(new RegExp(`[?&]run=${runId}`));
    await page.context().close();
  });

  it('shows the whole trail to a SUPER: filters in the URL, the detail of an entry, the CSV export, the events', async () => {
    const page = await signedIn('super', '/admin/systemlogs');
    // As a person would: once the trail is on screen (a choice made while the page is still
    // being put up can land on a select that is then replaced).
    await expect.poll(() => page.getByTestId('logs-count').isVisible()).toBe(true);
    await page.getByTestId('logs-game').selectOption('ymmj');
    await waitForPath(page, /game=ymmj/);
    await page.getByTestId('logs-action').selectOption('platformKeys.reveal');
    await waitForPath(page, /action=platformKeys\.reveal/);
    expect(hashPath(page)).toContain('game=ymmj');

    const rows = page.locator('[data-testid^="log-"][data-action="platformKeys.reveal"]');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('set up the new build server');
    await rows.first().click();
    await expect.poll(() => page.getByTestId('log-entry').isVisible()).toBe(true);
    expect(await page.getByTestId('log-entry').textContent()).not.toContain(SECRET);
    await page.keyboard.press('Escape');

    // The filters survive a reload: they live in the URL.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('logs-export').click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('E2E Steam');
    expect(lines[1]).toContain('set up the new build server');
    expect(csv).not.toContain(SECRET);
    await expect.poll(() => page.getByTestId('logs-export-note').isVisible()).toBe(true);

    await page.getByTestId('logs-tab-events').click();
    await expect.poll(() => page.locator('[data-kind="backend.started"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('keeps both of two filters chosen in one moment: the second does not undo the first', async () => {
    const page = await signedIn('super', '/admin/systemlogs');
    await expect.poll(() => page.getByTestId('logs-count').isVisible()).toBe(true);
    // Both choices in the same event loop turn, before the screen has drawn the first: the
    // fastest a person (or a script driving the console) can go.
    await page.evaluate(() => {
      const choose = (testId: string, value: string) => {
        const select = document.querySelector<HTMLSelectElement>(`[data-testid="${testId}"]`);
        if (!select) throw new Error(`no ${testId}`);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      choose('logs-game', 'ymmj');
      choose('logs-action', 'platformKeys.reveal');
    });
    await waitForPath(page, /action=platformKeys\.reveal/);
    expect(hashPath(page)).toContain('game=ymmj');
    await expect.poll(() => page.getByTestId('logs-game').inputValue()).toBe('ymmj');
    await expect.poll(() => page.getByTestId('logs-action').inputValue()).toBe('platformKeys.reveal');
    await page.context().close();
  });
});
