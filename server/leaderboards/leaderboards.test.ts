import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planRequest } from '../../shared/api/endpoint.js';
import type { DynamicRank, LeaderboardRecord, Season } from '../../shared/api/leaderboards.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import { backendKinds } from '../../tests/support/backends.js';
import { NO_PLAYER, pid, useKit } from '../../tests/support/api-kit.js';
import { rebuildBlocks, type BoardKey } from './ranks.js';
import { seedAnchor } from '../seed/games.js';
import { seedPlayers } from '../seed/players.js';
import { FAIR_CEILING, SEASONS, seedLeaderboards } from './seed.js';
import { insertTestRecord } from './test-records.js';

/**
 * Leaderboards over HTTP: seasons, the top 100 and pages, a player's rank, deleting a record
 * (audited, ranks at once, kept for the audit, one winner of two at once), the dynamic rank list,
 * bad input. Ranks are checked against a plain count of the records before each one.
 */

interface Top {
  season: Season;
  board: string;
  total: number;
  records: LeaderboardRecord[];
}
interface RankAnswer {
  total: number;
  record: LeaderboardRecord;
  around: LeaderboardRecord[];
}
interface Deleted {
  record: LeaderboardRecord;
  formerRank: number;
  total: number;
}

describe.each(backendKinds())('leaderboards on %s', (kind) => {
  const k = useKit(kind);
  const db = () => k.t.backend.database.db;
  const now = () => new Date(k.t.clock.now);

  const top = (input: Record<string, unknown>, who: 'admin' | 'service' = 'admin') =>
    k.ok<Top>('leaderboards.top', input, who);
  const rankOf = (input: Record<string, unknown>) => k.ok<RankAnswer>('leaderboards.rank', input);
  const del = (game: GameId, recordId: number, reason = 'cheat engine') =>
    k.ok<Deleted>('leaderboards.deleteRecord', { game, recordId, reason });

  /** The rank of every live record of a board, counted the plain way: 1 + the live records before it. */
  async function recount(key: BoardKey): Promise<Map<number, number>> {
    const { rows } = await sql<{ id: number; rank: number }>`
      select r.id, (1 + (select count(*) from leaderboard_records as a
        where a.game = r.game and a.season_id = r.season_id and a.board = r.board and a.deleted_at is null
          and (a.score > r.score or (a.score = r.score and (a.achieved_at, a.id) < (r.achieved_at, r.id)))))::int as rank
      from leaderboard_records as r
      where r.game = ${key.game} and r.season_id = ${key.seasonId} and r.board = ${key.board} and r.deleted_at is null`.execute(
      db(),
    );
    return new Map(rows.map((r) => [r.id, r.rank]));
  }

  /** Every page of a board, in order, as the API gives them. */
  async function allPages(key: BoardKey, pageSize: number): Promise<LeaderboardRecord[]> {
    const out: LeaderboardRecord[] = [];
    for (let page = 1; ; page++) {
      const p = await k.ok<{ items: LeaderboardRecord[]; total: number }>('leaderboards.page', {
        game: key.game,
        board: key.board,
        season: key.seasonId,
        page,
        pageSize,
      });
      out.push(...p.items);
      if (p.items.length < pageSize) return out;
    }
  }

  /** The API's ranks (pages, and the rank call for some players) equal the plain count. */
  async function expectRanksTrue(key: BoardKey, pageSize: number): Promise<void> {
    const counted = await recount(key);
    const paged = await allPages(key, pageSize);
    expect(paged.map((r) => [r.id, r.rank])).toEqual(
      [...counted].sort((a, b) => a[1] - b[1]).map(([id, rank]) => [id, rank]),
    );
    const t = await top({ game: key.game, board: key.board, season: key.seasonId });
    expect(t.total).toBe(counted.size);
    for (const r of paged.filter((_, i) => i % 3 === 0)) {
      const a = await rankOf({
        game: key.game,
        board: key.board,
        season: key.seasonId,
        playerId: r.playerId,
      });
      expect(a.record.rank).toBe(counted.get(r.id));
      expect(a.around.map((x) => x.rank)).toEqual(a.around.map((_, i) => (a.around[0]?.rank ?? 0) + i));
      expect(a.around.map((x) => x.id)).toContain(r.id);
    }
  }

  it('lists each game’s seasons, newest first, the current one marked and past ones kept', async () => {
    for (const game of GAME_IDS) {
      const { seasons } = await k.ok<{ seasons: Season[] }>('leaderboards.seasons', { game }, 'service');
      expect(seasons.map((s) => s.id)).toEqual([3, 2, 1]);
      expect(seasons.map((s) => s.current)).toEqual([true, false, false]);
      for (const s of seasons) expect(Date.parse(s.startsAt)).toBeLessThan(Date.parse(s.endsAt));
      expect(Date.parse(seasons[1]?.endsAt ?? '')).toBe(Date.parse(seasons[0]?.startsAt ?? ''));
    }
  });

  it('ranks the top of every board, highest score first, with the seeded cheats on top', async () => {
    const t = await top({ game: 'ymmj' }, 'service');
    expect(t.season).toMatchObject({ id: SEASONS, current: true });
    expect(t.board).toBe('player');
    expect(t.records.length).toBe(t.total);
    expect(t.total).toBeGreaterThan(15);
    expect(t.records.map((r) => r.rank)).toEqual(t.records.map((_, i) => i + 1));
    const scores = t.records.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Seed row 13 cheated: far above what any level allows.
    expect(t.records[0]).toMatchObject({ playerId: pid('ymmj', 13), playerName: expect.any(String) });
    expect(t.records[0]?.score).toBeGreaterThan(FAIR_CEILING.player);
    expect(t.records[1]?.score).toBeLessThanOrEqual(FAIR_CEILING.player);

    const team = await top({ game: 'lw', board: 'team' });
    expect(team.records.every((r) => r.teamName !== null && r.equipment === null)).toBe(true);
    expect(team.records[0]?.playerId).toBe(pid('lw', 6));
    const equip = await top({ game: 'party', board: 'equip', season: 2 });
    expect(equip.season).toMatchObject({ id: 2, current: false });
    expect(equip.records.every((r) => r.equipment !== null && r.seasonId === 2)).toBe(true);
    // The oldest season has no cheat (and fewer players: some did not play it).
    const old = await top({ game: 'party', board: 'equip', season: 1 });
    expect(old.records.every((r) => r.score <= FAIR_CEILING.equip)).toBe(true);
    expect(old.total).toBeLessThan((await top({ game: 'party', board: 'equip' })).total);
  });

  it('gives ranks equal to a plain recount after random deletions, page by page and player by player', async () => {
    const key: BoardKey = { game: 'atomicwar', seasonId: SEASONS, board: 'player' };
    // Tiny blocks, so that the seed's handful of records spans many of them.
    await rebuildBlocks(db(), key, 3);
    await expectRanksTrue(key, 4);
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 6; round++) {
      const live = [...(await recount(key)).keys()];
      const victim = live[Math.floor(random() * live.length)] ?? 0;
      const before = await recount(key);
      const d = await del(key.game, victim);
      expect(d.formerRank).toBe(before.get(victim));
      expect(d.total).toBe(before.size - 1);
      await expectRanksTrue(key, 4);
    }
    // The blocks after the deletions are what a rebuild makes of the records.
    const blocks = () =>
      db()
        .selectFrom('leaderboard_rank_blocks')
        .select(['lo', 'records'])
        .where('game', '=', key.game)
        .where('season_id', '=', key.seasonId)
        .where('board', '=', key.board)
        .where('records', '>', 0)
        .orderBy('lo')
        .execute();
    const total = (await blocks()).reduce((n, b) => n + b.records, 0);
    expect(total).toBe((await recount(key)).size);
  });

  it('deletes a record with a reason: audited, ranks below move up at once, the record kept', async () => {
    const game: GameId = 'lw';
    const before = await top({ game });
    const cheat = before.records[0] as LeaderboardRecord;
    const second = before.records[1] as LeaderboardRecord;
    const d = await del(game, cheat.id, 'Memory editor: score 5x the level cap');
    expect(d).toMatchObject({
      formerRank: 1,
      total: before.total - 1,
      record: {
        id: cheat.id,
        rank: null,
        deletedAt: now().toISOString(),
        deletedBy: 'admin',
        deleteReason: 'Memory editor: score 5x the level cap',
      },
    });
    const after = await top({ game });
    expect(after.records[0]).toMatchObject({ id: second.id, rank: 1 });
    expect(after.records.map((r) => r.id)).not.toContain(cheat.id);
    const kept = await db()
      .selectFrom('leaderboard_records')
      .select(['deleted_by', 'delete_reason'])
      .where('id', '=', cheat.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ deleted_by: 'admin', delete_reason: 'Memory editor: score 5x the level cap' });
    const audit = await k.lastAudit('leaderboards.deleteRecord');
    expect(audit).toMatchObject({
      operator: 'admin',
      outcome: 'ok',
      game,
      reason: 'Memory editor: score 5x the level cap',
      target: `record ${cheat.id} (player ${cheat.playerId})`,
    });
    expect(audit.before).toMatchObject({ id: cheat.id, rank: 1, deletedAt: null });

    // The player no longer ranks; deleting again is refused in both languages, nothing changed.
    const gone = await k.fails('leaderboards.rank', { game, playerId: cheat.playerId }, Codes.NOT_FOUND);
    expect(gone).toMatch(/no record on the player board of season 3/);
    const again = await k.fails(
      'leaderboards.deleteRecord',
      { game, recordId: cheat.id, reason: 'twice' },
      Codes.ALREADY_DELETED,
    );
    expect(again).toMatch(new RegExp(`already deleted by admin at ${now().toISOString()}`));
    const zh = await callZh('leaderboards.deleteRecord', { game, recordId: cheat.id, reason: 'twice' });
    expect(zh.Code).toBe(Codes.ALREADY_DELETED);
    expect(zh.Message).toMatch(/已于 .* 被 admin 删除/);
    expect((await top({ game })).total).toBe(before.total - 1);
    const rows = await db()
      .selectFrom('leaderboard_records')
      .select('delete_reason')
      .where('id', '=', cheat.id)
      .executeTakeFirstOrThrow();
    expect(rows.delete_reason).toBe('Memory editor: score 5x the level cap');
  });

  it('lets one of two deletions of the same record win; the other is told it is already deleted', async () => {
    const game: GameId = 'party';
    const key: BoardKey = { game, seasonId: SEASONS, board: 'team' };
    const t = await top({ game, board: 'team' });
    const target = t.records[1] as LeaderboardRecord;
    const replies = await Promise.all(
      ['first operator', 'second operator'].map((reason) =>
        k.call('leaderboards.deleteRecord', { game, recordId: target.id, reason }),
      ),
    );
    const codes = replies.map((r) => r.body.Status.Code).sort((a, b) => a - b);
    expect(codes).toEqual([Codes.OK, Codes.ALREADY_DELETED]);
    const counted = await recount(key);
    expect(counted.size).toBe(t.total - 1);
    expect((await top({ game, board: 'team' })).total).toBe(t.total - 1);
    await expectRanksTrue(key, 100);
  });

  it('finds any player’s rank with the records around it', async () => {
    const game: GameId = 'ymmj';
    const t = await top({ game, board: 'equip' });
    const middle = t.records[Math.floor(t.records.length / 2)] as LeaderboardRecord;
    const a = await rankOf({ game, board: 'equip', playerId: middle.playerId });
    expect(a.record).toMatchObject({ id: middle.id, rank: middle.rank, equipment: middle.equipment });
    expect(a.around.map((r) => r.id)).toEqual(
      t.records.slice((middle.rank ?? 0) - 3, (middle.rank ?? 0) + 2).map((r) => r.id),
    );
    expect(a.total).toBe(t.total);
    // A team's rank is its captain's.
    const team = await top({ game, board: 'team' });
    const captain = team.records[2] as LeaderboardRecord;
    expect((await rankOf({ game, board: 'team', playerId: captain.playerId })).record.rank).toBe(3);
  });

  it('answers at the edges of a board: its last record, a season without records, a season that is not there', async () => {
    const game: GameId = 'party';
    const key: BoardKey = { game, seasonId: SEASONS, board: 'player' };
    const counted = await recount(key);
    const [lastId] = [...counted].sort((a, b) => b[1] - a[1])[0] ?? [];
    const { rows } = await sql<{ player_id: string }>`
      select player_id from leaderboard_records where id = ${lastId}`.execute(db());
    const last = await rankOf({ game, playerId: rows[0]?.player_id });
    expect(last.record).toMatchObject({ id: lastId, rank: counted.size });
    expect(last.total).toBe(counted.size);
    // Nobody behind the last: the two ahead and its own.
    expect(last.around.map((r) => r.rank)).toEqual([counted.size - 2, counted.size - 1, counted.size]);
    const first = await rankOf({ game, playerId: (await top({ game })).records[0]?.playerId });
    expect(first.around.map((r) => r.rank)).toEqual([1, 2, 3]);

    // A season announced but not started: its boards are empty, and no one has a record there.
    const startsAt = new Date(now().getTime() + 30 * 86_400_000);
    await db()
      .insertInto('leaderboard_seasons')
      .values({
        game,
        id: 9,
        name: 'Next',
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 86_400_000),
      })
      .execute();
    try {
      const empty = await top({ game, season: 9 });
      expect(empty).toMatchObject({ total: 0, records: [], season: { id: 9, current: false } });
      expect((await top({ game })).season.id).toBe(SEASONS);
      const none = await k.fails(
        'leaderboards.rank',
        { game, season: 9, playerId: pid(game, 1) },
        Codes.NOT_FOUND,
      );
      expect(none).toMatch(/has no record on the player board of season 9/);
    } finally {
      await db().deleteFrom('leaderboard_seasons').where('game', '=', game).where('id', '=', 9).execute();
    }
    const unknown = await k.fails(
      'leaderboards.rank',
      { game, season: 8, playerId: pid(game, 1) },
      Codes.NOT_FOUND,
    );
    expect(unknown).toBe('Party Game has no season 8; its seasons are 1, 2, 3');
  });

  it('refuses bad input with a clear 4xxxx in both languages, changing nothing', async () => {
    const unknownSeason = await k.fails('leaderboards.top', { game: 'lw', season: 9 }, Codes.NOT_FOUND);
    expect(unknownSeason).toBe('Lord War has no season 9; its seasons are 1, 2, 3');
    const zhSeason = await callZh('leaderboards.top', { game: 'lw', season: 9 });
    expect(zhSeason).toEqual({ Code: Codes.NOT_FOUND, Message: '领主战争没有第 9 赛季；已有赛季：1、2、3' });
    await k.fails('leaderboards.top', { game: 'lw', season: 0 }, Codes.VALIDATION);
    await k.fails('leaderboards.top', { game: 'lw', board: 'guild' }, Codes.VALIDATION);
    // Atomic War's players have no equipment, so it has no equipment board.
    const noEquip = await k.fails(
      'leaderboards.top',
      { game: 'atomicwar', board: 'equip' },
      Codes.VALIDATION,
    );
    expect(noEquip).toMatch(/player, team/);
    await k.fails('leaderboards.page', { game: 'lw', pageSize: 101 }, Codes.VALIDATION);
    const nobody = await k.fails('leaderboards.rank', { game: 'lw', playerId: NO_PLAYER }, Codes.NOT_FOUND);
    expect(nobody).toMatch(new RegExp(`No player ${NO_PLAYER} in Lord War`));
    // Row 2 is no captain: it has no team record.
    await k.fails(
      'leaderboards.rank',
      { game: 'lw', board: 'team', playerId: pid('lw', 2) },
      Codes.NOT_FOUND,
    );

    const total = (await top({ game: 'lw' })).total;
    const unknown = await k.fails(
      'leaderboards.deleteRecord',
      { game: 'lw', recordId: 99_999_999, reason: 'gone' },
      Codes.NOT_FOUND,
    );
    expect(unknown).toMatch(/Lord War has no leaderboard record 99999999/);
    const zhUnknown = await callZh('leaderboards.deleteRecord', {
      game: 'lw',
      recordId: 99_999_999,
      reason: 'gone',
    });
    expect(zhUnknown.Message).toMatch(/领主战争没有编号为 99999999 的排行榜记录/);
    // Another game's record is not this game's to delete.
    const ymmjRecord = (await top({ game: 'ymmj' })).records[3] as LeaderboardRecord;
    await k.fails(
      'leaderboards.deleteRecord',
      { game: 'lw', recordId: ymmjRecord.id, reason: 'x!' },
      Codes.NOT_FOUND,
    );
    await k.fails(
      'leaderboards.deleteRecord',
      { game: 'ymmj', recordId: ymmjRecord.id, reason: '' },
      Codes.VALIDATION,
    );
    expect((await top({ game: 'ymmj' })).records[3]).toEqual(ymmjRecord);
    expect((await top({ game: 'lw' })).total).toBe(total);
  });

  it('keeps deleting to ADMIN: Service reads the boards but may not delete', async () => {
    const recordId = await insertTestRecord(db(), 'ymmj', '76561199000000077', now());
    await k.fails(
      'leaderboards.deleteRecord',
      { game: 'ymmj', recordId, reason: 'service try' },
      Codes.FORBIDDEN,
      'service',
    );
    await k.fails('leaderboards.dynamicRank', { game: 'ymmj' }, Codes.FORBIDDEN, 'service');
    await k.fails('leaderboards.top', { game: 'lw' }, Codes.FORBIDDEN, 'ymmj');
    await del('ymmj', recordId);
  });

  it('switches the dynamic rank list per game, audited', async () => {
    const on = await k.ok<DynamicRank>('leaderboards.dynamicRank', { game: 'atomicwar' });
    expect(on).toEqual({ game: 'atomicwar', enabled: true, updatedAt: null, updatedBy: null });
    const off = await k.ok<DynamicRank>('leaderboards.setDynamicRank', {
      game: 'atomicwar',
      enabled: false,
      reason: 'season reset tonight',
    });
    expect(off).toEqual({
      game: 'atomicwar',
      enabled: false,
      updatedAt: now().toISOString(),
      updatedBy: 'admin',
    });
    expect(await k.ok('leaderboards.dynamicRank', { game: 'atomicwar' })).toEqual(off);
    expect((await k.ok<DynamicRank>('leaderboards.dynamicRank', { game: 'ymmj' })).enabled).toBe(true);
    const audit = await k.lastAudit('leaderboards.setDynamicRank');
    expect(audit).toMatchObject({
      game: 'atomicwar',
      reason: 'season reset tonight',
      target: 'dynamic rank list',
    });
    expect(audit.before).toMatchObject({ enabled: true });
    expect(audit.after).toMatchObject({ enabled: false });
    await k.fails(
      'leaderboards.setDynamicRank',
      { game: 'atomicwar', enabled: 'yes', reason: 'ok ok' },
      Codes.VALIDATION,
    );
  });

  it('seeds more players’ records on a larger seed, in bulk, with the order index rebuilt and ranks true', async () => {
    const game: GameId = 'party';
    const anchor = await seedAnchor(db(), now());
    await seedPlayers(db(), game, 45, anchor);
    const added = await seedLeaderboards(db(), game, 45, anchor, 1);
    expect(added).toBeGreaterThan(25);
    expect(await seedLeaderboards(db(), game, 45, anchor, 1)).toBe(0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_indexes where indexname = 'leaderboard_records_rank_idx'`.execute(
      db(),
    );
    expect(rows[0]?.n).toBe(1);
    const a = await rankOf({ game, playerId: pid(game, 44) });
    expect(a.record.playerId).toBe(pid(game, 44));
    await expectRanksTrue({ game, seasonId: SEASONS, board: 'player' }, 7);
    await expectRanksTrue({ game, seasonId: 1, board: 'equip' }, 7);
  });

  /** A call in Chinese: its status. */
  async function callZh(id: EndpointId, input: Record<string, unknown>) {
    const plan = planRequest(ENDPOINTS[id], input);
    const r = await k.t.api.request(plan.method, `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      token: k.tokens.admin,
      ...(plan.body ? { json: plan.body } : {}),
      headers: { 'accept-language': 'zh-CN' },
    });
    return r.body.Status;
  }
});
