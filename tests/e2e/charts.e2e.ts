import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * The console's charts (issue 20's chart kit) on their first screen, the player statistics: ECharts
 * arrives with the screen that draws a chart, never with the console's start; the chart is drawn
 * on canvas with the table of its figures beside it, and saves as a PNG picture.
 */
const fx = useConsole();
const GAME: GameId = 'ymmj';
const CHART_CHUNK = /\/assets\/echarts-[^/]*\.js$/;
/** A screen the console loads while idle after sign-in (the player page). */
const WARMED_CHUNK = /\/assets\/PlayerDetailPage-[^/]*\.js$/;

async function signedIn(): Promise<{ page: Page; chunks: string[]; warmed: () => boolean }> {
  const page = await openConsole(fx.browser, fx.host);
  const chunks: string[] = [];
  let warm = false;
  page.on('request', (r) => {
    if (CHART_CHUNK.test(r.url())) chunks.push(r.url());
    if (WARMED_CHUNK.test(r.url())) warm = true;
  });
  await signIn(page, 'admin');
  await waitForPath(page, '/home');
  return { page, chunks, warmed: () => warm };
}

describe('charts', () => {
  it('loads ECharts with the first screen that draws a chart, and draws new players per day with their figures beside', async () => {
    const { page, chunks, warmed } = await signedIn();
    // Signed in, and the idle warm-up of the screens operators open most has run: no chart code.
    await expect.poll(warmed).toBe(true);
    expect(chunks).toEqual([]);

    await goTo(page, `${gamePagePath(GAME, 'playerStats')}?days=30`);
    const panel = page.getByTestId('stats-new-per-day');
    await page.locator('[data-testid="stats-new-per-day-chart"][data-drawn="true"]').waitFor();
    expect(chunks.length).toBeGreaterThan(0);
    expect(await panel.locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('stats-new-per-day-chart').getAttribute('aria-label')).toContain('30');

    // The table holds the same figures the server counted: one row per day, adding up to its total.
    const r = await fx.host.core.handlers['api:call']({
      endpoint: 'players.stats',
      input: { game: GAME, days: 30 },
    });
    if (!r.ok) throw new Error(r.error.message);
    const stats = r.data as { newPerDay: { day: string; count: number }[] };
    const rows = page.getByTestId('stats-new-per-day-figures').locator('tbody tr');
    // The figures are drawn a render after the chart (renderer/kit/Later.tsx).
    await expect.poll(() => rows.count()).toBe(stats.newPerDay.length);
    const shown = (await rows.locator('td').allTextContents()).map((s) => Number(s.replace(/[^\d]/g, '')));
    expect(shown.reduce((a, b) => a + b, 0)).toBe(stats.newPerDay.reduce((a, p) => a + p.count, 0));
    await page.context().close();
  });

  it('saves the chart as a PNG picture', async () => {
    const { page } = await signedIn();
    await goTo(page, `${gamePagePath(GAME, 'playerStats')}?days=90`);
    await page.locator('[data-testid="stats-new-per-day-chart"][data-drawn="true"]').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('stats-new-per-day-png').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${GAME}-new-players-90d.png`);
    const bytes = await readFile((await download.path()) ?? '');
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(2000);
    await page.context().close();
  });

  it('says so when the chart code cannot load, keeps the figures, and draws on a retry', async () => {
    const { page } = await signedIn();
    await page.route(CHART_CHUNK, (route) => route.abort('connectionrefused'));
    await goTo(page, gamePagePath(GAME, 'playerStats'));
    await page.getByTestId('stats-new-per-day-chart-failed').waitFor();
    await expect
      .poll(() => page.getByTestId('stats-new-per-day-figures').locator('tbody tr').count())
      .toBeGreaterThan(0);
    await page.unroute(CHART_CHUNK);
    await page.getByTestId('stats-new-per-day-chart-failed').getByRole('button').click();
    await page.locator('[data-testid="stats-new-per-day-chart"][data-drawn="true"]').waitFor();
    await page.context().close();
  });
});
