import { sql } from 'kysely';
import type { Board, leaderboardsFeature } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import type { ApiError } from '../../shared/envelope.js';
import { GAMES, type GameId } from '../../shared/games.js';
import {
  auditedResult,
  gameOf,
  signedInOf,
  type EndpointHandler,
  type HandlerContext,
} from '../http/context.js';
import { problem } from '../http/problem.js';
import { mustFindStage, toStageRecord } from './levels.js';
import { stageBoard, type StageBoard } from './levels-stages.js';
import { boardTotal, leaveBlock, rankOf, type BoardKey, type RecordRow } from './ranks.js';
import { playerNames, toRecord } from './records.js';

/**
 * Deleting a bad record, of a board or of a stage (whose clears rank as a board's records do): it
 * is marked deleted (kept for the audit, left out of every rank) and its block counts one fewer,
 * in the audited call's transaction, so the ranks are right when the call answers. The record's
 * row is locked first: of two operators deleting it at once, the second waits, then finds it
 * deleted and is told so (ALREADY_DELETED), with nothing changed.
 */

type Endpoints = (typeof leaderboardsFeature)['endpoints'];

const BOARD_BOARDS: readonly Board[] = ['player', 'team', 'equip'];

/** What a deletion is asked to delete: a record of one of `boards`, said as the call says it. */
interface Target {
  recordId: number;
  reason: string;
  boards: readonly (Board | StageBoard)[];
  /** The refusal of an id that is no record of those boards in this game. */
  missing: (game: GameId) => ApiError;
  /** The record as the call answers it (the audit's "before" with its rank). */
  shown: (row: RecordRow, rank: number | null, player: string | null) => unknown;
  /** The audit's target once the record is found. */
  named: (row: RecordRow) => string;
}

interface Deletion {
  deleted: RecordRow;
  formerRank: number;
  total: number;
  player: string | null;
}

async function deleteOne(ctx: HandlerContext, target: Target): Promise<Deletion> {
  const game = gameOf(ctx);
  ctx.audit.target = `record ${target.recordId}`;
  const boards = sql.join(target.boards.map((b) => sql`${b}`));
  const { rows } = await sql<RecordRow>`
    select * from leaderboard_records where id = ${target.recordId} and game = ${game}
      and board in (${boards}) for update`.execute(ctx.db);
  const row = rows[0];
  if (!row) throw target.missing(game);
  ctx.audit.target = target.named(row);
  const player = (await playerNames(ctx.db, game, [row])).get(row.player_id) ?? null;
  if (row.deleted_at) {
    const at = row.deleted_at.toISOString();
    throw problem(
      Codes.ALREADY_DELETED,
      `Record ${row.id} was already deleted by ${row.deleted_by ?? '?'} at ${at} ("${row.delete_reason ?? ''}"); nothing was changed`,
      `记录 ${row.id} 已于 ${at} 被 ${row.deleted_by ?? '?'} 删除（原因：${row.delete_reason ?? ''}），本次未做任何更改`,
    );
  }
  const key: BoardKey = { game, seasonId: row.season_id, board: row.board as Board | StageBoard };
  const formerRank = await rankOf(ctx.db, key, row);
  ctx.audit.before = target.shown(row, formerRank, player);
  const deleted = await ctx.db
    .updateTable('leaderboard_records')
    .set({ deleted_at: ctx.now, deleted_by: signedInOf(ctx).operator.name, delete_reason: target.reason })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await leaveBlock(ctx.db, key, row.score);
  return { deleted, formerRank, total: await boardTotal(ctx.db, key), player };
}

export const deleteRecord: EndpointHandler<Endpoints['leaderboards.deleteRecord']> = async (input, ctx) => {
  const done = await deleteOne(ctx, {
    recordId: input.recordId,
    reason: input.reason,
    boards: BOARD_BOARDS,
    missing: (game) => {
      const names = GAMES[game].names;
      return problem(
        Codes.NOT_FOUND,
        `${names.en} has no leaderboard record ${input.recordId}; reload the board, the id may be another game's`,
        `${names['zh-CN']}没有编号为 ${input.recordId} 的排行榜记录；请刷新榜单，该编号可能属于其他游戏`,
      );
    },
    shown: toRecord,
    named: (row) => `record ${row.id} (player ${row.player_id})`,
  });
  const record = toRecord(done.deleted, null, done.player);
  return auditedResult(ctx, { record, formerRank: done.formerRank, total: done.total });
};

export const deleteStageRecord: EndpointHandler<Endpoints['leaderboards.deleteStageRecord']> = async (
  input,
  ctx,
) => {
  const def = mustFindStage(gameOf(ctx), input.stageId);
  const done = await deleteOne(ctx, {
    recordId: input.recordId,
    reason: input.reason,
    boards: [stageBoard(def.id)],
    missing: (game) => {
      const names = GAMES[game].names;
      return problem(
        Codes.NOT_FOUND,
        `Stage ${def.id} (${def.en}) of ${names.en} has no record ${input.recordId}; reload the stage, the id may be another stage's`,
        `${names['zh-CN']}第 ${def.id} 关（${def.zh}）没有编号为 ${input.recordId} 的记录；请刷新关卡，该编号可能属于其他关卡`,
        [{ path: 'recordId', message: 'no such record on this stage' }],
      );
    },
    shown: (row, rank, player) => toStageRecord(row, def.id, rank ?? 0, player),
    named: (row) => `stage ${def.id} record ${row.id} (player ${row.player_id})`,
  });
  const { rank: _rank, ...kept } = toStageRecord(done.deleted, def.id, done.formerRank, done.player);
  const record = {
    ...kept,
    deletedAt: (done.deleted.deleted_at ?? ctx.now).toISOString(),
    deletedBy: done.deleted.deleted_by ?? '',
    deleteReason: done.deleted.delete_reason ?? '',
  };
  return auditedResult(ctx, { record, formerRank: done.formerRank, total: done.total });
};
