import { sql } from 'kysely';
import type { Board, leaderboardsEndpoints } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { GAMES } from '../../shared/games.js';
import { auditedResult, gameOf, signedInOf, type EndpointHandler } from '../http/context.js';
import { problem } from '../http/problem.js';
import { boardTotal, leaveBlock, rankOf, type BoardKey, type RecordRow } from './ranks.js';
import { playerNames, toRecord } from './records.js';

/**
 * Deleting a bad record: it is marked deleted (kept for the audit, left out of every rank) and its
 * block counts one fewer, in the audited call's transaction, so the ranks are right when the call
 * answers. The record's row is locked first: of two operators deleting it at once, the second
 * waits, then finds it deleted and is told so (ALREADY_DELETED), with nothing changed.
 */

type Endpoints = typeof leaderboardsEndpoints;

export const deleteRecord: EndpointHandler<Endpoints['leaderboards.deleteRecord']> = async (input, ctx) => {
  const game = gameOf(ctx);
  const names = GAMES[game].names;
  ctx.audit.target = `record ${input.recordId}`;
  const { rows } = await sql<RecordRow>`
    select * from leaderboard_records where id = ${input.recordId} and game = ${game}
      and board in ('player', 'team', 'equip') for update`.execute(ctx.db);
  const row = rows[0];
  if (!row) {
    throw problem(
      Codes.NOT_FOUND,
      `${names.en} has no leaderboard record ${input.recordId}; reload the board, the id may be another game's`,
      `${names['zh-CN']}没有编号为 ${input.recordId} 的排行榜记录；请刷新榜单，该编号可能属于其他游戏`,
    );
  }
  ctx.audit.target = `record ${row.id} (player ${row.player_id})`;
  const player = (await playerNames(ctx.db, game, [row])).get(row.player_id) ?? null;
  if (row.deleted_at) {
    const at = row.deleted_at.toISOString();
    throw problem(
      Codes.ALREADY_DELETED,
      `Record ${row.id} was already deleted by ${row.deleted_by ?? '?'} at ${at} ("${row.delete_reason ?? ''}"); nothing was changed`,
      `记录 ${row.id} 已于 ${at} 被 ${row.deleted_by ?? '?'} 删除（原因：${row.delete_reason ?? ''}），本次未做任何更改`,
    );
  }
  const key: BoardKey = { game, seasonId: row.season_id, board: row.board as Board };
  const formerRank = await rankOf(ctx.db, key, row);
  ctx.audit.before = toRecord(row, formerRank, player);
  const deleted = await ctx.db
    .updateTable('leaderboard_records')
    .set({ deleted_at: ctx.now, deleted_by: signedInOf(ctx).operator.name, delete_reason: input.reason })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await leaveBlock(ctx.db, key, row.score);
  const record = toRecord(deleted, null, player);
  return auditedResult(ctx, { record, formerRank, total: await boardTotal(ctx.db, key) });
};
