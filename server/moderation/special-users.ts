import { Codes } from '../../shared/codes.js';
import {
  SPECIAL_CATEGORIES,
  type SpecialCategory,
  type SpecialUser,
  type moderationEndpoints,
} from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { listPage } from '../db/paging.js';
import type { SpecialUsersTable } from './tables.js';
import { gameOf, auditedResult, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import {
  deleteEntry,
  gameName,
  iso,
  isUniqueViolation,
  mustExist,
  mustFindPlayer,
  operatorName,
  playerIdOrNameContains,
  type WithPlayerName,
} from './scope.js';

/**
 * Special users (ymmj, lw, party): players the studio treats apart (GMs, streamers, partners,
 * testers, VIPs), one entry per player. The endpoints exist only for the games with the page.
 */

type SpecialEndpoints = Pick<
  typeof moderationEndpoints,
  'specialUsers.list' | 'specialUsers.create' | 'specialUsers.delete'
>;

type SpecialRow = WithPlayerName<SpecialUsersTable>;

const ENTRY = { en: 'special user entry', zh: '特殊用户记录' };

function categoryOf(value: string): SpecialCategory {
  // The column is written only from the contract's enum; anything else is a damaged row.
  const found = SPECIAL_CATEGORIES.find((c) => c === value);
  if (!found) throw new Error(`special_users holds an unknown category ${JSON.stringify(value)}`);
  return found;
}

function toSpecialUser(row: SpecialRow): SpecialUser {
  return {
    id: row.id,
    playerId: row.player_id,
    playerName: row.player_name,
    category: categoryOf(row.category),
    note: row.note,
    operator: row.operator,
    createdAt: iso(row.created_at),
  };
}

function specialOf(ctx: HandlerContext, game: GameId) {
  return ctx.db.selectFrom('special_users as s').where('s.game', '=', game);
}

/** The entries' columns with the player's name (null when the player is gone). */
function withPlayerName(q: ReturnType<typeof specialOf>) {
  return q
    .leftJoin('players as p', (join) => join.onRef('p.game', '=', 's.game').onRef('p.id', '=', 's.player_id'))
    .selectAll('s')
    .select('p.name as player_name');
}

function alreadySpecial(game: GameId, playerId: string, entry: { id: number; category: string } | null) {
  const name = gameName(game);
  const which = entry ? ` as ${entry.category} (entry ${entry.id})` : '';
  const whichZh = entry ? `，类别 ${entry.category}（记录 ${entry.id}）` : '';
  return problem(
    Codes.CONFLICT,
    `Player ${playerId} is already a special user of ${name.en}${which}; delete that entry first to change it`,
    `玩家 ${playerId} 已是${name.zh}的特殊用户${whichZh}；如需修改请先删除该记录`,
  );
}

export const specialUsersHandlers: HandlerMap<SpecialEndpoints> = {
  'specialUsers.list': async (input, ctx) => {
    const game = gameOf(ctx);
    let q = specialOf(ctx, game);
    if (input.category) q = q.where('s.category', '=', input.category);
    if (input.q) q = q.where(playerIdOrNameContains(input.q, 's'));
    const ordered = withPlayerName(q).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
    return listPage(q, ordered, input, toSpecialUser);
  },

  'specialUsers.create': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = input.playerId;
    ctx.audit.before = null;
    const player = await mustFindPlayer(ctx, game, input.playerId);
    const existing = await ctx.db
      .selectFrom('special_users')
      .select(['id', 'category'])
      .where('game', '=', game)
      .where('player_id', '=', player.id)
      .executeTakeFirst();
    if (existing) throw alreadySpecial(game, player.id, existing);
    const row = await ctx.db
      .insertInto('special_users')
      .values({
        game,
        player_id: player.id,
        category: input.category,
        note: input.note,
        operator: operatorName(ctx),
        created_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => {
        // Another operator added the same player between our check and this insert.
        if (isUniqueViolation(err)) throw alreadySpecial(game, player.id, null);
        throw err;
      });
    return auditedResult(ctx, toSpecialUser({ ...row, player_name: player.name }));
  },

  'specialUsers.delete': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `specialuser:${input.entryId}`;
    const found = await withPlayerName(specialOf(ctx, game))
      .where('s.id', '=', input.entryId)
      .executeTakeFirst();
    const row = mustExist(found, ENTRY, input.entryId, game);
    ctx.audit.target = row.player_id;
    ctx.audit.before = toSpecialUser(row);
    return deleteEntry(ctx, 'special_users', ENTRY, row.id, game);
  },
};
