import { sql, type Kysely } from 'kysely';
import type { leaderboardsFeature, Stage, StageRecord } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { gameOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { mustFindPlayer } from '../players/lookup.js';
import { STAGES, stageBoard, stageOf, type StageDef } from './levels-stages.js';
import { boardTotal, rankOf, recordsFrom, type BoardKey, type RecordRow } from './ranks.js';
import { playerNames } from './records.js';
import { mustFindSeason, toSeason } from './seasons.js';

/**
 * Level detail: a game's stages with their figures in a season, a stage's records page by page
 * and a player's rank on a stage. A stage's records are the board `stage-<id>` of
 * leaderboard_records, so their ranks come from ranks.ts exactly as the boards' do.
 */

type Endpoints = (typeof leaderboardsFeature)['endpoints'];
type LevelEndpoints = Pick<
  Endpoints,
  'leaderboards.stages' | 'leaderboards.stage' | 'leaderboards.stageRank'
>;

export function mustFindStage(game: GameId, id: number): StageDef {
  const stage = stageOf(game, id);
  if (stage) return stage;
  const names = GAMES[game].names;
  const ids = STAGES[game].map((s) => s.id);
  throw problem(
    Codes.NOT_FOUND,
    `${names.en} has no stage ${id}; its stages are ${ids.join(', ')}`,
    `${names['zh-CN']}没有第 ${id} 关；已有关卡：${ids.join('、')}`,
    [{ path: 'stageId', message: 'no such stage in this game' }],
  );
}

/** A stage with its figures in a season: who cleared it, and its top record. */
async function stageFigures(db: Kysely<Database>, key: BoardKey, def: StageDef): Promise<Stage> {
  const [best] = await recordsFrom(db, key, 1, 1);
  return {
    id: def.id,
    name: { en: def.en, 'zh-CN': def.zh },
    players: await boardTotal(db, key),
    bestScore: best?.score ?? null,
    bestClearMs: best?.clear_ms ?? null,
  };
}

export function toStageRecord(
  row: RecordRow,
  stageId: number,
  rank: number,
  playerName: string | null,
): StageRecord {
  return {
    id: row.id,
    seasonId: row.season_id,
    stageId,
    rank,
    playerId: row.player_id,
    playerName,
    partyName: row.team_name,
    score: row.score,
    clearMs: row.clear_ms ?? 0,
    level: row.level,
    achievedAt: row.achieved_at.toISOString(),
  };
}

async function stageOfSeason(ctx: HandlerContext, input: { stageId: number; season?: number | undefined }) {
  const game = gameOf(ctx);
  const def = mustFindStage(game, input.stageId);
  const season = await mustFindSeason(ctx.db, game, input.season, ctx.now);
  const key: BoardKey = { game, seasonId: season.id, board: stageBoard(def.id) };
  return { game, def, season, key, stage: await stageFigures(ctx.db, key, def) };
}

function noClear(game: GameId, def: StageDef, seasonId: number, playerId: string) {
  const names = GAMES[game].names;
  return problem(
    Codes.NOT_FOUND,
    `Player ${playerId} of ${names.en} has not cleared stage ${def.id} (${def.en}) in season ${seasonId}, or their record was deleted`,
    `${names['zh-CN']}玩家 ${playerId} 在第 ${seasonId} 赛季未通关第 ${def.id} 关（${def.zh}），或其记录已被删除`,
    [{ path: 'playerId', message: 'no clear of this stage by this player' }],
  );
}

export const levelHandlers: HandlerMap<LevelEndpoints> = {
  'leaderboards.stages': async (input, ctx) => {
    const game = gameOf(ctx);
    const season = await mustFindSeason(ctx.db, game, input.season, ctx.now);
    const all = STAGES[game];
    const shown = all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
    const items: Stage[] = [];
    for (const def of shown)
      items.push(await stageFigures(ctx.db, { game, seasonId: season.id, board: stageBoard(def.id) }, def));
    return {
      season: toSeason(season, ctx.now),
      items,
      total: all.length,
      page: input.page,
      pageSize: input.pageSize,
    };
  },

  'leaderboards.stage': async (input, ctx) => {
    const { game, def, season, key, stage } = await stageOfSeason(ctx, input);
    const first = (input.page - 1) * input.pageSize + 1;
    const rows = await recordsFrom(ctx.db, key, first, input.pageSize);
    const names = await playerNames(ctx.db, game, rows);
    return {
      season: toSeason(season, ctx.now),
      stage,
      items: rows.map((r, i) => toStageRecord(r, def.id, first + i, names.get(r.player_id) ?? null)),
      total: stage.players,
      page: input.page,
      pageSize: input.pageSize,
    };
  },

  'leaderboards.stageRank': async (input, ctx) => {
    const { game, def, season, key, stage } = await stageOfSeason(ctx, input);
    const player = await mustFindPlayer(ctx.db, game, input.playerId);
    const { rows } = await sql<RecordRow>`
      select r.* from leaderboard_records as r
      where r.game = ${game} and r.season_id = ${season.id} and r.board = ${key.board}
        and r.player_id = ${player.id} and r.deleted_at is null`.execute(ctx.db);
    const own = rows[0];
    if (!own) throw noClear(game, def, season.id, player.id);
    const rank = await rankOf(ctx.db, key, own);
    return {
      season: toSeason(season, ctx.now),
      stage,
      record: toStageRecord(own, def.id, rank, player.name),
    };
  },
};
