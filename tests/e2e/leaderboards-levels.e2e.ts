import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { Stage, StageRecord } from '../../shared/api/leaderboards.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { useConsole } from './fixture.js';
import { goTo, hashPath, openConsole, signIn, waitForPath } from './support.js';

/**
 * The level detail as an operator uses it: the game's stages with the server's figures, a stage
 * opened to its records in the server's ranks (fastest first) and a player's rank on it, another
 * season through the URL, and an unknown stage said as the server says it.
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
