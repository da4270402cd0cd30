import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { EndpointId } from '../../shared/api/table.js';
import type { ChargeStats, RechargeStats } from '../../shared/api/reports.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import { useConsole } from './fixture.js';
import { downloadSheet } from './sheets.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * Recharge statistics (issue 20) in ymmj, as an ADMIN: the charts drawn with their tables beside
 * them, every table holding the server's figures; a click on a provider's part of a day's bar
 * opens the order list of that day and provider, which holds the orders the server finds for it;
 * a range backwards or too long is refused with the server's words; and an order opened from there
 * shows as the payment service sees it, or says clearly when the service does not know it.
 */
const fx = useConsole();
const GAME: GameId = 'ymmj';
const ZONE = 'Asia/Shanghai';
const PAGE = gamePagePath(GAME, 'rechargeStats');

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

/** The studio's day `n` days before today, as YYYY-MM-DD. */
function studioDay(n: number): string {
  const at = new Date(Date.now() - n * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
}

async function signedIn(path: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
  await goTo(page, path);
  await waitForPath(page, path);
  return page;
}

/** A money cell's minor units ("¥1,234.00" → 123400). */
const minor = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function columnOf(page: Page, testId: string, col: string): Promise<string[]> {
  return page.getByTestId(testId).locator(`tbody td[data-col="${col}"]`).allTextContents();
}

const START = studioDay(59);
const END = studioDay(0);
const RANGE = `${PAGE}?start=${START}&end=${END}`;

describe('recharge statistics', () => {
  it('draws its charts with their figures beside them, and every table holds the server’s answer', async () => {
    const page = await signedIn(RANGE);
    const stats = await call<RechargeStats>('reports.recharge', { game: GAME, start: START, end: END });
    const charges = await call<ChargeStats>('reports.charge', { game: GAME, start: START, end: END });
    for (const chart of ['recharge-revenue-by-day', 'recharge-payers', 'charge-per-day'])
      await page.locator(`[data-testid="${chart}-chart"][data-drawn="true"]`).waitFor();
    expect(await page.getByTestId('recharge-zone').textContent()).toContain(ZONE);

    // The stacked bars' figures: a row per day, and each day's parts add up to its revenue.
    const figures = page.getByTestId('recharge-revenue-by-day-figures').locator('tbody tr');
    await expect.poll(() => figures.count()).toBe(60);
    for (const [i, day] of stats.days.entries()) {
      const cells = await figures.nth(i).locator('td').allTextContents();
      expect(
        cells.reduce((s, c) => s + minor(c), 0),
        day.day,
      ).toBe(day.revenue);
    }

    // Per day: payments, refunds and failed deliveries apart, paying and first-time payers.
    expect(await columnOf(page, 'recharge-days', 'day')).toEqual(stats.days.map((d) => d.day));
    for (const col of ['revenue', 'refunded', 'failedAmount'] as const)
      expect((await columnOf(page, 'recharge-days', col)).map(minor), col).toEqual(
        stats.days.map((d) => d[col]),
      );
    for (const col of [
      'payments',
      'refunds',
      'failedDeliveries',
      'payingPlayers',
      'firstTimePayers',
    ] as const)
      expect((await columnOf(page, 'recharge-days', col)).map(minor), col).toEqual(
        stats.days.map((d) => d[col]),
      );

    // By provider, currency, pack and channel.
    expect((await columnOf(page, 'recharge-by-provider', 'revenue')).map(minor)).toEqual(
      stats.byProvider.map((p) => p.revenue),
    );
    expect(await columnOf(page, 'recharge-by-pack', 'pack')).toEqual(stats.byPack.map((p) => p.pack));
    expect((await columnOf(page, 'recharge-by-pack', 'refunds')).map(minor)).toEqual(
      stats.byPack.map((p) => p.refunds),
    );
    expect(await columnOf(page, 'recharge-by-channel', 'channel')).toEqual(
      stats.byChannel.map((c) => c.channel),
    );
    expect((await columnOf(page, 'recharge-by-currency', 'revenue')).map(minor)).toEqual(
      stats.byCurrency.map((c) => c.revenue),
    );

    // The player service's charge statistics: per day and pack, and the chart's daily sums.
    expect((await columnOf(page, 'charge-rows', 'charges')).map(minor)).toEqual(
      charges.rows.map((r) => r.charges),
    );
    await page.getByTestId('charge-per-day-figures').locator('tbody tr').first().waitFor();
    const perDay = await page.getByTestId('charge-per-day-figures').locator('tbody td').allTextContents();
    expect(perDay.filter((_, i) => i % 2 === 0).reduce((s, c) => s + minor(c), 0)).toBe(
      charges.rows.reduce((s, r) => s + r.charges, 0),
    );
    await page.context().close();
  });

  it('opens the order list of the day and provider a bar part stands for', async () => {
    const page = await signedIn(RANGE);
    const stats = await call<RechargeStats>('reports.recharge', { game: GAME, start: START, end: END });
    // The day with the most revenue, and its lowest part (the first provider that took money).
    const order = ['wechat', 'alipay', 'paypal', 'payssion'];
    const currency = stats.days[0]?.currency;
    const best = stats.days.reduce((a, b) => (b.revenue > a.revenue ? b : a));
    const index = stats.days.indexOf(best);
    const parts = stats.byDayProvider.filter(
      (p) => p.day === best.day && p.currency === currency && p.revenue > 0,
    );
    const provider = order.find((p) => parts.some((x) => x.provider === p));
    if (!provider || best.revenue <= 0) throw new Error('the demo data has no revenue in the last 60 days');

    const list = gamePagePath(GAME, 'orderRetrieve');
    const drilled = async () => {
      await waitForPath(page, list);
      const query = new URLSearchParams(hashPath(page).split('?')[1]);
      expect(Object.fromEntries(query)).toMatchObject({
        provider,
        kind: 'purchase',
        state: 'paid,delivered',
        paidFrom: best.day,
        paidTo: best.day,
        zone: ZONE,
      });
    };
    // By keyboard: the amount in the figures beside the chart links to the same orders.
    await page.getByTestId(`recharge-orders-${best.day}-${provider}`).focus();
    await page.keyboard.press('Enter');
    await drilled();
    await page.goBack();
    await waitForPath(page, RANGE);

    const chart = page.locator('[data-testid="recharge-revenue-by-day-chart"][data-drawn="true"]');
    await chart.waitFor();
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    // The grid of revenueByDayOption: 64 px left, 16 right, 32 under the bars (60 days: no zoom).
    const band = (box.width - 64 - 16) / stats.days.length;
    await chart.click({ position: { x: 64 + band * (index + 0.5), y: box.height - 32 - 3 } });
    await drilled();

    // The list holds what the server finds paid that studio day through that provider: the bar's
    // part, to the cent.
    const next = new Date(Date.parse(`${best.day}T00:00:00+08:00`) + 86_400_000).toISOString();
    const found = await call<{
      items: { orderId: string; provider: string; amount: number }[];
      total: number;
    }>('orders.search', {
      game: GAME,
      provider: [provider],
      kind: 'purchase',
      state: ['paid', 'delivered'],
      paidFrom: new Date(`${best.day}T00:00:00+08:00`).toISOString(),
      paidTo: next,
      page: 1,
      pageSize: 200,
    });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBe(found.items.length);
    expect(found.items.reduce((s, o) => s + o.amount, 0)).toBe(
      parts.find((p) => p.provider === provider)?.revenue,
    );
    await expect
      .poll(async () => Number(await page.getByTestId('orders-table').getAttribute('data-row-count')))
      .toBe(Math.min(found.items.length, LIST_PAGE_SIZE));
    for (const o of found.items.slice(0, LIST_PAGE_SIZE))
      await page.getByTestId(`order-link-${o.orderId}`).waitFor();

    // One of them, as the payment service sees it.
    const first = found.items[0]!;
    await page.getByTestId(`order-link-${first.orderId}`).click();
    await page.getByTestId('order-pay-service').click();
    const dialog = page.getByTestId('pay-service-dialog');
    await dialog.getByTestId('pay-service-fields').waitFor();
    const status = await call<{ state: string; paymentStatus: string }>('pay.status', {
      orderId: first.orderId,
    });
    expect(await dialog.getByTestId('pay-service-state').getAttribute('data-state')).toBe(status.state);
    const detail = await call<{ providerRef: string | null }>('pay.detail', { orderId: first.orderId });
    expect(await dialog.getByTestId('pay-service-fields-row-providerRef').locator('td').textContent()).toBe(
      detail.providerRef,
    );
    expect(await dialog.getByTestId('pay-service-differs').count()).toBe(0);
    await page.getByTestId('pay-service-close').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.context().close();
  });

  it('exports a table by provider as XLSX from the backend, each amount in its currency as a number', async () => {
    const page = await signedIn(RANGE);
    const stats = await call<RechargeStats>('reports.recharge', { game: GAME, start: START, end: END });
    expect(stats.byProvider.length).toBeGreaterThan(0);
    await page.getByTestId('recharge-by-provider-export-xlsx').waitFor();
    const { sheet } = await downloadSheet(page, 'recharge-by-provider');
    // Title, range, zone, a blank line, the headings, then the server's rows in its order.
    expect(String(sheet.getRow(3).getCell(2).value)).toBe(stats.timeZone);
    const head = sheet.getRow(5).values as unknown[];
    const col = (name: string) => head.indexOf(name);
    expect(col('Revenue')).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(5 + stats.byProvider.length);
    stats.byProvider.forEach((p, i) => {
      const row = sheet.getRow(6 + i);
      expect(row.getCell(col('Provider')).value).toBe(p.provider);
      expect(row.getCell(col('Payments')).value).toBe(p.payments);
      expect(row.getCell(col('Revenue')).value).toBeCloseTo(p.revenue / 100, 2);
    });
    await page.context().close();
  });

  it('refuses a range backwards or longer than a year with the server’s words, and shows nothing else', async () => {
    const page = await signedIn(`${PAGE}?start=${END}&end=${START}`);
    const error = page.getByTestId('recharge-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('choose a start on or before the end');
    expect(await page.getByTestId('recharge-stats').count()).toBe(0);

    await goTo(page, `${PAGE}?start=2024-01-01&end=2025-06-30`);
    await expect.poll(() => error.textContent()).toContain('at most 366 days');
    // Back to the default range: the last 30 studio days, figures again.
    await page.getByTestId('recharge-default-range').click();
    await page.getByTestId('recharge-stats').waitFor();
    expect(await page.getByTestId('recharge-end').inputValue()).toBe(END);
    expect(await page.getByTestId('recharge-start').inputValue()).toBe(studioDay(29));
    await page.context().close();
  });

  it('says clearly when the payment service does not know an order', async () => {
    const page = await signedIn(PAGE);
    const found = await call<{ items: { orderId: string }[] }>('orders.search', {
      game: GAME,
      kind: 'purchase',
      page: 1,
      pageSize: 1,
    });
    const orderId = found.items[0]?.orderId;
    if (!orderId) throw new Error('the demo data has no ymmj purchase');
    const path = `${gamePagePath(GAME, 'orderRetrieve')}?order=${orderId}`;
    await goTo(page, path);
    await waitForPath(page, path);
    // The payment service is asked about an order it has never had (its ledger lost it).
    await page.route('**/__ipc/api:call', async (route) => {
      const body = route.request().postDataJSON() as {
        input: { endpoint: string; input: Record<string, unknown> };
      };
      const { endpoint, input } = body.input;
      if (!endpoint.startsWith('pay.')) return route.continue();
      const lost = { endpoint, input: { ...input, orderId: 'GOY20260115NOPE00' } };
      return route.continue({ postData: JSON.stringify({ input: lost }) });
    });
    await page.getByTestId('order-pay-service').click();
    const error = page.getByTestId('pay-service-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/GOY20260115NOPE00|not found|no order/i);
    expect(await page.getByTestId('pay-service-fields').count()).toBe(0);
    await page.context().close();
  });
});
