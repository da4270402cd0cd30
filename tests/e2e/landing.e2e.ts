import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { BRIEF_FIGURES, type BriefInfo } from '../../shared/api/overview.js';
import type { PlayerTabData } from '../../shared/api/players.js';
import type { EndpointId } from '../../shared/api/table.js';
import { GAME_IDS } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerPath } from '../../shared/routes.js';
import { playerIdOf } from '../../server/seed/players.js';
import { BRIEF_REFRESH_MS } from '../../renderer/home/refresh.js';
import { useConsole } from './fixture.js';
import { callOf } from './requests.js';
import { DEMO_PASSWORD, goTo, hashPath, signIn, waitForPath } from './support.js';

/**
 * The landing page, the "big-data back office": an operator sees the server's figures for their
 * own games only, each figure leads to the page and filter behind it, and the page reads its
 * figures again on its own (on Playwright's clock: no test waits a minute); and Atomic War's
 * quests tab on the player page.
 */
const fx = useConsole();

async function call<T>(endpoint: EndpointId, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

/** A fresh page on a browser clock the test can move, signed in on the landing page. */
async function landing(account: string): Promise<{ page: Page; calls: string[] }> {
  // The host holds one session, like the desktop app: a second operator signs out the first.
  await fx.host.core.handlers['session:logout'](null);
  const context = await fx.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.clock.install();
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[renderer]', err.message));
  const calls: string[] = [];
  page.on('request', (r) => {
    const c = callOf(r);
    if (c) calls.push(c.endpoint);
  });
  await page.goto(fx.host.newLaunchUrl());
  await signIn(page, account, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  await page.getByTestId('home-as-of').waitFor();
  return { page, calls };
}

const todayCell = (page: Page, game: string, figure: string) =>
  page.getByTestId(`home-game-${game}-${figure}-today`);

describe('the landing page', () => {
  it("shows the server's figures, for the operator's own games only", async () => {
    const { page } = await landing('ymmj');
    const brief = await call<BriefInfo>('overview.brief', {});
    expect(brief.games.map((g) => g.game)).toEqual(['ymmj']);
    expect(await page.locator('.home-game').count()).toBe(1);
    for (const other of GAME_IDS.filter((g) => g !== 'ymmj'))
      expect(await page.getByTestId(`home-game-${other}`).count()).toBe(0);
    const ymmj = brief.games[0];
    if (!ymmj) throw new Error('no ymmj figures');
    for (const f of BRIEF_FIGURES) {
      expect(await todayCell(page, 'ymmj', f).getAttribute('data-value'), f).toBe(
        String(ymmj.figures[f].today ?? ''),
      );
      // The moves are said in words, not only in colour.
      const yesterday = page.getByTestId(`home-game-ymmj-${f}-yesterday`);
      expect(await yesterday.textContent()).toMatch(/up|down|same|nothing to compare/);
      expect(await page.getByTestId(`home-game-ymmj-${f}-trend`).getAttribute('data-points')).toBe(
        ymmj.trend[f].map((v) => (v === null ? '' : String(v))).join(','),
      );
    }
    // Revenue in the game's currency, as the server counted it.
    expect(await todayCell(page, 'ymmj', 'revenue').textContent()).toContain('¥');
    expect(await page.getByTestId('home-as-of').textContent()).toContain(brief.timeZone);
    // Who is signed in is still said.
    expect(await page.getByTestId('home-operator').textContent()).toContain('Secret Realm Admin');

    // In Chinese too.
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('home-as-of').textContent()).toContain('截至');
    await page.getByTestId('language-switch').selectOption('en');
    await page.context().close();

    // An operator of every game sees every game.
    const all = await landing('admin');
    for (const g of GAME_IDS) await all.page.getByTestId(`home-game-${g}`).waitFor();
    await all.page.context().close();
  });

  it('leads from each figure to the page and filter behind it', async () => {
    const { page } = await landing('super');
    const brief = await call<BriefInfo>('overview.brief', {});
    const day = brief.today;

    // By keyboard: from one figure's link, Tab reaches the next, and Enter opens it.
    await page.getByTestId('home-game-ymmj-active-link').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('home-game-ymmj-newPlayers-link');
    await page.keyboard.press('Enter');
    await waitForPath(page, `${gamePagePath('ymmj', 'dailyReport')}?start=${day}&end=${day}`);
    await goTo(page, '/home');
    await page.getByTestId('home-game-lw-revenue-link').click();
    await waitForPath(page, `${gamePagePath('lw', 'rechargeStats')}?start=${day}&end=${day}`);

    // Servers down: server watch, filtered to the game and the state.
    const sent: { endpoint: string; input: Record<string, unknown> }[] = [];
    page.on('request', (r) => {
      const c = callOf(r);
      if (c) sent.push(c);
    });
    await goTo(page, '/home');
    await page.getByTestId('home-game-party-servers-down').click();
    await waitForPath(page, '/admin/serverwatch?game=party&state=down');
    await expect
      .poll(() =>
        sent.some(
          (c) =>
            c.endpoint === 'serverWatch.list' && c.input['game'] === 'party' && c.input['state'] === 'down',
        ),
      )
      .toBe(true);

    // Failed deliveries: the game's order list, filtered to them.
    await goTo(page, '/home');
    await page.getByTestId('home-game-atomicwar-alerts-deliveries').click();
    await waitForPath(page, `${gamePagePath('atomicwar', 'orderRetrieve')}?state=deliveryFailed`);
    await expect
      .poll(() =>
        sent.some(
          (c) =>
            c.endpoint === 'orders.search' &&
            JSON.stringify(c.input['state']) === JSON.stringify(['deliveryFailed']),
        ),
      )
      .toBe(true);

    // The to-do line: the operator's own list.
    await goTo(page, '/home');
    await page.getByTestId('home-todo-link').click();
    await waitForPath(page, '/admin/todo');
    await page.context().close();

    // An ADMIN may not open server watch: the counts are there, as text, not as links.
    const admin = await landing('admin');
    const down = admin.page.getByTestId('home-game-party-servers-down');
    expect(await down.evaluate((el) => el.tagName)).toBe('SPAN');
    await admin.page.context().close();
  });

  it('reads its figures again while it is open, and says as of when', async () => {
    const { page, calls } = await landing('ymmj');
    const reads = () => calls.filter((c) => c === 'overview.brief').length;
    await expect.poll(reads).toBe(1);
    const critical = Number(await page.getByTestId('home-todo').getAttribute('data-critical'));
    // Something changes on the server: a to-do item due tomorrow.
    const due = new Date(Date.now() + 86_400_000).toISOString();
    await call('todo.create', { name: `landing ${Date.now()}`, desc: '', expireAt: due });
    expect(Number(await page.getByTestId('home-todo').getAttribute('data-critical'))).toBe(critical);

    await page.clock.runFor(BRIEF_REFRESH_MS);
    await expect.poll(reads).toBe(2);
    await expect
      .poll(async () => Number(await page.getByTestId('home-todo').getAttribute('data-critical')))
      .toBe(critical + 1);
    await page.context().close();
  });
});

describe('the quests tab', () => {
  it("lists an Atomic War player's quests as the server holds them", async () => {
    const { page } = await landing('atomicwar');
    const id = playerIdOf('atomicwar', 3);
    await goTo(page, playerPath('atomicwar', id, 'quests'));
    const panel = page.locator('[data-testid="tab-panel"][data-tab="quests"]');
    await panel.waitFor();
    const data = await call<PlayerTabData>('players.tab', { game: 'atomicwar', id, tab: 'quests' });
    expect(data.rows.length).toBeGreaterThan(0);
    await expect.poll(async () => Number(await panel.getAttribute('data-row-count'))).toBe(data.rows.length);
    expect(await panel.textContent()).toContain(String(data.rows[0]?.['name']));
    expect(await page.getByTestId('player-tab-quests').textContent()).toBe('Quests');
    expect(hashPath(page)).toBe(playerPath('atomicwar', id, 'quests'));
    await page.context().close();
  });
});
