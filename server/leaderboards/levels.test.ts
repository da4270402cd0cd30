import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../shared/api/endpoint.js';
import type { DeletedStageRecord, Season, Stage, StageRecord } from '../../shared/api/leaderboards.js';
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
  async function callZh(
    id: 'leaderboards.stage' | 'leaderboards.stageRank' | 'leaderboards.deleteStageRecord',
    input: Record<string, unknown>,
  ) {
    const plan = planRequest(ENDPOINTS[id], input);
    const r = await k.t.api.request(plan.method, `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: k.tokens.admin,
      ...(plan.body ? { json: plan.body } : {}),
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

  it("deletes a stage's bad clear with a reason: audited, kept, the ranks below up at once, never twice", async () => {
    const game: GameId = 'lw';
    const before = await stagePage({ game, stageId: 2 });
    const [cheat, next] = before.items;
    if (!cheat || !next) throw new Error('stage 2 has fewer than two records');
    const reason = 'Cleared a siege in a second: speed hack';
    const done = await k.ok<{ record: DeletedStageRecord; formerRank: number; total: number }>(
      'leaderboards.deleteStageRecord',
      { game, stageId: 2, recordId: cheat.id, reason },
    );
    expect(done).toEqual({
      record: {
        id: cheat.id,
        seasonId: SEASONS,
        stageId: 2,
        playerId: cheat.playerId,
        playerName: cheat.playerName,
        partyName: null,
        score: cheat.score,
        clearMs: cheat.clearMs,
        level: cheat.level,
        achievedAt: cheat.achievedAt,
        deletedAt: new Date(k.t.clock.now).toISOString(),
        deletedBy: 'admin',
        deleteReason: reason,
      },
      formerRank: 1,
      total: before.total - 1,
    });
    // The ranks moved up in the same call: the next clear is first, every page equals a recount.
    const after = await stagePage({ game, stageId: 2 });
    expect(after.items[0]).toMatchObject({ id: next.id, rank: 1 });
    expect(after.total).toBe(before.total - 1);
    expect(after.stage).toMatchObject({ players: before.total - 1, bestClearMs: next.clearMs });
    await expectStageTrue(game, 2, SEASONS, 7);
    // Kept for the audit, and audited.
    const kept = await db()
      .selectFrom('leaderboard_records')
      .select(['deleted_by', 'delete_reason'])
      .where('id', '=', cheat.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ deleted_by: 'admin', delete_reason: reason });
    const audit = await k.lastAudit('leaderboards.deleteStageRecord');
    expect(audit).toMatchObject({
      operator: 'admin',
      outcome: 'ok',
      game,
      reason,
      target: `stage 2 record ${cheat.id} (player ${cheat.playerId})`,
    });
    expect(audit.before).toMatchObject({ id: cheat.id, rank: 1, stageId: 2 });
    const gone = await k.fails(
      'leaderboards.stageRank',
      { game, stageId: 2, playerId: cheat.playerId },
      Codes.NOT_FOUND,
    );
    expect(gone).toMatch(/or their record was deleted/);

    // Again: refused in both languages, naming the first deletion; nothing changed.
    const again = { game, stageId: 2, recordId: cheat.id, reason: 'twice' };
    const twice = await k.fails('leaderboards.deleteStageRecord', again, Codes.ALREADY_DELETED);
    expect(twice).toMatch(/already deleted by admin at .*Cleared a siege in a second/);
    const zh = await callZh('leaderboards.deleteStageRecord', again);
    expect(zh.Code).toBe(Codes.ALREADY_DELETED);
    expect(zh.Message).toMatch(/已于 .* 被 admin 删除/);
    expect(await stagePage({ game, stageId: 2 })).toEqual(after);
    const still = await db()
      .selectFrom('leaderboard_records')
      .select('delete_reason')
      .where('id', '=', cheat.id)
      .executeTakeFirstOrThrow();
    expect(still.delete_reason).toBe(reason);
  });

  it('lets one of two deletions of the same clear win; the other is told it is already deleted', async () => {
    const game: GameId = 'lw';
    const before = await stagePage({ game, stageId: 3 });
    const target = before.items[1];
    if (!target) throw new Error('stage 3 has fewer than two records');
    const replies = await Promise.all(
      ['first operator', 'second operator'].map((reason) =>
        k.call('leaderboards.deleteStageRecord', { game, stageId: 3, recordId: target.id, reason }),
      ),
    );
    const codes = replies.map((r) => r.body.Status.Code).sort((a, b) => a - b);
    expect(codes).toEqual([Codes.OK, Codes.ALREADY_DELETED]);
    const counted = await recount({ game, seasonId: SEASONS, board: stageBoard(3) });
    expect(counted.length).toBe(before.total - 1);
    expect(counted.map((r) => r.id)).not.toContain(target.id);
    expect((await stagePage({ game, stageId: 3 })).total).toBe(before.total - 1);
    await expectStageTrue(game, 3, SEASONS, 5);
  });

  it("refuses a stage deletion of another stage's, game's or board's record, and bad input, changing nothing", async () => {
    const game: GameId = 'ymmj';
    const stage4 = await stagePage({ game, stageId: 4 });
    const stage5 = await stagePage({ game, stageId: 5 });
    const board = await k.ok<{ items: { id: number }[] }>('leaderboards.page', { game, pageSize: 1 });
    const other = await stagePage({ game: 'lw', stageId: 4 });
    const [own] = stage4.items;
    const [elsewhere] = stage5.items;
    const [boardRecord] = board.items;
    const [otherGames] = other.items;
    if (!own || !elsewhere || !boardRecord || !otherGames) throw new Error('a list is empty');
    const ask = (input: Record<string, unknown>, code: number) =>
      k.fails('leaderboards.deleteStageRecord', { game, stageId: 4, reason: 'a bad clear', ...input }, code);

    const wrongStage = await ask({ recordId: elsewhere.id }, Codes.NOT_FOUND);
    expect(wrongStage).toMatch(new RegExp(`^Stage 4 \\(.+\\) of Secret Realm has no record ${elsewhere.id}`));
    const zh = await callZh('leaderboards.deleteStageRecord', {
      game,
      stageId: 4,
      recordId: elsewhere.id,
      reason: 'a bad clear',
    });
    expect(zh).toMatchObject({
      Code: Codes.NOT_FOUND,
      Message: expect.stringMatching(/第 4 关.*没有编号为 \d+ 的记录/),
    });
    await ask({ recordId: boardRecord.id }, Codes.NOT_FOUND);
    await ask({ recordId: otherGames.id }, Codes.NOT_FOUND);
    await ask({ recordId: 99_999_999 }, Codes.NOT_FOUND);
    const noStage = await ask({ stageId: 9, recordId: own.id }, Codes.NOT_FOUND);
    expect(noStage).toMatch(/has no stage 9; its stages are 1, 2, 3, 4, 5, 6/);
    await ask({ recordId: own.id, reason: '' }, Codes.VALIDATION);
    await ask({ recordId: 0 }, Codes.VALIDATION);
    await k.fails(
      'leaderboards.deleteStageRecord',
      { game, stageId: 4, recordId: own.id, reason: 'service try' },
      Codes.FORBIDDEN,
      'service',
    );
    expect(await stagePage({ game, stageId: 4 })).toEqual(stage4);
    expect(await stagePage({ game, stageId: 5 })).toEqual(stage5);
    expect(await stagePage({ game: 'lw', stageId: 4 })).toEqual(other);
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
