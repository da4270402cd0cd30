import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { LeaderboardRecord } from '../../shared/api/leaderboards.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { downloadSheet } from './sheets.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * The leaderboards as operators use them: the top 100 in the server's ranks, a player's rank, a
 * bad record deleted with a reason (the ranks below move up, the audit log says so, a second
 * deletion is told it came too late), the dynamic rank list switched and back, the seasons with
 * their boards, and a Service operator who reads the boards but is offered nothing that changes them.
 */
// More players than the top 100, so that the boards have a page beyond it.
const fx = useConsole({ backend: { seedPlayers: 130 } });

async function signedIn(account: string, path: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  return page;
}

/** A call as the signed-in operator, behind the screen's back (another operator, the truth). */
async function call<T>(endpoint: string, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

const top = (game: GameId, board = 'player') =>
  call<{ records: LeaderboardRecord[]; total: number }>('leaderboards.top', { game, board });

/** The board's rows as shown, in order: record id, rank and player. */
async function shownRanks(page: Page) {
  const cells = page.getByTestId('board-table').locator('[data-testid^="record-rank-"]');
  return cells.evaluateAll((els) =>
    els.map((e) => ({
      id: Number(e.getAttribute('data-testid')?.replace('record-rank-', '')),
      rank: Number(e.getAttribute('data-rank')),
      playerId: e.getAttribute('data-player'),
    })),
  );
}

const rowsShown = (page: Page) => page.getByTestId('board-table').getAttribute('data-row-count');

describe('the top 100', () => {
  it("shows the server's ranks, page after page, and finds a player's rank by id and by name", async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn('admin', gamePagePath(game, 'top100'));
    const { records, total } = await top(game);
    await expect.poll(() => shownRanks(page).then((r) => r.length)).toBe(20);
    const expected = (from: number) =>
      records.slice(from, from + 20).map((r) => ({ id: r.id, rank: r.rank, playerId: r.playerId }));
    expect(await shownRanks(page)).toEqual(expected(0));
    expect(await page.getByTestId('board-count').textContent()).toContain(total.toLocaleString('en'));

    // The fifth page ends the top 100 as the server ranks it.
    expect(records).toHaveLength(100);
    await goTo(page, `${gamePagePath(game, 'top100')}?page=5`);
    await expect.poll(() => shownRanks(page)).toEqual(expected(80));
    expect((await shownRanks(page)).at(-1)?.rank).toBe(100);

    const tenth = records[9];
    if (!tenth) throw new Error('the seeded board has fewer than ten records');
    await page.getByTestId('rank-finder-input').fill(tenth.playerId);
    await page.getByTestId('rank-finder-submit').click();
    const result = page.getByTestId('rank-finder-result');
    await expect.poll(() => result.getAttribute('data-rank')).toBe('10');

    // By name: the player's own name finds them (or lists them among those it matches).
    await page.getByTestId('rank-finder-input').fill(tenth.playerName ?? '');
    await page.getByTestId('rank-finder-submit').click();
    await page.getByTestId('rank-finder-result').or(page.getByTestId('rank-finder-matches')).waitFor();
    if (await page.getByTestId('rank-finder-matches').isVisible())
      await page.getByTestId(`rank-finder-pick-${tenth.playerId}`).click();
    await expect.poll(() => result.getAttribute('data-rank')).toBe('10');
    await page.context().close();
  });

  it('turns pages beyond the top 100 on the equipment board', async () => {
    const game: GameId = 'lw';
    const page = await signedIn('admin', `${gamePagePath(game, 'top100')}?board=equip&page=6`);
    const deep = await call<{ items: LeaderboardRecord[] }>('leaderboards.page', {
      game,
      board: 'equip',
      page: 6,
      pageSize: 20,
    });
    expect(deep.items.length).toBeGreaterThan(0);
    await expect.poll(() => shownRanks(page).then((r) => r[0]?.rank)).toBe(101);
    expect((await shownRanks(page)).map((r) => r.id)).toEqual(deep.items.map((r) => r.id));
    expect(await page.getByTestId('board-table').textContent()).toContain('Power');
    await page.context().close();
  });

  it('exports the whole board its filters say as XLSX, in rank order, the board and season on top', async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn('admin', `${gamePagePath(game, 'top100')}?board=equip&season=2`);
    await expect.poll(() => shownRanks(page).then((r) => r.length)).toBe(20);
    const all: LeaderboardRecord[] = [];
    for (let p = 1; ; p++) {
      const got = await call<{ items: LeaderboardRecord[] }>('leaderboards.page', {
        game,
        board: 'equip',
        season: 2,
        page: p,
        pageSize: 100,
      });
      all.push(...got.items);
      if (got.items.length < 100) break;
    }
    expect(all.length).toBeGreaterThan(20);

    const { sheet, text, column } = await downloadSheet(page, 'board');
    expect(text(1, 1)).toBe('Top 100 · Secret Realm');
    expect([text(2, 1), text(2, 2)]).toEqual(['Board', 'Equipment']);
    expect(text(3, 1)).toBe('Season');
    const col = (name: string) => column(name, 5);
    expect(sheet.rowCount).toBe(5 + all.length);
    all.forEach((r, i) => {
      const row = sheet.getRow(6 + i);
      expect(row.getCell(col('Rank')).value).toBe(r.rank);
      expect(row.getCell(col('Player')).value).toBe(r.playerId);
      expect(row.getCell(col('Power')).value).toBe(r.score);
      expect(JSON.parse(String(row.getCell(col('Equipment')).value))).toEqual(r.equipment);
    });
    await page.context().close();
  });

  it('says plainly when the URL names a season the game does not have', async () => {
    const page = await signedIn('admin', `${gamePagePath('lw', 'top100')}?season=99`);
    await page.getByTestId('board-error').waitFor();
    expect(await page.getByTestId('board-error').textContent()).toContain('no season 99');
    await page.context().close();
  });
});

describe('deleting a bad record', () => {
  it('takes it off the board at once with a reason, moves the next up, and the audit log shows it', async () => {
    const game: GameId = 'lw';
    const page = await signedIn('admin', gamePagePath(game, 'top100'));
    const [first, second] = (await top(game)).records;
    if (!first || !second) throw new Error('the seeded board has fewer than two records');
    await expect.poll(() => shownRanks(page).then((r) => r[0]?.id)).toBe(first.id);

    await page.getByTestId(`record-delete-${first.id}`).click();
    await page.getByTestId('record-delete-dialog').waitFor();
    await page.getByTestId('record-delete-dialog-reason').fill('score above anything the level allows');
    await page.getByTestId('record-delete-dialog-confirm').click();

    await expect
      .poll(() => shownRanks(page).then((r) => r[0]))
      .toEqual({
        id: second.id,
        rank: 1,
        playerId: second.playerId,
      });
    expect((await shownRanks(page)).some((r) => r.id === first.id)).toBe(false);
    expect((await top(game)).records[0]?.id).toBe(second.id);
    await page.context().close();

    await fx.host.core.handlers['session:logout'](null);
    const logs = await signedIn('super', '/admin/systemlogs?action=leaderboards.deleteRecord');
    const entry = logs.locator('[data-testid^="log-"][data-action="leaderboards.deleteRecord"]');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.first().textContent()).toContain('score above anything the level allows');
    await logs.context().close();
  });

  it('tells the second of two operators that the record is already deleted, and changes nothing', async () => {
    const game: GameId = 'lw';
    const page = await signedIn('admin', `${gamePagePath(game, 'top100')}?board=team`);
    const [first] = (await top(game, 'team')).records;
    if (!first) throw new Error('the seeded team board is empty');
    await page.getByTestId(`record-delete-${first.id}`).click();
    await page.getByTestId('record-delete-dialog-reason').fill('bugged team score');
    // Another operator deletes it first.
    await call('leaderboards.deleteRecord', { game, recordId: first.id, reason: 'seen first elsewhere' });
    await page.getByTestId('record-delete-dialog-confirm').click();
    const failed = page.getByTestId('record-delete-dialog-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('already deleted');
    expect(await failed.textContent()).toContain('seen first elsewhere');
    // Nothing changed: the record still holds the first deletion's reason, not this one's.
    await expect(
      call('leaderboards.deleteRecord', { game, recordId: first.id, reason: 'third try' }),
    ).rejects.toThrow(/seen first elsewhere/);
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('the dynamic rank list', () => {
  it('switches off and on again with a reason, saying who switched it', async () => {
    const game: GameId = 'party';
    const page = await signedIn('admin', gamePagePath(game, 'top100'));
    const toggle = page.getByTestId('dynamic-rank-switch');
    await expect.poll(() => toggle.getAttribute('data-enabled')).toBe('true');
    expect(await page.getByTestId('dynamic-rank-changed').textContent()).toContain('Never switched');

    for (const [reason, enabled] of [
      ['event weekend: ranks frozen', false],
      ['event over', true],
    ] as const) {
      await toggle.locator('label').click();
      await page.getByTestId('dynamic-rank-dialog-reason').fill(reason);
      await page.getByTestId('dynamic-rank-dialog-confirm').click();
      await expect.poll(() => toggle.getAttribute('data-enabled')).toBe(String(enabled));
      expect(await page.getByTestId('dynamic-rank-changed').textContent()).toContain('admin');
      expect((await call<{ enabled: boolean }>('leaderboards.dynamicRank', { game })).enabled).toBe(enabled);
    }
    await page.context().close();
  });
});

describe('the seasons', () => {
  it('lists current and past seasons and opens a past season’s boards', async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn('admin', gamePagePath(game, 'season'));
    const { seasons } = await call<{ seasons: { id: number; current: boolean }[] }>('leaderboards.seasons', {
      game,
    });
    const past = seasons.find((s) => !s.current);
    if (!past) throw new Error('no past season seeded');
    await expect
      .poll(() => page.getByTestId('seasons-table').getAttribute('data-row-count'))
      .toBe(String(seasons.length));
    await page.getByTestId(`season-open-${past.id}`).click();
    await expect
      .poll(() => page.getByTestId('season-board').getAttribute('data-season'))
      .toBe(String(past.id));
    await page.getByTestId('season-board-tab-team').click();
    await expect.poll(() => page.getByTestId('season-board').getAttribute('data-board')).toBe('team');
    const pastTop = await call<{ records: LeaderboardRecord[] }>('leaderboards.top', {
      game,
      board: 'team',
      season: past.id,
    });
    await expect
      .poll(() => page.getByTestId('season-top').getAttribute('data-row-count'))
      .toBe(String(pastTop.records.length));

    await page.getByTestId('season-top-open').click();
    await waitForPath(page, new RegExp(`leaderboard/top100\\?season=${past.id}&board=team`));
    await expect.poll(() => shownRanks(page).then((r) => r[0]?.id)).toBe(pastTop.records[0]?.id);
    await page.context().close();
  });
});

describe('a Service operator', () => {
  it('reads the top 100 but is offered no deletion and no switch', async () => {
    const game: GameId = 'ymmj';
    const page = await signedIn('service', gamePagePath(game, 'top100'));
    await expect.poll(() => rowsShown(page)).toBe('20');
    expect(await page.locator('[data-testid^="record-delete-"]').count()).toBe(0);
    expect(await page.getByTestId('dynamic-rank').count()).toBe(0);
    await goTo(page, gamePagePath(game, 'season'));
    await page.getByTestId('seasons-table').waitFor();
    await page.context().close();
  });
});
