import { BOARD_PAGE_MAX, type Board, type leaderboardsEndpoints } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { gameOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { playerNotFound } from '../players/lookup.js';
import { readRank, readTop } from './board-reads.js';
import { boardTotal, recordsFrom, type BoardKey } from './ranks.js';
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

/** No season found: the plain lookup throws the error that names the game's seasons. */
async function noSeason(ctx: HandlerContext, season: number | undefined): Promise<never> {
  await mustFindSeason(ctx.db, gameOf(ctx), season, ctx.now);
  // Only a season made between the two reads gets here.
  throw new Error(`season ${season ?? 'current'} of ${gameOf(ctx)} appeared between two reads`);
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
    const game = gameOf(ctx);
    const found = await readTop(ctx.db, { ...input, game, now: ctx.now }, BOARD_PAGE_MAX);
    // No season: the plain lookup says which seasons the game has.
    if (!found) return noSeason(ctx, input.season);
    return {
      season: toSeason(found.season, ctx.now),
      board: input.board,
      total: found.total,
      records: found.read.map((r, i) => toRecord(r, i + 1, r.player_name)),
    };
  },

  'leaderboards.page': async (input, ctx) => {
    const { game, season, key } = await boardOf(ctx, input);
    const first = (input.page - 1) * input.pageSize + 1;
    // Independent reads, side by side on PostgreSQL's pool (one after the other on PGlite's one connection).
    const [rows, total] = await Promise.all([
      recordsFrom(ctx.db, key, first, input.pageSize),
      boardTotal(ctx.db, key),
    ]);
    return {
      season: toSeason(season, ctx.now),
      board: input.board,
      items: await ranked(ctx.db, game, rows, first),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  },

  'leaderboards.rank': async (input, ctx) => {
    const game = gameOf(ctx);
    const found = await readRank(ctx.db, { ...input, game, now: ctx.now }, input.playerId, AROUND);
    if (!found) return noSeason(ctx, input.season);
    const { read, season } = found;
    if (read.player === 'none') throw playerNotFound(game, input.playerId);
    if (!read.own) throw noRecord(game, input.board, season.id, read.player.id);
    const ahead = read.around.findIndex((r) => r.id === read.own.id);
    return {
      season: toSeason(season, ctx.now),
      board: input.board,
      total: found.total,
      record: toRecord(read.own, read.rank, read.player.name),
      around: read.around.map((r, i) => toRecord(r, read.rank - ahead + i, r.player_name)),
    };
  },
};
