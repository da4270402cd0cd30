import type { Page } from 'playwright';
import { type GameId } from '../shared/games.js';
import { gamePagePath } from '../shared/game-pages.js';
import { playerPath, ROUTES, type RouteDef } from '../shared/routes.js';
import { playerIdOf } from '../server/seed/players.js';
import {
  goTo,
  launchBrowser,
  openConsole,
  signIn,
  startTestHost,
  waitForPath,
} from '../tests/e2e/support.js';

/**
 * Renderer timings in Debian's Chromium, against the browser host with the embedded backend
 * (the default seed size: these figures are about the screen, not the database):
 * - click on a search result -> the first tab's rows rendered (the screen's own performance mark);
 * - the 10,000-row equipment table's first render (issue 23: p95 <= 300 ms), the first run being the
 *   player's first open, and frame times while scrolling it; the host's very first such answer
 *   (JIT-cold, once per process) on a row of its own;
 * - a list's first rows after navigation (issue 25: <= 150 ms), for the order list and the
 *   blacklist: from setting the address to the first frame with a table cell of the page;
 * - the daily report of 365 days (issue 20: a chart of 365 days x 4 series <= 200 ms): from
 *   setting the address to both its charts drawn (ECharts' `finished`), its answer included; on a
 *   page just loaded (ECharts fetched and compiled in the run), and with the charts' code loaded.
 * Needs dist/renderer built in web mode (`npx vite build --mode web`).
 */

const RUNS = Number(process.env['BENCH_RENDERER_RUNS'] ?? 10);
export const GAME: GameId = 'ymmj';
/** Player 7 of every game has 10,000 pieces of equipment. */
const HEAVY = 7;
/** The game whose heavy player warms the host up before the timed equipment runs. */
const WARM_UP_GAME: GameId = 'lw';
/** What the timed clicks click: tagged in the page, so the click happens there, next to the clock. */
export const NEXT_CLICK = '[data-bench="next"]';

export interface Figure {
  p50: number;
  p95: number;
  max: number;
}

export interface RendererFigures {
  runs: number;
  figures: Record<string, Figure>;
}

function figure(ms: number[]): Figure {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  return { p50: at(50), p95: at(95), max: s.at(-1) ?? NaN };
}

/** Clicks `selector` inside the page and waits for the performance mark `mark`; returns ms between. */
async function clickToMark(page: Page, selector: string, mark: string): Promise<number> {
  return page.evaluate(
    async ({ selector, mark }) => {
      performance.clearMarks(mark);
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) throw new Error(`nothing matches ${selector}`);
      const t0 = performance.now();
      el.click();
      const deadline = t0 + 60_000;
      for (;;) {
        const hit = performance.getEntriesByName(mark)[0];
        if (hit) return hit.startTime - t0;
        if (performance.now() > deadline) throw new Error(`no ${mark} mark within 60 s`);
        await new Promise((r) => requestAnimationFrame(r));
      }
    },
    { selector, mark },
  );
}

/**
 * Sets the hash to `path` and waits for the first frame in which a cell of a table is drawn in
 * the route's page; returns ms between. The cell, not a test id: any list drawn with the kit's
 * table counts, whatever its screen is built on.
 */
async function navigationToRows(page: Page, path: string, routeId: string): Promise<number> {
  return page.evaluate(
    async ({ path, routeId }) => {
      // A page of a list is a plain table (kit/PageTable), a scrolling one Blueprint's Table2.
      const cell = `[data-route="${routeId}"] .kit-table :is(td, .bp6-table-cell)`;
      const t0 = performance.now();
      location.hash = `#${path}`;
      for (;;) {
        if (document.querySelector(cell)) return performance.now() - t0;
        if (performance.now() - t0 > 60_000) throw new Error(`no rows in ${routeId} within 60 s`);
        await new Promise((r) => requestAnimationFrame(r));
      }
    },
    { path, routeId },
  );
}

/** The lists whose first rows the bench times. */
export type BenchList = 'orderRetrieve' | 'blacklist';

/** The bench game's route of a list. */
export function listRoute(pageKey: BenchList): RouteDef {
  const route = ROUTES.find((r) => r.game === GAME && r.page === pageKey);
  if (!route) throw new Error(`${GAME} has no ${pageKey} page`);
  return route;
}

/** Home on a page just loaded: no list's code fetched in this page yet (an operator's first visit). */
export async function homeJustLoaded(page: Page): Promise<void> {
  await goTo(page, '/home');
  await page.reload();
  await page.locator('[data-route="home"]').waitFor();
}

/**
 * A list's first rows after navigation from home, on a page just loaded (the list's code not yet
 * fetched in this page: an operator's first visit); with the number of rows the list showed.
 */
async function listFirstRows(page: Page, pageKey: BenchList): Promise<{ ms: number[]; rows: number }> {
  const route = listRoute(pageKey);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await homeJustLoaded(page);
    ms.push(await navigationToRows(page, route.path, route.id));
  }
  const count = await page
    .locator(`[data-route="${route.id}"] .kit-table`)
    .first()
    .getAttribute('data-row-count');
  return { ms, rows: Number(count ?? 0) };
}

/** The performance mark a chart sets on ECharts' `finished` (renderer/kit/charts/Chart.tsx). */
export const CHART_DRAWN = 'chart-drawn';

/**
 * The daily report of the 365 days to today, from home on a page just loaded (the charts' code
 * not yet fetched): ms from setting the address to ECharts' `finished` of both charts (activity,
 * 3 series; retention, 4 series), the report's call included.
 */
/** The daily report's address for the 365 days to today. */
export function dailyReportYearPath(): string {
  const today = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  return `${gamePagePath(GAME, 'dailyReport')}?start=${start}&end=${today}`;
}

/**
 * `fresh`: from home on a page just loaded (the charts' code not fetched yet). Otherwise the page
 * has drawn the report once (ECharts and the report's chunks loaded, as after a first visit or an
 * idle warm-up), and the run goes back home and opens it again: the chart drawing itself.
 */
export async function dailyReportYearDrawn(page: Page, fresh = true): Promise<number[]> {
  const path = dailyReportYearPath();
  const ms: number[] = [];
  if (!fresh) {
    await homeJustLoaded(page);
    await page.evaluate((p) => (location.hash = `#${p}`), path);
    await page.getByTestId('daily-activity-figures').locator('tbody tr').nth(364).waitFor();
  }
  for (let i = 0; i < RUNS; i++) {
    if (fresh) await homeJustLoaded(page);
    else {
      await goTo(page, '/home');
      await page.locator('[data-route="home"]').waitFor();
    }
    ms.push(
      await page.evaluate(
        async ({ path, mark }) => {
          performance.clearMarks(mark);
          const t0 = performance.now();
          location.hash = `#${path}`;
          for (;;) {
            const drawn = performance.getEntriesByName(mark);
            if (drawn.length >= 2) return Math.max(...drawn.map((e) => e.startTime)) - t0;
            if (performance.now() - t0 > 60_000)
              throw new Error('the daily report drew no charts within 60 s');
            await new Promise((r) => requestAnimationFrame(r));
          }
        },
        { path, mark: CHART_DRAWN },
      ),
    );
    // The figures beside the chart are drawn after it (kit/Later.tsx): wait for the last day's row.
    const rows = page.getByTestId('daily-activity-figures').locator('tbody tr');
    await rows.nth(364).waitFor();
    const days = await rows.count();
    if (days !== 365) throw new Error(`the daily report drew ${days} days, not 365`);
  }
  return ms;
}

/** Scrolls the table's body by one screen per frame for 2 s; returns the frame intervals. */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const box = document.querySelector(
      '[data-testid="equipment-table"] .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
    );
    if (!box) throw new Error('equipment table scroll container not found');
    const frames: number[] = [];
    let last = performance.now();
    const end = last + 2000;
    while (performance.now() < end) {
      box.scrollTop += 300;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    return frames;
  });
}

/** The search page just loaded, its i-th result tagged as the next click. */
export async function searchResultReady(page: Page, i: number): Promise<void> {
  await goTo(page, gamePagePath(GAME, 'players'));
  await page.reload();
  const link = page.locator('[data-testid^="player-link-"]').nth(i);
  await link.waitFor();
  await link.evaluate((el) => el.setAttribute('data-bench', 'next'));
}

/** The heavy player's first tab on a page just loaded, its equipment tab tagged as the next click. */
export async function equipmentTabReady(page: Page, game: GameId = GAME): Promise<void> {
  await goTo(page, playerPath(game, playerIdOf(game, HEAVY), 'info'));
  await page.reload();
  await page.locator('[data-testid="tab-panel"][data-tab="info"]').waitFor();
  await page.getByTestId('player-tab-equipment').evaluate((el) => el.setAttribute('data-bench', 'next'));
}

/** Runs `work` on a console signed in as admin, over the browser host with the embedded backend. */
export async function withConsole<T>(work: (page: Page) => Promise<T>): Promise<T> {
  const host = await startTestHost({ backend: { inMemory: true, seedPlayers: 500 } });
  const browser = await launchBrowser();
  try {
    const page = await openConsole(browser, host);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');
    return await work(page);
  } finally {
    await browser.close();
    await host.stop();
  }
}

export async function benchRenderer(): Promise<RendererFigures> {
  console.log('\n[renderer] starting the browser host and Chromium...');
  return withConsole(async (page) => {
    const firstOpen: number[] = [];
    const reopen: number[] = [];
    for (const into of [firstOpen, reopen]) {
      for (let i = 0; i < RUNS; i++) {
        await searchResultReady(page, i);
        into.push(await clickToMark(page, NEXT_CLICK, 'player-tab-rows'));
      }
    }

    // A host just started has never run the path of a 10,000-row answer (main's check and parse
    // of it are JIT-cold, once per process): another game's heavy player opens it first, timed
    // on its own row. The timed runs then start with this game's heavy player's first open (the
    // backend's copy of its equipment not made yet), as an operator's first open of a player is.
    await equipmentTabReady(page, WARM_UP_GAME);
    const hostWarmUp = await clickToMark(page, NEXT_CLICK, 'equipment-rendered');
    const equipment: number[] = [];
    let frames: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await equipmentTabReady(page);
      equipment.push(await clickToMark(page, NEXT_CLICK, 'equipment-rendered'));
      if (i === 0) frames = await scrollFrames(page);
    }
    const orders = await listFirstRows(page, 'orderRetrieve');
    const blacklist = await listFirstRows(page, 'blacklist');
    const yearChart = await dailyReportYearDrawn(page);
    const yearChartAgain = await dailyReportYearDrawn(page, false);
    return {
      runs: RUNS,
      figures: {
        'click a search result -> first tab rows (player never opened)': figure(firstOpen),
        'click a search result -> first tab rows (opened before, fresh page)': figure(reopen),
        'equipment tab click -> 10,000-row table rendered': figure(equipment),
        "equipment tab click -> 10,000-row table rendered, the host's first such answer (another game's player, once)":
          figure([hostWarmUp]),
        'frame interval while scrolling the 10,000-row table': figure(frames),
        [`order list: navigation from home -> first rows (${orders.rows} rows, fresh page)`]: figure(
          orders.ms,
        ),
        [`blacklist: navigation from home -> first rows (${blacklist.rows} rows, fresh page)`]: figure(
          blacklist.ms,
        ),
        'daily report, 365 days: navigation from home -> both charts drawn (fresh page)': figure(yearChart),
        "daily report, 365 days: navigation from home -> both charts drawn (charts' code loaded)":
          figure(yearChartAgain),
      },
    };
  });
}
