import type { playersEndpoints } from '../../shared/api/players.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId, type PlayerTab } from '../../shared/games.js';
import { auditedResult, type EndpointHandler, type HandlerContext } from '../http/context.js';
import { problem } from '../http/problem.js';
import { cachedTabsOf, mustLoadPlayer } from './detail.js';
import { mustFindPlayer, type PlayerRecord } from './lookup.js';

/**
 * Operator actions on a player: delete (soft: the account stops, its data stays), activate (an
 * inactive or deleted account plays again) and clear the game's cache of their data. Each is
 * audited with the player as target and the state before and after; a refused action throws
 * before it changes anything (and the endpoint layer's transaction undoes anything it did).
 */

type Endpoints = typeof playersEndpoints;

function conflict(game: GameId, row: PlayerRecord, en: string, zh: string) {
  const names = GAMES[game].names;
  return problem(
    Codes.CONFLICT,
    `Player ${row.name} (${row.id}) in ${names.en} ${en}`,
    `${names['zh-CN']}玩家 ${row.name}（${row.id}）${zh}`,
  );
}

async function begin(ctx: HandlerContext, game: GameId, id: string) {
  ctx.audit.target = id;
  const loaded = await mustLoadPlayer(ctx.db, game, id, ctx.now);
  ctx.audit.before = loaded.detail;
  return loaded;
}

async function finish(ctx: HandlerContext, game: GameId, id: string) {
  const { detail } = await mustLoadPlayer(ctx.db, game, id, ctx.now);
  return auditedResult(ctx, detail);
}

export const remove: EndpointHandler<Endpoints['players.delete']> = async (input, ctx) => {
  const { row } = await begin(ctx, input.game, input.id);
  if (row.state === 'deleted') {
    const since = row.deleted_at ? row.deleted_at.toISOString() : 'before';
    throw conflict(
      input.game,
      row,
      `is already deleted (since ${since}); activate restores them`,
      `已被删除（${since}）；如需恢复请使用激活`,
    );
  }
  await ctx.db
    .updateTable('players')
    .set({ state: 'deleted', deleted_at: ctx.now })
    .where('game', '=', input.game)
    .where('id', '=', row.id)
    .execute();
  return finish(ctx, input.game, row.id);
};

export const activate: EndpointHandler<Endpoints['players.activate']> = async (input, ctx) => {
  const { row } = await begin(ctx, input.game, input.id);
  if (row.state === 'active') {
    throw conflict(input.game, row, 'is already active', '已是正常状态，无需激活');
  }
  await ctx.db
    .updateTable('players')
    .set({ state: 'active', deleted_at: null })
    .where('game', '=', input.game)
    .where('id', '=', row.id)
    .execute();
  return finish(ctx, input.game, row.id);
};

export const clearCache: EndpointHandler<Endpoints['players.clearCache']> = async (input, ctx) => {
  ctx.audit.target = input.id;
  const row = await mustFindPlayer(ctx.db, input.game, input.id);
  const before = await cachedTabsOf(ctx.db, input.game, row.id);
  ctx.audit.before = { cachedTabs: before };
  const deleted = await ctx.db
    .deleteFrom('player_cache')
    .where('game', '=', input.game)
    .where('player_id', '=', row.id)
    .returning('tab')
    .execute();
  const gone = new Set(deleted.map((d) => d.tab));
  const cleared: PlayerTab[] = GAMES[input.game].playerTabs.filter((t) => gone.has(t));
  ctx.audit.after = { cachedTabs: await cachedTabsOf(ctx.db, input.game, row.id) };
  return { cleared };
};
