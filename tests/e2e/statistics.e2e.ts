import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { AddressAccounts, ApiStats, MatchDetail, MatchStats } from '../../shared/api/statistics.js';
import type { BlacklistEntry } from '../../shared/api/moderation.js';
import type { EndpointId } from '../../shared/api/table.js';
import type { ReadFrom } from '../../shared/api/read-from.js';
import { callOf } from './requests.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { downloadSheet } from './sheets.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * Statistics as an operator walks them: match statistics to a day's matches to one match's
 * players; the API statistics showing the calls the test just made; IP statistics to blacklisting
 * a shared address with its accounts, which the blacklist then holds; a table exported as XLSX
 * and read back.
 */
const fx = useConsole();

async function signedIn(): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
  return page;
}

/** A call as the signed-in operator, through the host's bridge. */
async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input });
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

const rowCount = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-row-count'));

describe('statistics', () => {
  it("opens a day's matches from the match statistics, then a match's players; an unknown id says so", async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn();
    await goTo(page, gamePagePath(game, 'matchStats'));
    await page.locator('[data-testid="match-chart-chart"][data-drawn="true"]').waitFor();
    expect(await page.getByTestId('match-range-zone').textContent()).toContain('Asia/Shanghai');
    await expect.poll(() => rowCount(page, 'match-days')).toBeGreaterThan(0);
    // The chart's figures: a row per day of the range.
    await expect.poll(() => page.getByTestId('match-chart-figures').locator('tbody tr').count()).toBe(30);

    const dayButton = page.locator('[data-testid^="match-day-"]').first();
    const [, day, mode] =
      /^match-day-(\d{4}-\d{2}-\d{2})-(\w+)$/.exec((await dayButton.getAttribute('data-testid')) ?? '') ?? [];
    await dayButton.click();
    await expect.poll(() => rowCount(page, 'day-matches-table')).toBeGreaterThan(0);
    expect(await page.getByTestId('day-matches').textContent()).toContain(day);
    expect(new URL(page.url()).hash).toContain(`mode=${mode}`);

    const open = page.locator('[data-testid^="match-open-"]').first();
    const id = ((await open.getAttribute('data-testid')) ?? '').replace('match-open-', '');
    await open.click();
    await page.getByTestId('match-lineup').waitFor();
    const detail = await call<MatchDetail>('matchStats.detail', { game, matchId: id });
    await expect.poll(() => rowCount(page, 'match-lineup')).toBe(detail.lineup.length);
    expect(await page.getByTestId('match-detail').textContent()).toContain(`Match ${id}`);

    await page.getByTestId('match-lookup-id').fill('999999999999');
    await page.getByTestId('match-lookup-open').click();
    await page.getByTestId('match-detail-error').waitFor();
    expect(await page.getByTestId('match-detail-error').textContent()).toContain('No match 999999999999');
    await page.context().close();
  });

  it('exports the match statistics per day and mode as XLSX: every row, days as dates, the range on top', async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn();
    await goTo(page, gamePagePath(game, 'matchStats'));
    await expect.poll(() => rowCount(page, 'match-days')).toBeGreaterThan(0);
    const start = await page.getByTestId('match-range-start').inputValue();
    const end = await page.getByTestId('match-range-end').inputValue();
    const stats = await call<MatchStats>('matchStats.days', { game, start, end });

    const { sheet, text, column } = await downloadSheet(page, 'match-days');
    expect(text(1, 1)).toBe('Match statistics · Secret Realm');
    expect([text(2, 1), text(2, 2)]).toEqual(['Days', `${start} – ${end}`]);
    expect([text(3, 1), text(3, 2)]).toEqual(['Time zone', stats.timeZone]);
    const col = (name: string) => column(name, 5);
    expect(col('Average length (s)')).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(5 + stats.rows.length);
    stats.rows.forEach((r, i) => {
      const row = sheet.getRow(6 + i);
      const day = row.getCell(col('Day')).value;
      expect(day instanceof Date ? day.toISOString().slice(0, 10) : day).toBe(r.day);
      expect(row.getCell(col('Mode')).value).toBe(r.mode);
      expect(row.getCell(col('Matches')).value).toBe(r.matches);
      expect(row.getCell(col('Players')).value).toBe(r.players);
      expect(row.getCell(col('Average length (s)')).value ?? null).toBe(r.avgSeconds);
    });
    await page.context().close();
  });

  it('shows in the API statistics the calls the test just made', async () => {
    const game: GameId = 'lw';
    const page = await signedIn();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const range = { game, start: today, end: today };
    const figure = (s: ApiStats) => s.endpoints.find((e) => e.endpoint === 'matchStats.matches');
    const before = figure(await call<ApiStats>('apiStats.hours', range)) ?? { calls: 0, errors: 0 };
    for (let i = 0; i < 4; i++) await call('matchStats.matches', { game, day: today });
    await expect(call('matchStats.matches', { game, day: today, mode: 'chess' })).rejects.toThrow(/chess/);

    await goTo(page, gamePagePath(game, 'apiStats'));
    await page.getByTestId('api-calls-matchStats.matches').waitFor();
    expect(await page.getByTestId('api-calls-matchStats.matches').textContent()).toBe(
      String(before.calls + 5),
    );
    expect(await page.getByTestId('api-errors-matchStats.matches').textContent()).toBe(
      String(before.errors + 1),
    );
    await page.locator('[data-testid="api-chart-chart"][data-drawn="true"]').waitFor();
    await page.context().close();
  });

  it("blacklists a shared address's accounts from the IP statistics, and the blacklist shows them", async () => {
    const game: GameId = 'atomicwar';
    const page = await signedIn();
    await goTo(page, `${gamePagePath(game, 'ipStats')}?show=shared`);
    expect(await page.getByTestId('ip-threshold').textContent()).toContain('10');
    const shared = page.locator('[data-testid^="ip-shared-"]').first();
    await shared.waitFor();
    const ip = ((await shared.getAttribute('data-testid')) ?? '').replace('ip-shared-', '');
    const accounts = await call<AddressAccounts>('ipStats.accounts', { game, ip });
    expect(accounts.total).toBeGreaterThanOrEqual(10);

    await page.getByTestId(`ip-blacklist-${ip}`).click();
    await page.getByTestId('ip-blacklist-dialog').waitFor();
    expect(await page.getByTestId('ip-blacklist-dialog').textContent()).toContain(ip);
    await page.getByTestId('ip-blacklist-dialog-reason').fill('account farm on one address');
    await page.getByTestId('ip-blacklist-dialog-confirm').click();
    await page.getByTestId('ip-blacklist-summary').waitFor();
    expect(await page.getByTestId('ip-blacklist-summary').textContent()).toContain(
      String(accounts.accounts.length + 1),
    );

    // The server holds an entry for the address and for each of its accounts, with the reason.
    const listed = await call<{ items: BlacklistEntry[] }>('blacklist.list', {
      game,
      status: 'active',
      pageSize: 200,
    });
    const values = new Set(listed.items.map((e) => e.value));
    expect(values.has(ip)).toBe(true);
    for (const a of accounts.accounts) expect(values.has(a.playerId), a.playerId).toBe(true);
    expect(listed.items.find((e) => e.value === ip)?.reason).toBe('account farm on one address');

    await page.getByTestId('ip-blacklist-dialog-close').click();
    await goTo(page, `${gamePagePath(game, 'blacklist')}?q=${encodeURIComponent(ip)}`);
    await expect.poll(() => rowCount(page, 'blacklist-table')).toBe(1);
    const first = accounts.accounts[0];
    if (first) {
      await goTo(page, `${gamePagePath(game, 'blacklist')}?q=${first.playerId}`);
      await expect.poll(() => rowCount(page, 'blacklist-table')).toBe(1);
    }
    await page.context().close();
  });

  it("lists an address's sign-ins on the client IPs page", async () => {
    const game: GameId = 'atomicwar';
    const page = await signedIn();
    const shared = await call<{ items: { ip: string; lastAt: string }[] }>('ipStats.list', {
      game,
      show: 'shared',
    });
    const address = shared.items[0];
    if (!address) throw new Error('the seed has no shared address');
    // The year up to the address's last sign-in, in studio days.
    const end = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(address.lastAt),
    );
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
    await goTo(
      page,
      `${gamePagePath(game, 'clientIps')}?ip=${encodeURIComponent(address.ip)}&start=${start}&end=${end}`,
    );
    await expect.poll(() => rowCount(page, 'client-ips-table')).toBeGreaterThan(0);
    expect(await page.getByTestId('client-ips-count').textContent()).toMatch(/\d+ sign-in/);
    await page.context().close();
  });
  it('says under statistics and boards where their figures were read, when the backend has a replica', async () => {
    const page = await signedIn();
    // The backend of these tests has no replica: its answers are given the field a backend with a
    // lagging replica fills (server/http/endpoints.ts), on their way to the page.
    const lagging: Record<string, ReadFrom> = {
      'matchStats.days': { source: 'replica', lagSec: 4.2 },
      'ipStats.list': { source: 'primary', reason: 'replicaBehind', lagSec: 75 },
      'leaderboards.page': { source: 'primary', reason: 'replicaDown' },
    };
    await page.route('**/__ipc/api:call', async (route) => {
      const from = lagging[callOf(route.request())?.endpoint ?? ''];
      if (!from) return route.continue();
      const answer = (await (await route.fetch()).json()) as { ok: boolean; data?: object };
      return route.fulfill({
        json: answer.ok ? { ...answer, data: { ...answer.data, readFrom: from } } : answer,
      });
    });
    const said = () => page.getByTestId('read-from').textContent();
    await goTo(page, gamePagePath('ymmj', 'matchStats'));
    await expect.poll(said).toBe('Figures as of about 4 s ago (read replica).');
    await goTo(page, gamePagePath('atomicwar', 'ipStats'));
    await expect
      .poll(said)
      .toBe(
        'Figures are current: the read replica is 75 s behind, so they were read from the primary database.',
      );
    await goTo(page, gamePagePath('ymmj', 'top100'));
    await expect
      .poll(said)
      .toBe(
        'Figures are current: the read replica does not answer, so they were read from the primary database.',
      );
    await page.context().close();
  });
});
