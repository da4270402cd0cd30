import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { MAX_COHORT_DAYS, type CohortGrid, type DailyReport } from '../../shared/api/reports.js';
import type { EndpointId } from '../../shared/api/table.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { addDays, dayIn, zoneDayStart } from '../../shared/days.js';
import type { Order } from '../../shared/api/orders.js';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import { useConsole } from './fixture.js';
import { downloadSheet } from './sheets.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * The daily report through its screen, in ymmj: the chart drawn and every figure of the table the
 * server's; the range in the URL (a default of 30 studio days, another range by the address, a
 * start after the end refused in both languages); a day's revenue opening the orders paid that
 * studio day and its new players opening them; the cohort grid, a cell opening the players it
 * counts (the cohort's, signed in on its day), a cohort's day all of them; the shop daily
 * report with its stacked chart and its items.
 */
const fx = useConsole();
const GAME: GameId = 'ymmj';
const DAILY = gamePagePath(GAME, 'dailyReport');
const ZONE = 'Asia/Shanghai';

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

async function signedIn(): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
  // The language is the host's setting, kept from one test to the next: each starts in English.
  await page.getByTestId('language-switch').selectOption('en');
  return page;
}

const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));
const percent = (v: number | null) =>
  v === null
    ? '—'
    : new Intl.NumberFormat('en', {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(v);

/** The last `n` studio days up to today. */
function lastDays(n: number): { start: string; end: string } {
  const end = dayIn(ZONE, new Date());
  return { start: addDays(end, 1 - n), end };
}

async function cellTexts(page: Page, col: string): Promise<string[]> {
  return page.getByTestId('daily-table').locator(`tbody [data-col="${col}"]`).allTextContents();
}

describe('daily report', () => {
  it('draws its chart and shows every figure the server counted, for the last 30 studio days by default', async () => {
    const page = await signedIn();
    await goTo(page, DAILY);
    await page.locator('[data-testid="daily-activity-chart"][data-drawn="true"]').waitFor();
    await page.locator('[data-testid="daily-retention-chart"][data-drawn="true"]').waitFor();
    const range = lastDays(30);
    expect(await page.getByTestId('report-start').inputValue()).toBe(range.start);
    expect(await page.getByTestId('report-end').inputValue()).toBe(range.end);
    expect(await page.getByTestId('report-zone').textContent()).toContain(ZONE);

    const report = await call<DailyReport>('reports.daily', { game: GAME, ...range });
    expect(report.days).toHaveLength(30);
    expect(report.days.some((d) => d.dau > 0 && d.revenue > 0)).toBe(true);
    await expect.poll(() => cellTexts(page, 'day').then((d) => d.length)).toBe(30);
    for (const key of ['dau', 'newPlayers', 'payingPlayers', 'firstTimePayers', 'revenue'] as const)
      expect((await cellTexts(page, key)).map(digits), key).toEqual(report.days.map((d) => d[key]));
    for (const key of ['d1', 'd7', 'd30', 'payRate'] as const)
      expect(await cellTexts(page, key), key).toEqual(report.days.map((d) => percent(d[key])));
    // The chart's own figures beside it: one row per day.
    await expect.poll(() => page.getByTestId('daily-activity-figures').locator('tbody tr').count()).toBe(30);
    // The glossary says how each figure is counted, in both languages.
    expect(await page.getByTestId('glossary-arppu').textContent()).toContain(
      'revenue divided by paying players',
    );
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('glossary-arppu').textContent()).toContain('收入除以付费玩家数');
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();
  });

  it('follows a range given in the address, and refuses a start after the end with a clear message', async () => {
    const page = await signedIn();
    const end = addDays(lastDays(1).end, -3);
    const start = addDays(end, -6);
    await goTo(page, `${DAILY}?start=${start}&end=${end}`);
    await expect.poll(() => cellTexts(page, 'day').then((d) => d.length)).toBe(7);
    const report = await call<DailyReport>('reports.daily', { game: GAME, start, end });
    expect((await cellTexts(page, 'dau')).map(digits)).toEqual(report.days.map((d) => d.dau));
    expect(await page.getByTestId('report-start').inputValue()).toBe(start);

    // The start moved past the end, by the date field: the server's refusal, said on the page.
    await page.getByTestId('report-start').fill(addDays(end, 2));
    await waitForPath(page, `${DAILY}?start=${addDays(end, 2)}&end=${end}`);
    const error = page.getByTestId('report-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.textContent()).toContain(`starts on ${addDays(end, 2)}, after its end ${end}`);
    expect(await page.getByTestId('daily-table').count()).toBe(0);
    // In Chinese, the server says it in Chinese.
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await goTo(page, `${DAILY}?start=${addDays(end, 3)}&end=${end}`);
    await expect
      .poll(() => error.textContent())
      .toContain(`报表开始日期 ${addDays(end, 3)} 晚于结束日期 ${end}`);
    await page.getByTestId('language-switch').selectOption('en');
    // A quick choice mends it.
    await page.getByTestId('report-last-7').click();
    await expect.poll(() => cellTexts(page, 'day').then((d) => d.length)).toBe(7);
    await page.context().close();
  });

  it('opens the orders paid on a day from its revenue, and its new players from their count', async () => {
    const page = await signedIn();
    // The range runs from the seed's last day with revenue or new players, whichever is earlier,
    // to today: a fixed few days may hold neither, twenty players a game being few.
    const quarter = await call<DailyReport>('reports.daily', { game: GAME, ...lastDays(90) });
    const lastPaid = quarter.days.findLast((d) => d.revenue > 0)?.day;
    const lastJoined = quarter.days.findLast((d) => d.newPlayers > 0)?.day;
    if (!lastPaid || !lastJoined) throw new Error('the seed has no revenue or no new players in 90 days');
    const range = { start: lastPaid < lastJoined ? lastPaid : lastJoined, end: lastDays(1).end };
    await goTo(page, `${DAILY}?start=${range.start}&end=${range.end}`);
    const report = await call<DailyReport>('reports.daily', { game: GAME, ...range });
    const paid = report.days.find((d) => d.revenue > 0);
    const joined = report.days.find((d) => d.newPlayers > 0);
    if (!paid || !joined) throw new Error('the range lost the day it was chosen for');

    await page.getByTestId(`drill-revenue-${paid.day}`).click();
    await waitForPath(
      page,
      `${gamePagePath(GAME, 'orderRetrieve')}?kind=purchase&state=paid,delivered&paidFrom=${paid.day}` +
        `&paidTo=${paid.day}&zone=${ZONE}`,
    );
    // The order list's own filters, as tags the operator can drop: purchases, standing, paid that
    // studio day.
    for (const tag of ['kind', 'state-paid', 'state-delivered', 'paidFrom', 'paidTo', 'zone'])
      await page.getByTestId(`orders-tag-${tag}`).waitFor();
    // What the server holds for that day: the orders paid in it, whose sum is the figure clicked.
    const paidIn = {
      game: GAME,
      kind: 'purchase',
      state: ['paid', 'delivered'],
      paidFrom: zoneDayStart(paid.day, ZONE)?.toISOString(),
      paidTo: zoneDayStart(addDays(paid.day, 1), ZONE)?.toISOString(),
    };
    const held: Order[] = [];
    for (let p = 1; held.length === 0 || held.length % 200 === 0; p++) {
      const got = await call<{ items: Order[] }>('orders.search', { ...paidIn, page: p, pageSize: 200 });
      if (got.items.length === 0) break;
      held.push(...got.items);
    }
    expect(held.reduce((sum, o) => sum + o.amount, 0)).toBe(paid.revenue);
    for (const o of held) expect(dayIn(ZONE, new Date(o.paidAt ?? ''))).toBe(paid.day);
    // The list's rows are those orders, newest first as the list shows them.
    const links = page.locator('[data-testid^="order-link-"]');
    await expect.poll(() => links.count()).toBe(Math.min(held.length, LIST_PAGE_SIZE));
    const shown = (await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map(
      (id) => id?.replace('order-link-', ''),
    );
    expect(shown).toEqual(held.slice(0, LIST_PAGE_SIZE).map((o) => o.orderId));
    const states = page.locator('[data-testid^="order-state-"]');
    for (const state of await states.allTextContents()) expect(state).toMatch(/paid|delivered/i);

    await page.goBack();
    await page.getByTestId(`drill-newPlayers-${joined.day}`).click();
    await waitForPath(page, `${gamePagePath(GAME, 'players')}?registered=${joined.day}&zone=${ZONE}`);
    expect(await page.getByTestId('players-registered').textContent()).toContain(ZONE);
    // Exactly the day's new players: the search counts what the report counted.
    await expect
      .poll(async () => digits((await page.getByTestId('players-total').textContent()) ?? ''))
      .toBe(joined.newPlayers);
    await page.getByTestId('players-registered-clear').click();
    await expect.poll(() => hashPath(page)).toBe(gamePagePath(GAME, 'players'));
    await page.context().close();
  });

  it('exports its table as XLSX from the backend: every day, numbers as numbers, days as dates, the range on top', async () => {
    const page = await signedIn();
    const range = { start: '2026-10-01', end: '2026-10-20' };
    await goTo(page, `${DAILY}?start=${range.start}&end=${range.end}`);
    await expect.poll(() => cellTexts(page, 'day').then((d) => d.length)).toBe(20);
    const report = await call<DailyReport>('reports.daily', { game: GAME, ...range });

    const { sheet, text } = await downloadSheet(page, 'daily-report');
    // The title, the range and the studio's zone, a blank line, the headings, then one row a day.
    expect(text(1, 1)).toContain('Daily report');
    expect([text(2, 1), text(2, 2)]).toEqual(['Days', `${range.start} – ${range.end}`]);
    expect([text(3, 1), text(3, 2)]).toEqual(['Time zone', report.timeZone]);
    const head = sheet.getRow(5).values as unknown[];
    expect(head).toContain('DAU');
    expect(head).toContain('D1 retention');
    const col = (name: string) => head.indexOf(name);
    expect(sheet.rowCount).toBe(5 + report.days.length);
    report.days.forEach((d, i) => {
      const row = sheet.getRow(6 + i);
      const day = row.getCell(col('Day')).value;
      expect(day instanceof Date ? day.toISOString().slice(0, 10) : day).toBe(d.day);
      expect(row.getCell(col('DAU')).value).toBe(d.dau);
      expect(row.getCell(col('New players')).value).toBe(d.newPlayers);
      // Money in major units, as a number.
      expect(row.getCell(col('Revenue')).value).toBeCloseTo(d.revenue / 100, 2);
      const d1 = row.getCell(col('D1 retention')).value;
      if (d.d1 === null) expect(d1 ?? null).toBeNull();
      else expect(d1).toBeCloseTo(d.d1, 6);
    });
    await page.context().close();
  });

  it("shows the cohort grid with every cell's share, and a cell opens the players it counts", async () => {
    const page = await signedIn();
    // From the seed's last cohort with players to today (twenty players a game: a fixed last few
    // days may have no registration at all).
    const longest = await call<CohortGrid>('reports.cohorts', { game: GAME, ...lastDays(MAX_COHORT_DAYS) });
    const lastCohort = longest.cohorts.findLast((c) => c.size > 0)?.day;
    if (!lastCohort) throw new Error(`nobody registered in the last ${MAX_COHORT_DAYS} days of the seed`);
    const tenDays = lastDays(10);
    const range = { start: lastCohort < tenDays.start ? lastCohort : tenDays.start, end: tenDays.end };
    await goTo(page, `${DAILY}?start=${range.start}&end=${range.end}`);
    const grid = await call<CohortGrid>('reports.cohorts', { game: GAME, ...range });
    const cohort = grid.cohorts.find((c) => c.size > 0);
    if (!cohort) throw new Error('the range lost the cohort it was chosen for');
    await page.getByTestId('cohort-grid').waitFor();
    await expect
      .poll(() => page.getByTestId('cohort-grid').locator('tbody tr').count())
      .toBe(grid.cohorts.length);
    const row = page.getByTestId(`cohort-row-${cohort.day}`);
    const shown = await row.locator('td.cohort-cell').allTextContents();
    expect(shown).toEqual(cohort.retained.map((n) => (n === null ? '—' : percent(n / cohort.size))));
    // The colour repeats the figure: the cell has both.
    const cell = page.getByTestId(`cohort-cell-${cohort.day}-0`);
    expect(await cell.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

    await cell.click();
    await waitForPath(
      page,
      `${gamePagePath(GAME, 'players')}?registered=${cohort.day}&active=${cohort.day}&zone=${ZONE}`,
    );
    await expect
      .poll(async () => digits((await page.getByTestId('players-total').textContent()) ?? ''))
      .toBe(cohort.retained[0]);

    // A later day's cell: the cohort's players who signed in that day, as many as the cell says.
    await page.goBack();
    const k = cohort.retained.findLastIndex((n, i) => i > 0 && n !== null && n > 0);
    if (k > 0) {
      const later = addDays(cohort.day, k);
      await page.getByTestId(`cohort-cell-${cohort.day}-${k}`).click();
      await waitForPath(
        page,
        `${gamePagePath(GAME, 'players')}?registered=${cohort.day}&active=${later}&zone=${ZONE}`,
      );
      await expect
        .poll(async () => digits((await page.getByTestId('players-total').textContent()) ?? ''))
        .toBe(cohort.retained[k]);
      expect(await page.getByTestId('players-registered').textContent()).toContain('signed in on');
      await page.goBack();
    }
    // The cohort's day, a link for the keyboard too, opens all of its players.
    await page.getByTestId(`cohort-row-${cohort.day}`).getByRole('link').click();
    await waitForPath(page, `${gamePagePath(GAME, 'players')}?registered=${cohort.day}&zone=${ZONE}`);
    await expect
      .poll(async () => digits((await page.getByTestId('players-total').textContent()) ?? ''))
      .toBe(cohort.size);
    await page.context().close();
  });
});

describe('shop daily report', () => {
  it('stacks the revenue by item per day and adds the items up over the range', async () => {
    const page = await signedIn();
    // Twenty players a game buy now and then: a fixed "last 14 days" may hold no purchase at all
    // (the seed's dates follow the clock it was made at). The range ends on the last day the seed
    // sold something, so the chart has bars whenever the test runs.
    const quarter = lastDays(90);
    const sold = await call<{ rows: { day: string }[] }>('reports.shopDaily', { game: GAME, ...quarter });
    const lastSale = sold.rows
      .map((r) => r.day)
      .sort()
      .at(-1);
    expect(lastSale, 'the seed sells something in 90 days').toBeDefined();
    const range = { start: addDays(lastSale ?? quarter.end, -13), end: lastSale ?? quarter.end };
    await goTo(page, `${gamePagePath(GAME, 'shopDailyReport')}?start=${range.start}&end=${range.end}`);
    await page.locator('[data-testid="shop-revenue-chart"][data-drawn="true"]').waitFor();
    const report = await call<{ rows: { item: string; revenue: number; units: number }[] }>(
      'reports.shopDaily',
      {
        game: GAME,
        ...range,
      },
    );
    expect(report.rows.length).toBeGreaterThan(0);
    const items = page.getByTestId('shop-items').locator('tbody tr');
    const names = new Set(report.rows.map((r) => r.item));
    expect(await items.count()).toBe(names.size);
    const revenue = (
      await page.getByTestId('shop-items').locator('tbody [data-col="revenue"]').allTextContents()
    ).map(digits);
    expect(revenue.reduce((a, b) => a + b, 0)).toBe(report.rows.reduce((a, r) => a + r.revenue, 0));
    expect(await page.getByTestId('shop-days').locator('tbody tr').count()).toBe(report.rows.length);
    await page.context().close();
  });
});
