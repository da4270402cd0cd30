import type { Page } from 'playwright';
import { gamePagePath, type GameId } from '../shared/games.js';
import { playerPath } from '../shared/routes.js';
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
 * - the 10,000-row equipment table's first render, and frame times while scrolling it.
 * Needs dist/renderer built in web mode (`npx vite build --mode web`).
 */

const RUNS = Number(process.env['BENCH_RENDERER_RUNS'] ?? 10);
const GAME: GameId = 'ymmj';
/** Player 7 of every game has 10,000 pieces of equipment. */
const HEAVY = 7;

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

export async function benchRenderer(): Promise<RendererFigures> {
  console.log('\n[renderer] starting the browser host and Chromium...');
  const host = await startTestHost({ backend: { inMemory: true, seedPlayers: 500 } });
  const browser = await launchBrowser();
  try {
    const page = await openConsole(browser, host);
    await signIn(page, 'admin');
    await waitForPath(page, '/home');

    const search = gamePagePath(GAME, 'players');
    const firstOpen: number[] = [];
    const reopen: number[] = [];
    for (const into of [firstOpen, reopen]) {
      for (let i = 0; i < RUNS; i++) {
        await goTo(page, search);
        await page.reload();
        await page.locator('[data-testid^="player-link-"]').nth(i).waitFor();
        // Tag the i-th result so the click happens inside the page, next to the clock.
        await page
          .locator('[data-testid^="player-link-"]')
          .nth(i)
          .evaluate((el) => el.setAttribute('data-bench', 'next'));
        into.push(await clickToMark(page, '[data-bench="next"]', 'player-tab-rows'));
      }
    }

    const equipment: number[] = [];
    let frames: number[] = [];
    const heavy = playerIdOf(GAME, HEAVY);
    for (let i = 0; i < RUNS; i++) {
      await goTo(page, playerPath(GAME, heavy, 'info'));
      await page.reload();
      await page.getByTestId('player-tab-equipment').waitFor();
      await page.locator('[data-testid="tab-panel"][data-tab="info"]').waitFor();
      equipment.push(await clickToMark(page, '[data-testid="player-tab-equipment"]', 'equipment-rendered'));
      if (i === 0) frames = await scrollFrames(page);
    }
    return {
      runs: RUNS,
      figures: {
        'click a search result -> first tab rows (player never opened)': figure(firstOpen),
        'click a search result -> first tab rows (opened before, fresh page)': figure(reopen),
        'equipment tab click -> 10,000-row table rendered': figure(equipment),
        'frame interval while scrolling the 10,000-row table': figure(frames),
      },
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}
