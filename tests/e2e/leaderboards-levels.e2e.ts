import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { Stage, StageRecord } from '../../shared/api/leaderboards.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useConsole } from './fixture.js';
import { downloadSheet } from './sheets.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * The level detail as an operator uses it: the game's stages with the server's figures, a stage
 * opened to its records in the server's ranks (fastest first) and a player's rank on it, another
 * season through the URL, an unknown stage said as the server says it, a bad clear deleted with a
 * reason (the ranks below up at once, audited, a second deletion refused) and a stage's records
 * exported as XLSX and read back.
 */
const fx = useConsole({ backend: { seedPlayers: 60 } });

async function signedIn(account: string, path: string): Promise<Page> {
  const page = await openConsole(fx.browser, fx.host);
  await signIn(page, account);
  await waitForPath(page, '/home');
  await goTo(page, path);
  return page;
}

/** A call as the signed-in operator, behind the screen's back (the truth). */
async function call<T>(endpoint: string, input: Record<string, unknown>): Promise<T> {
  const r = await fx.host.core.handlers['api:call']({ endpoint, input } as never);
  if (!r.ok) throw new Error(`${endpoint}: ${r.error.message}`);
  return r.data as T;
}

/** The stage's rows as shown, in order: record id, rank and player. */
async function shownRanks(page: Page) {
  const cells = page.getByTestId('stage-table').locator('[data-testid^="stage-rank-"]');
  return cells.evaluateAll((els) =>
    els.map((e) => ({
      id: Number(e.getAttribute('data-testid')?.replace('stage-rank-', '')),
      rank: Number(e.getAttribute('data-rank')),
      playerId: e.getAttribute('data-player'),
    })),
  );
}

describe('the level detail', () => {
  it("lists the stages with the server's figures and opens a stage to its records and a player's rank", async () => {
    const game: GameId = 'lw';
    const page = await signedIn('admin', gamePagePath(game, 'levelDetail'));
    const stages = await call<{ items: Stage[] }>('leaderboards.stages', { game });
    const first = stages.items[0];
    if (!first) throw new Error('Lord War has no stages');
    await page.getByTestId(`stage-open-${first.id}`).waitFor();
    expect(await page.getByTestId('stages-table').getAttribute('data-row-count')).toBe(
      String(stages.items.length),
    );
    expect(await page.getByTestId(`stage-open-${first.id}`).textContent()).toContain(first.name.en);
    expect(await page.getByTestId('stages-table').textContent()).toContain(
      first.players.toLocaleString('en'),
    );

    await page.getByTestId(`stage-open-${first.id}`).click();
    await expect.poll(() => hashPath(page)).toContain(`stage=${first.id}`);
    const truth = await call<{ items: StageRecord[]; total: number }>('leaderboards.stage', {
      game,
      stageId: first.id,
      pageSize: 20,
    });
    const expected = truth.items.map((r) => ({ id: r.id, rank: r.rank, playerId: r.playerId }));
    await expect.poll(() => shownRanks(page)).toEqual(expected);
    expect(await page.getByTestId('stage-records').textContent()).toContain(
      `Stage ${first.id}: ${first.name.en}`,
    );

    const third = truth.items[2];
    if (!third) throw new Error('the stage has fewer than three records');
    await page.getByTestId('stage-finder-input').fill(third.playerId);
    await page.getByTestId('stage-finder-submit').click();
    await expect.poll(() => page.getByTestId('stage-finder-result').getAttribute('data-rank')).toBe('3');

    // Another season through the URL: the stage's records of that season, as the server ranks them.
    await goTo(page, `${gamePagePath(game, 'levelDetail')}?season=1&stage=${first.id}`);
    const past = await call<{ items: StageRecord[] }>('leaderboards.stage', {
      game,
      stageId: first.id,
      season: 1,
    });
    await expect
      .poll(() => shownRanks(page))
      .toEqual(past.items.map((r) => ({ id: r.id, rank: r.rank, playerId: r.playerId })));
    expect(past.items.every((r) => r.seasonId === 1)).toBe(true);
    await page.context().close();
  });

  it("says an unknown stage as the server does, and closing it leaves the stages' list", async () => {
    const page = await signedIn('admin', `${gamePagePath('ymmj', 'levelDetail')}?stage=99`);
    await page.getByTestId('stage-error').waitFor();
    expect(await page.getByTestId('stage-error').textContent()).toContain(
      'has no stage 99; its stages are 1, 2, 3, 4, 5, 6',
    );
    await page.getByTestId('stage-close').click();
    await expect.poll(() => page.getByTestId('stage-records').count()).toBe(0);
    await page.getByTestId('stage-open-1').waitFor();
    await page.context().close();
  });
});

describe("a stage's records", () => {
  it('delete a bad clear with a reason: the next moves up at once, the audit log shows it, never twice', async () => {
    const game: GameId = 'lw';
    const stageId = 2;
    const page = await signedIn('admin', `${gamePagePath(game, 'levelDetail')}?stage=${stageId}`);
    const before = await call<{ items: StageRecord[]; total: number }>('leaderboards.stage', {
      game,
      stageId,
    });
    const [first, second] = before.items;
    if (!first || !second) throw new Error('the stage has fewer than two records');
    await expect.poll(() => shownRanks(page).then((r) => r[0]?.id)).toBe(first.id);

    await page.getByTestId(`stage-record-delete-${first.id}`).click();
    const dialog = page.getByTestId('stage-record-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('rank 1 of Stage 2');
    await page.getByTestId('stage-record-delete-dialog-reason').fill('a siege cleared in a second');
    await page.getByTestId('stage-record-delete-dialog-confirm').click();

    await expect
      .poll(() => shownRanks(page).then((r) => r[0]))
      .toEqual({ id: second.id, rank: 1, playerId: second.playerId });
    expect((await shownRanks(page)).some((r) => r.id === first.id)).toBe(false);
    const after = await call<{ items: StageRecord[]; total: number }>('leaderboards.stage', {
      game,
      stageId,
    });
    expect(after.total).toBe(before.total - 1);
    expect(after.items[0]?.id).toBe(second.id);
    // A second deletion of it is refused, naming the first one's reason.
    await expect(
      call('leaderboards.deleteStageRecord', { game, stageId, recordId: first.id, reason: 'again' }),
    ).rejects.toThrow(/already deleted.*a siege cleared in a second/);
    await page.context().close();

    await fx.host.core.handlers['session:logout'](null);
    const logs = await signedIn('super', '/admin/systemlogs?action=leaderboards.deleteStageRecord');
    const entry = logs.locator('[data-testid^="log-"][data-action="leaderboards.deleteStageRecord"]');
    // The deletion, and the refused second one: both audited.
    await expect.poll(() => entry.count()).toBe(2);
    expect(await entry.filter({ hasText: 'a siege cleared in a second' }).count()).toBe(1);
    expect(await entry.filter({ hasText: 'again' }).count()).toBe(1);
    await logs.context().close();
    await fx.host.core.handlers['session:logout'](null);
  });

  it('export as XLSX: every record of the stage in rank order, the season and stage on top', async () => {
    const game: GameId = 'party';
    const stageId = 1;
    const page = await signedIn('admin', `${gamePagePath(game, 'levelDetail')}?stage=${stageId}`);
    const truth = await call<{ items: StageRecord[]; total: number; stage: Stage }>('leaderboards.stage', {
      game,
      stageId,
      pageSize: 100,
    });
    expect(truth.total).toBeGreaterThan(20);
    expect(truth.total).toBeLessThanOrEqual(100);
    await page.getByTestId('stage-table').waitFor();

    const { sheet, text, column } = await downloadSheet(page, 'stage');
    expect(text(1, 1)).toBe('Level details · Party Game');
    expect([text(2, 1), text(2, 2)]).toEqual(['Season', expect.stringContaining('(current)')]);
    expect([text(3, 1), text(3, 2)]).toEqual(['Stage', `${stageId}. ${truth.stage.name.en}`]);
    const col = (name: string) => column(name, 5);
    expect(col('Party')).toBeGreaterThan(0);
    expect(col('Clear time (ms)')).toBeGreaterThan(0);
    // Every record, not only the page shown (20 rows), in the server's rank order.
    expect(sheet.rowCount).toBe(5 + truth.total);
    truth.items.forEach((r, i) => {
      const row = sheet.getRow(6 + i);
      expect(row.getCell(col('Rank')).value).toBe(r.rank);
      expect(row.getCell(col('Player')).value).toBe(r.playerId);
      expect(row.getCell(col('Party')).value).toBe(r.partyName);
      expect(row.getCell(col('Clear time (ms)')).value).toBe(r.clearMs);
      expect(row.getCell(col('Achieved')).value).toBeInstanceOf(Date);
    });
    await page.context().close();
  });
});
