import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { DEMO_FLEET } from '../../server/simulated/fleet.js';
import { SimulatedGameServer } from '../../server/simulated/game-server.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * Server watch as a super-admin meets it: the demo's simulated game servers on the live status
 * page; a server of the test's own on loopback, watched through the add dialog, really stopped
 * (its socket closed) and restarted, with the down and recovery alerts arriving in the top bar's
 * bell through the bridge's event channel and the page following without a reload. The watch
 * checks every 5 s (the shortest interval an operator may set) and is down after one failed check,
 * so nothing here needs a test-only knob in the backend.
 */
const fx = useConsole();
/** A check every 5 s, and main's long-poll answering at once: well inside this. */
const ALERT_WAIT_MS = 20_000;

let target: SimulatedGameServer;

beforeAll(async () => {
  target = new SimulatedGameServer(
    { key: 'e2e-edge', game: 'lw', name: 'E2E Edge', peakPlayers: 900, dailyIncome: 5_000_000 },
    Date.now,
  );
  await target.start(0);
});

afterAll(async () => {
  await target?.stop();
});

async function superOn(path: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, 'super');
  await waitForPath(page, '/home');
  await goTo(page, path);
  return page;
}

const rowState = (page: Page, id: number) =>
  page
    .getByTestId(`watch-row-${id}`)
    .getAttribute('data-state', { timeout: 2000 })
    .catch(() => null);

/** The alert of `kind` about server `id` in the bell's list (opened for the look, then closed). */
async function bellHas(page: Page, kind: string, id: number): Promise<boolean> {
  await page.getByTestId('alerts-button').click();
  await page.getByTestId('alerts-list').waitFor();
  const n = await page
    .locator(`[data-testid="alerts-list"] [data-kind="${kind}"][data-server="${id}"]`)
    .count();
  await page.keyboard.press('Escape');
  await page.getByTestId('alerts-list').waitFor({ state: 'detached' });
  return n > 0;
}

/** Closes the server's details with the drawer's close button (the URL loses ?server). */
async function closeDetail(page: Page): Promise<void> {
  await page.locator('.bp6-drawer .bp6-dialog-close-button').click();
  await page.getByTestId('watch-detail').waitFor({ state: 'detached' });
}

async function call<T>(endpoint: string, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

describe('server watch', () => {
  it('shows the demo servers, and alerts when a watched server really stops and comes back', async () => {
    const page = await superOn('/admin/serverwatch');
    // Every simulated game server of the demo data is on the page.
    await page.getByTestId('watch-table').waitFor();
    for (const s of DEMO_FLEET) {
      await expect
        .poll(() => page.locator(`[data-testid^="watch-row-"][data-name="${s.name}"]`).count())
        .toBe(1);
    }

    // Watch the test's own server: TCP on loopback, every 5 s, down after one failed check.
    await page.getByTestId('watch-add').click();
    await page.getByTestId('watch-name').fill('E2E Edge');
    await page.getByTestId('watch-game').selectOption('lw');
    await page.getByTestId('watch-kind').selectOption('tcp');
    await page.getByTestId('watch-host').fill('127.0.0.1');
    await page.getByTestId('watch-port').fill(String(target.port));
    await page.getByTestId('watch-intervalSec').fill('5');
    await page.getByTestId('watch-failuresToDown').fill('1');
    // The interval is now shorter than the default timeout: the form says so before any call.
    await page.getByTestId('watch-save').click();
    await page.getByTestId('watch-form-invalid').waitFor();
    await page.getByTestId('watch-timeoutMs').fill('1000');
    // "Test check" asks the backend to connect once now.
    await page.getByTestId('watch-test').click();
    await expect.poll(() => page.getByTestId('watch-test-result').getAttribute('data-ok')).toBe('true');
    await page.getByTestId('watch-save').click();
    // Saved, the page opens the new server's details.
    await waitForPath(page, /^\/admin\/serverwatch\?server=\d+$/);
    const id = Number(new URLSearchParams(hashPath(page).split('?')[1]).get('server'));
    await page.getByTestId('watch-detail').waitFor();
    await closeDetail(page);
    await expect.poll(() => rowState(page, id), { timeout: ALERT_WAIT_MS }).toBe('up');

    // Stop the real server: the next check is refused, the alert reaches the bell and the page.
    await target.stop();
    await expect
      .poll(
        () =>
          page
            .getByTestId('alerts-count')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        {
          timeout: ALERT_WAIT_MS,
        },
      )
      .toBe('1');
    expect(await bellHas(page, 'down', id)).toBe(true);
    await expect.poll(() => rowState(page, id), { timeout: 5000 }).toBe('down');
    expect(await page.getByTestId('watch-summary-down').getAttribute('data-count')).toBe('1');

    // Back on its port: the recovery alert, the state up again, no server down.
    await target.start();
    await expect.poll(() => rowState(page, id), { timeout: ALERT_WAIT_MS }).toBe('up');
    await expect.poll(() => bellHas(page, 'recovered', id), { timeout: 5000 }).toBe(true);
    await expect.poll(() => page.getByTestId('alerts-count').count()).toBe(0);

    // The recovery alert leads to the server, whose incident is over.
    await page.goto(page.url().replace(/#.*$/, '#/home'));
    await waitForPath(page, '/home');
    await page.getByTestId('alerts-button').click();
    await page.locator(`[data-testid="alerts-list"] [data-kind="recovered"][data-server="${id}"]`).click();
    await waitForPath(page, `/admin/serverwatch?server=${id}`);
    await page.getByTestId('watch-incidents').waitFor();
    await expect
      .poll(() => page.locator('[data-testid^="watch-incident-"][data-open="false"]').count())
      .toBe(1);
    await page.context().close();
  });

  it('pauses, mutes, plans maintenance and removes a server, each with its reason', async () => {
    // The host holds one session: sign in first, then add the server behind the screen's back.
    const page = await superOn('/home');
    const saved = await call<{ id: number }>('serverWatch.save', {
      name: 'E2E Lobby',
      game: 'party',
      check: { kind: 'http', url: target.healthUrl, expectStatus: 200 },
      intervalSec: 60,
    });
    const id = saved.id;
    await goTo(page, `/admin/serverwatch?server=${id}`);
    await page.getByTestId('watch-detail').waitFor();

    // A window that ends before it starts is refused at its end field, and nothing is sent.
    const start = await page.getByTestId('watch-window-start').inputValue();
    await page.getByTestId('watch-window-end').fill(start.replace(/T\d{2}:/, 'T00:'));
    await page.getByTestId('watch-window-start').fill(start.replace(/T\d{2}:/, 'T23:'));
    await page.getByTestId('watch-window-add').click();
    await expect
      .poll(() => page.getByTestId('watch-window-form').textContent())
      .toContain('Give an end after the start');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('watch-window-end');
    expect(await page.getByTestId('watch-maintenance-empty').count()).toBe(1);

    // A maintenance window from now for an hour, then deleted with a reason.
    await page.getByTestId('watch-window-start').fill(start);
    const inAnHour = new Date(Date.parse(`${start}:00`) + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByTestId('watch-window-end')
      .fill(
        `${inAnHour.getFullYear()}-${pad(inAnHour.getMonth() + 1)}-${pad(inAnHour.getDate())}T${pad(inAnHour.getHours())}:${pad(inAnHour.getMinutes())}`,
      );
    await page.getByTestId('watch-window-note').fill('patch day');
    await page.getByTestId('watch-window-add').click();
    const window = page.locator('[data-testid^="watch-window-delete-"]');
    await window.first().waitFor();
    await window.first().click();
    await page.getByTestId('watch-window-delete-dialog-reason').fill('patch moved');
    await page.getByTestId('watch-window-delete-dialog-confirm').click();
    await page.getByTestId('watch-maintenance-empty').waitFor();
    await closeDetail(page);

    // The operator's own mute of this server, on and off.
    await page.getByTestId(`watch-mute-${id}`).click();
    await expect
      .poll(async () => (await call<{ mutes: { serverId: number | null }[] }>('serverWatch.mutes', {})).mutes)
      .toEqual([expect.objectContaining({ serverId: id })]);
    await page.getByTestId(`watch-mute-${id}`).click();
    await expect
      .poll(async () => (await call<{ mutes: unknown[] }>('serverWatch.mutes', {})).mutes.length)
      .toBe(0);

    // Paused with a reason, then resumed.
    await page.getByTestId(`watch-pause-${id}`).click();
    await page.getByTestId('watch-pause-dialog-reason').fill('moving racks');
    await page.getByTestId('watch-pause-dialog-confirm').click();
    await expect.poll(() => rowState(page, id)).toBe('paused');
    await page.getByTestId(`watch-resume-${id}`).click();
    await expect.poll(() => rowState(page, id)).not.toBe('paused');

    // Removed with a reason, after a confirmation.
    await page.getByTestId(`watch-remove-${id}`).click();
    await page.getByTestId('watch-remove-dialog-reason').fill('server retired');
    await page.getByTestId('watch-remove-dialog-confirm').click();
    await expect.poll(() => page.getByTestId(`watch-row-${id}`).count()).toBe(0);

    // Each change is in the super-admin's audit log with its reason.
    const logs = await call<{ items: { action: string; reason: string | null; target: string }[] }>(
      'users.logs',
      { phone: '13800000001', pageSize: 50 },
    );
    const mine = logs.items.filter((e) => e.target.includes(`(${id})`)).map((e) => [e.action, e.reason]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['serverWatch.delete', 'server retired'],
        ['serverWatch.pause', 'moving racks'],
        ['serverWatch.deleteMaintenance', 'patch moved'],
      ]),
    );
    await page.context().close();
  });

  it('lists a muted server’s outage in the bell as muted, not as new', async () => {
    const flapping = new SimulatedGameServer(
      { key: 'e2e-flap', game: 'ymmj', name: 'E2E Flap', peakPlayers: 100, dailyIncome: 0 },
      Date.now,
    );
    await flapping.start(0);
    try {
      const page = await superOn('/home');
      const { id } = await call<{ id: number }>('serverWatch.save', {
        name: 'E2E Flap',
        game: 'ymmj',
        check: { kind: 'tcp', host: '127.0.0.1', port: flapping.port },
        intervalSec: 5,
        timeoutMs: 1000,
        failuresToDown: 1,
      });
      await goTo(page, '/admin/serverwatch');
      await expect.poll(() => rowState(page, id), { timeout: ALERT_WAIT_MS }).toBe('up');
      // "Mute this server's alerts for me", then its next outage.
      await page.getByTestId(`watch-mute-${id}`).click();
      await expect
        .poll(
          async () => (await call<{ mutes: { serverId: number | null }[] }>('serverWatch.mutes', {})).mutes,
        )
        .toEqual([expect.objectContaining({ serverId: id })]);
      await flapping.stop();
      await expect.poll(() => rowState(page, id), { timeout: ALERT_WAIT_MS }).toBe('down');
      await expect.poll(() => bellHas(page, 'down', id), { timeout: 5000 }).toBe(true);

      await page.getByTestId('alerts-button').click();
      const alert = page.locator(`[data-testid="alerts-list"] [data-kind="down"][data-server="${id}"]`);
      expect(await alert.getAttribute('data-muted')).toBe('true');
      expect(await alert.getAttribute('data-new')).toBe('false');
      expect(await alert.textContent()).toContain('muted');
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('alerts-button').getAttribute('data-unread')).toBe('0');

      await call('serverWatch.unmute', { serverId: id });
      await call('serverWatch.delete', { id, reason: 'end of the test' });
      await page.context().close();
    } finally {
      await flapping.stop();
    }
  });

  it('lists, adds, turns off and deletes message notices on the second tab', async () => {
    const page = await superOn('/admin/serverwatch');
    await page.getByTestId('watch-tab-notices').click();
    await waitForPath(page, '/admin/serverwatch?tab=notices');
    await page.getByTestId('notice-table').waitFor();
    // The demo's two notices, and every game's figures.
    await expect.poll(() => page.locator('[data-testid^="notice-row-"]').count()).toBe(2);
    await page.getByTestId('notice-figure-lw').waitFor();

    await page.getByTestId('notice-add').click();
    await page.getByTestId('notice-game').selectOption('lw');
    await page.getByTestId('notice-kind').selectOption('incomeBelow');
    await page.getByTestId('notice-threshold').fill('1000.50');
    await page.getByTestId('notice-hour').fill('25');
    await page.getByTestId('notice-save').click();
    await page.getByTestId('notice-form-invalid').waitFor();
    await page.getByTestId('notice-hour').fill('20');
    await page.getByTestId('notice-save').click();
    await page.getByTestId('notice-form').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid^="notice-row-"]').count()).toBe(3);

    const { items: rules } = await call<{
      items: { id: number; game: string; threshold: number; enabled: boolean }[];
    }>('notices.list', { game: 'lw' });
    const rule = rules.find((r) => r.threshold === 100_050);
    expect(rule).toMatchObject({ game: 'lw', enabled: true });
    const id = rule?.id ?? 0;
    await page.getByTestId(`notice-enabled-${id}`).click({ force: true });
    await expect.poll(() => page.getByTestId(`notice-row-${id}`).getAttribute('data-enabled')).toBe('false');

    await page.getByTestId(`notice-delete-${id}`).click();
    await page.getByTestId('notice-delete-dialog-reason').fill('no longer needed');
    await page.getByTestId('notice-delete-dialog-confirm').click();
    await expect.poll(() => page.locator('[data-testid^="notice-row-"]').count()).toBe(2);

    // Both languages.
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('watch-tab-notices').textContent()).toBe('消息提醒');
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });
});
