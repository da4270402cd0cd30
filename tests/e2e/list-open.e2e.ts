import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { callOf, holdRequests } from './requests.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * Opening a list does not wait for what it could have had earlier (issue 25, "lists are quick"):
 * the route asks for the list's first page as the navigation begins, before the screen's code is
 * here, and the screen draws that page without asking again; the order search's code loads while
 * the browser is idle after sign-in, so opening it fetches no more script.
 */
const fx = useConsole();
const GAME: GameId = 'ymmj';
const chunk = (name: string) => new RegExp(`/assets/${name}-[^/]*\\.js$`);

/** Every endpoint call the page makes from now on. */
function recordCalls(page: Page) {
  const calls: { endpoint: string; input: Record<string, unknown> }[] = [];
  page.on('request', (r) => {
    const call = callOf(r);
    if (call) calls.push(call);
  });
  return { of: (endpoint: string) => calls.filter((c) => c.endpoint === endpoint) };
}

async function signedIn(page: Page): Promise<void> {
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
}

/**
 * Opens `path` with the screen's chunk held back (since before sign-in, so the idle warm-up cannot
 * bring it either): the list's page must be asked for meanwhile, with the URL's filters, sort and
 * page; once the code is let through the rows are drawn from that one read.
 */
async function opensBeforeItsCode(
  page: Page,
  opts: {
    path: string;
    screenChunk: string;
    endpoint: string;
    table: string;
    expect: Record<string, unknown>;
  },
) {
  const code = await holdRequests(page, chunk(opts.screenChunk));
  await signedIn(page);
  const calls = recordCalls(page);
  await goTo(page, opts.path);
  await expect.poll(() => calls.of(opts.endpoint).length).toBe(1);
  expect(calls.of(opts.endpoint)[0]?.input).toMatchObject(opts.expect);
  // The screen has not mounted: its code is still held back.
  expect(code.count()).toBeGreaterThan(0);
  expect(await page.getByTestId(opts.table).count()).toBe(0);
  await code.release();
  await expect
    .poll(async () => Number(await page.getByTestId(opts.table).getAttribute('data-row-count')))
    .toBeGreaterThan(0);
  expect(calls.of(opts.endpoint)).toHaveLength(1);
}

describe('opening a list', () => {
  it.each([
    {
      list: 'the blacklist',
      path: `${gamePagePath(GAME, 'blacklist')}?status=active&kind=player`,
      screenChunk: 'BlacklistPage',
      endpoint: 'blacklist.list',
      table: 'blacklist-table',
      expect: { game: GAME, status: 'active', kind: 'player', page: 1 },
    },
    {
      list: 'the order search',
      path: `${gamePagePath(GAME, 'orderRetrieve')}?sort=amount&sortOrder=desc`,
      screenChunk: 'OrderPages',
      endpoint: 'orders.search',
      table: 'orders-table',
      expect: { game: GAME, sort: 'amount', order: 'desc', page: 1 },
    },
  ])(
    'asks for $list’s page of the URL before the screen’s code is here, and draws it from that read',
    async (list) => {
      const page = await openConsole(fx.browser, fx.host);
      await opensBeforeItsCode(page, list);
    },
  );

  it('leaves a list whose read needs what only the screen knows to the screen, and still draws it', async () => {
    const page = await openConsole(fx.browser, fx.host);
    const code = await holdRequests(page, chunk('OrderPages'));
    await signedIn(page);
    const calls = recordCalls(page);
    // An amount is sent in the minor units of the game's currency, which the screen reads first.
    await goTo(page, `${gamePagePath(GAME, 'orderRetrieve')}?amount=1-20`);
    await expect.poll(() => code.count()).toBeGreaterThan(0);
    expect(calls.of('orders.search')).toHaveLength(0);
    await code.release();
    await page.locator('[data-testid="orders-table"][data-row-count]').waitFor();
    expect(calls.of('orders.search').length).toBeGreaterThan(0);
  });

  it('loads the order search’s code while idle after sign-in, and then opens it with no more script', async () => {
    const page = await openConsole(fx.browser, fx.host);
    const script = /\/assets\/[^/]*\.js$/;
    const requested: string[] = [];
    const pending = new Set<Request>();
    page.on('request', (r) => {
      if (!script.test(r.url())) return;
      requested.push(r.url());
      pending.add(r);
    });
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    await signedIn(page);
    // Nothing opened the orders: the warm-up brought their code, and every script asked is here.
    await expect
      .poll(() => requested.some((u) => chunk('OrderPages').test(u)) && pending.size === 0, {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await page.locator('[data-route="home"]').count()).toBe(1);
    const before = requested.length;
    await goTo(page, gamePagePath(GAME, 'orderRetrieve'));
    await expect
      .poll(async () => Number(await page.getByTestId('orders-table').getAttribute('data-row-count')))
      .toBeGreaterThan(0);
    expect(requested.slice(before)).toEqual([]);
  });
});
