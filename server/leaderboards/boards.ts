import { sql } from 'kysely';
import { BOARD_PAGE_MAX, type Board, type leaderboardsEndpoints } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { gameOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { mustFindPlayer } from '../players/lookup.js';
import { boardTotal, neighbours, rankOf, recordsFrom, type BoardKey, type RecordRow } from './ranks.js';
import { ranked, toRecord } from './records.js';
import { mustFindSeason, seasonsOf, toSeason } from './seasons.js';

/** Reading the boards: seasons, the top 100, a page further down, one player's rank. */

type ReadEndpoints = Pick<
  typeof leaderboardsEndpoints,
  'leaderboards.seasons' | 'leaderboards.top' | 'leaderboards.page' | 'leaderboards.rank'
>;

const BOARD_NAMES: Record<Board, { en: string; zh: string }> = {
  player: { en: 'player board', zh: '玩家榜' },
  team: { en: 'team board', zh: '战队榜' },
  equip: { en: 'equipment board', zh: '装备榜' },
};

/** How many records either side of a player's own the rank call shows. */
const AROUND = 2;

async function boardOf(ctx: HandlerContext, input: { board: Board; season?: number | undefined }) {
  const game = gameOf(ctx);
  const season = await mustFindSeason(ctx.db, game, input.season, ctx.now);
  const key: BoardKey = { game, seasonId: season.id, board: input.board };
  return { game, season, key };
}

function noRecord(game: GameId, board: Board, seasonId: number, playerId: string) {
  const names = GAMES[game].names;
  const what = BOARD_NAMES[board];
  const own = board === 'team' ? { en: ' (as a team captain)', zh: '（作为战队队长）' } : { en: '', zh: '' };
  return problem(
    Codes.NOT_FOUND,
    `Player ${playerId} of ${names.en} has no record on the ${what.en} of season ${seasonId}${own.en}; they did not play it, or the record was deleted`,
    `${names['zh-CN']}玩家 ${playerId} 在第 ${seasonId} 赛季${what.zh}上没有记录${own.zh}：未参与该赛季，或记录已被删除`,
    [{ path: 'playerId', message: 'no record of this player on this board' }],
  );
}

export const boardHandlers: HandlerMap<ReadEndpoints> = {
  'leaderboards.seasons': async (_input, ctx) => {
    const rows = await seasonsOf(ctx.db, gameOf(ctx));
    return { seasons: rows.map((r) => toSeason(r, ctx.now)) };
  },

  'leaderboards.top': async (input, ctx) => {
    const { game, season, key } = await boardOf(ctx, input);
    const rows = await recordsFrom(ctx.db, key, 1, BOARD_PAGE_MAX);
    return {
      season: toSeason(season, ctx.now),
      board: input.board,
      total: await boardTotal(ctx.db, key),
      records: await ranked(ctx.db, game, rows, 1),
    };
  },

  'leaderboards.page': async (input, ctx) => {
    const { game, season, key } = await boardOf(ctx, input);
    const first = (input.page - 1) * input.pageSize + 1;
    const rows = await recordsFrom(ctx.db, key, first, input.pageSize);
    return {
      season: toSeason(season, ctx.now),
      board: input.board,
      items: await ranked(ctx.db, game, rows, first),
      total: await boardTotal(ctx.db, key),
      page: input.page,
      pageSize: input.pageSize,
    };
  },

  'leaderboards.rank': async (input, ctx) => {
    const { game, season, key } = await boardOf(ctx, input);
    const player = await mustFindPlayer(ctx.db, game, input.playerId);
    const { rows } = await sql<RecordRow>`
      select r.* from leaderboard_records as r
      where r.game = ${game} and r.season_id = ${season.id} and r.board = ${input.board}
        and r.player_id = ${player.id} and r.deleted_at is null`.execute(ctx.db);
    const own = rows[0];
    if (!own) throw noRecord(game, input.board, season.id, player.id);
    const rank = await rankOf(ctx.db, key, own);
    const ahead = await neighbours(ctx.db, key, own, 'ahead', AROUND);
    const behind = await neighbours(ctx.db, key, own, 'behind', AROUND);
    const around = await ranked(ctx.db, game, [...ahead, own, ...behind], rank - ahead.length);
    return {
      season: toSeason(season, ctx.now),
      board: input.board,
      total: await boardTotal(ctx.db, key),
      record: toRecord(own, rank, player.name),
      around,
    };
  },
};
