import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../shared/api/endpoint.js';
import type { Season, Stage, StageRecord } from '../../shared/api/leaderboards.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import { backendKinds } from '../../tests/support/backends.js';
import { NO_PLAYER, pid, useKit } from '../../tests/support/api-kit.js';
import { seedAnchor } from '../seed/games.js';
import { seedPlayers } from '../seed/players.js';
import { FAIR_FASTEST_MS, SCORE_TOP } from './levels-seed.js';
import { STAGES, stageBoard } from './levels-stages.js';
import { leaveBlock, rebuildBlocks, type BoardKey } from './ranks.js';
import { SEASONS, seedLeaderboards } from './seed.js';

/**
 * Level detail over HTTP: each game's stages with their figures, a stage's records page by page
 * and a player's rank on it, all equal to a plain recount of the records; bad input; access.
 */

interface StagePage {
  season: Season;
  stage: Stage;
  items: StageRecord[];
  total: number;
}

describe.each(backendKinds())('level detail on %s', (kind) => {
  const k = useKit(kind);
  const db = () => k.t.backend.database.db;

  const stages = (input: Record<string, unknown>) =>
    k.ok<{ season: Season; items: Stage[]; total: number }>('leaderboards.stages', input);
  const stagePage = (input: Record<string, unknown>) => k.ok<StagePage>('leaderboards.stage', input);

  /** Rank, player and clear time of every live record of a stage, counted the plain way. */
  async function recount(key: BoardKey) {
    const { rows } = await sql<{ id: number; rank: number; player_id: string; clear_ms: number }>`
      select r.id, r.player_id, r.clear_ms, (1 + (select count(*) from leaderboard_records as a
        where a.game = r.game and a.season_id = r.season_id and a.board = r.board and a.deleted_at is null
          and (a.clear_ms < r.clear_ms or (a.clear_ms = r.clear_ms
            and (a.achieved_at, a.id) < (r.achieved_at, r.id)))))::int as rank
      from leaderboard_records as r
      where r.game = ${key.game} and r.season_id = ${key.seasonId} and r.board = ${key.board}
        and r.deleted_at is null
      order by rank`.execute(db());
    return rows;
  }

  /** Every page of a stage, in order, as the API gives them. */
  async function allPages(game: GameId, stageId: number, season: number, pageSize: number) {
    const out: StageRecord[] = [];
    for (let page = 1; ; page++) {
      const p = await stagePage({ game, stageId, season, page, pageSize });
      out.push(...p.items);
      if (p.items.length < pageSize) return out;
    }
  }

  /** Pages, figures and a player's rank equal the plain recount (fastest clear first). */
  async function expectStageTrue(game: GameId, stageId: number, season: number, pageSize: number) {
    const key: BoardKey = { game, seasonId: season, board: stageBoard(stageId) };
    const counted = await recount(key);
    expect(counted.length).toBeGreaterThan(0);
    const paged = await allPages(game, stageId, season, pageSize);
    expect(paged.map((r) => [r.id, r.rank])).toEqual(counted.map((r) => [r.id, r.rank]));
    const first = await stagePage({ game, stageId, season });
    expect(first.total).toBe(counted.length);
    expect(first.stage).toMatchObject({ players: counted.length, bestClearMs: counted[0]?.clear_ms });
    for (const r of counted.filter((_, i) => i % 3 === 0)) {
      const a = await k.ok<{ record: StageRecord }>('leaderboards.stageRank', {
        game,
        stageId,
        season,
        playerId: r.player_id,
      });
      expect(a.record).toMatchObject({ id: r.id, rank: r.rank, clearMs: r.clear_ms, stageId });
    }
  }

  it("lists each game's stages, named in both languages, with figures that equal a recount", async () => {
    for (const game of GAME_IDS) {
      const all = await stages({ game });
      expect(all.season).toMatchObject({ id: SEASONS, current: true });
      expect(all.total).toBe(STAGES[game].length);
      expect(all.items.map((s) => s.id)).toEqual(STAGES[game].map((s) => s.id));
      for (const s of all.items) {
        expect(s.name.en).not.toBe('');
        expect(s.name['zh-CN']).toMatch(/\p{Script=Han}/u);
        const { rows } = await sql<{ n: number; best: number | null }>`
          select count(*)::int as n, min(clear_ms) as best from leaderboard_records
          where game = ${game} and season_id = ${SEASONS} and board = ${stageBoard(s.id)}
            and deleted_at is null`.execute(db());
        expect(s.players).toBe(rows[0]?.n);
        expect(s.bestClearMs).toBe(rows[0]?.best ?? null);
        if (s.bestClearMs !== null) expect(s.bestScore).toBe(SCORE_TOP - s.bestClearMs);
      }
      // Fewer players reach the later stages.
      const players = all.items.map((s) => s.players);
      expect(players[0]).toBeGreaterThan(players[players.length - 1] ?? 0);
    }
    const paged = await stages({ game: 'lw', page: 2, pageSize: 4 });
    expect(paged.items.map((s) => s.id)).toEqual([5, 6]);
  });

  it("ranks a stage's records fastest first, equal to a plain recount across many blocks", async () => {
    const key: BoardKey = { game: 'ymmj', seasonId: SEASONS, board: stageBoard(1) };
    // Tiny blocks, so that the seed's handful of records spans many of them.
    await rebuildBlocks(db(), key, 3);
    const p = await stagePage({ game: 'ymmj', stageId: 1 });
    // Seed row 13 cleared it in about a second: the cheat an operator would look for.
    expect(p.items[0]).toMatchObject({ rank: 1, playerId: pid('ymmj', 13), playerName: expect.any(String) });
    expect(p.items[0]?.clearMs).toBeLessThan(FAIR_FASTEST_MS);
    expect(p.items[1]?.clearMs).toBeGreaterThanOrEqual(FAIR_FASTEST_MS);
    const times = p.items.map((r) => r.clearMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    await expectStageTrue('ymmj', 1, SEASONS, 4);
    // A record leaves (as a deletion does): the ranks below move up, still equal to the recount.
    const gone = p.items[2];
    if (!gone) throw new Error('stage 1 has fewer than 3 records');
    await db()
      .updateTable('leaderboard_records')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    await leaveBlock(db(), key, gone.score);
    await expectStageTrue('ymmj', 1, SEASONS, 5);
    await expectStageTrue('party', 2, 2, 3);
    const party = await stagePage({ game: 'party', stageId: 2, season: 2 });
    expect(party.items.every((r) => r.partyName !== null && r.seasonId === 2)).toBe(true);
    expect((await stagePage({ game: 'lw', stageId: 1 })).items.every((r) => r.partyName === null)).toBe(true);
  });

  /** A call in Chinese: its status. */
  async function callZh(id: 'leaderboards.stage' | 'leaderboards.stageRank', input: Record<string, unknown>) {
    const plan = planRequest(ENDPOINTS[id], input);
    const r = await k.t.api.request(plan.method, `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: k.tokens.admin,
      headers: { 'accept-language': 'zh-CN' },
    });
    return r.body.Status;
  }

  it('answers an unknown stage, season or player with a clear 404 in both languages', async () => {
    const stage = await k.fails('leaderboards.stage', { game: 'lw', stageId: 9 }, Codes.NOT_FOUND);
    expect(stage).toBe('Lord War has no stage 9; its stages are 1, 2, 3, 4, 5, 6');
    expect(await callZh('leaderboards.stage', { game: 'lw', stageId: 9 })).toEqual({
      Code: Codes.NOT_FOUND,
      Message: '领主战争没有第 9 关；已有关卡：1、2、3、4、5、6',
    });
    const season = await k.fails('leaderboards.stages', { game: 'lw', season: 9 }, Codes.NOT_FOUND);
    expect(season).toBe('Lord War has no season 9; its seasons are 1, 2, 3');
    await k.fails('leaderboards.stage', { game: 'lw', stageId: 1, season: 9 }, Codes.NOT_FOUND);
    await k.fails('leaderboards.stage', { game: 'lw', stageId: 0 }, Codes.VALIDATION);
    await k.fails('leaderboards.stage', { game: 'lw', stageId: 1, pageSize: 101 }, Codes.VALIDATION);
    await k.fails('leaderboards.stageRank', { game: 'lw', stageId: 1, playerId: NO_PLAYER }, Codes.NOT_FOUND);
    // Seed row 13 is level 1: it never reached stage 6.
    const input = { game: 'lw', stageId: 6, playerId: pid('lw', 13) };
    const notCleared = await k.fails('leaderboards.stageRank', input, Codes.NOT_FOUND);
    expect(notCleared).toMatch(/has not cleared stage 6 \(Throne of Ravenmoor\) in season 3/);
    expect((await callZh('leaderboards.stageRank', input)).Message).toMatch(/未通关第 6 关（鸦沼王座）/);
  });

  it("keeps level detail to ADMIN, and a board's deletion away from a stage's records", async () => {
    await k.fails('leaderboards.stages', { game: 'ymmj' }, Codes.FORBIDDEN, 'service');
    await k.fails('leaderboards.stage', { game: 'lw', stageId: 1 }, Codes.FORBIDDEN, 'ymmj');
    await k.ok('leaderboards.stage', { game: 'ymmj', stageId: 1 }, 'ymmj');
    const before = await stagePage({ game: 'atomicwar', stageId: 1 });
    const record = before.items[0];
    if (!record) throw new Error('stage 1 has no record');
    await k.fails(
      'leaderboards.deleteRecord',
      { game: 'atomicwar', recordId: record.id, reason: 'not a board record' },
      Codes.NOT_FOUND,
    );
    expect(await stagePage({ game: 'atomicwar', stageId: 1 })).toEqual(before);
  });

  it("seeds more players' clears on a larger seed, in bulk, with ranks true", async () => {
    const game: GameId = 'atomicwar';
    const anchor = await seedAnchor(db(), new Date(k.t.clock.now));
    const before = (await stages({ game })).items[0]?.players ?? 0;
    await seedPlayers(db(), game, 45, anchor);
    await seedLeaderboards(db(), game, 45, anchor, 1);
    expect((await stages({ game })).items[0]?.players).toBeGreaterThan(before);
    await expectStageTrue(game, 1, SEASONS, 7);
    await expectStageTrue(game, 3, 1, 7);
  });
});
