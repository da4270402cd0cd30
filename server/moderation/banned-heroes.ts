import { Codes } from '../../shared/codes.js';
import type { BanStatus, BannedHero, moderationEndpoints } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { listPage } from '../db/paging.js';
import type { BannedHeroesTable } from './tables.js';
import { gameOf, auditedResult, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { expiredAt, hasExpired, heroBanActive } from './active.js';
import { mustFindHero } from './heroes.js';
import {
  addEntry,
  deleteEntry,
  futureExpiry,
  iso,
  mustExist,
  mustFindPlayer,
  operatorName,
  stampOf,
  type WithPlayerName,
} from './scope.js';

/**
 * Hero bans: a hero disabled for every player of a game (player_id null) or for one player,
 * until it expires or is lifted. Lifting keeps the entry (status lifted); deleting an item
 * removes a mistaken entry, the audit log keeping what it was.
 */

type BanEndpoints = Pick<
  typeof moderationEndpoints,
  'bannedHeroes.list' | 'bannedHeroes.ban' | 'bannedHeroes.unban' | 'bannedHeroes.deleteItem'
>;

type BanRow = WithPlayerName<BannedHeroesTable>;

const BAN = { en: 'hero ban', zh: '英雄禁用记录' };

function statusOf(row: BanRow, now: Date): BanStatus {
  if (row.lifted_at) return 'lifted';
  return expiredAt(row.expires_at, now) ? 'expired' : 'active';
}

function toBannedHero(row: BanRow, now: Date): BannedHero {
  return {
    id: row.id,
    heroId: row.hero_id,
    heroName: row.hero_name,
    playerId: row.player_id,
    playerName: row.player_name,
    ...stampOf(row),
    liftedAt: iso(row.lifted_at),
    liftedBy: row.lifted_by,
    status: statusOf(row, now),
  };
}

function bansOf(ctx: HandlerContext, game: GameId) {
  return ctx.db.selectFrom('banned_heroes as b').where('b.game', '=', game);
}

/** The bans' columns with the banned player's name (null for global bans or a player who is gone). */
function withPlayerName(q: ReturnType<typeof bansOf>) {
  return q
    .leftJoin('players as p', (join) => join.onRef('p.game', '=', 'b.game').onRef('p.id', '=', 'b.player_id'))
    .selectAll('b')
    .select('p.name as player_name');
}

async function mustFindBan(ctx: HandlerContext, game: GameId, banId: number): Promise<BanRow> {
  const row = await withPlayerName(bansOf(ctx, game)).where('b.id', '=', banId).executeTakeFirst();
  return mustExist(row, BAN, banId, game);
}

/** What the audit log names: the player when the ban is one player's, else the hero. */
function targetOf(heroId: number, playerId: string | null | undefined): string {
  return playerId ?? `hero:${heroId}`;
}

export const bannedHeroesHandlers: HandlerMap<BanEndpoints> = {
  'bannedHeroes.list': async (input, ctx) => {
    const game = gameOf(ctx);
    const now = ctx.now;
    let q = bansOf(ctx, game);
    if (input.status === 'active') q = q.where(heroBanActive('b', now));
    else if (input.status === 'expired') q = q.where('b.lifted_at', 'is', null).where(hasExpired('b', now));
    else if (input.status === 'lifted') q = q.where('b.lifted_at', 'is not', null);
    if (input.heroId !== undefined) q = q.where('b.hero_id', '=', input.heroId);
    if (input.playerId !== undefined) q = q.where('b.player_id', '=', input.playerId);

    const ordered = withPlayerName(q).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
    return listPage(q, ordered, input, (r) => toBannedHero(r, now));
  },

  'bannedHeroes.ban': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = targetOf(input.heroId, input.playerId);
    ctx.audit.before = null;
    const hero = mustFindHero(game, input.heroId);
    const expiresAt = futureExpiry(input.expiresAt, ctx.now);
    const player = input.playerId === undefined ? null : await mustFindPlayer(ctx, game, input.playerId);

    const row = await addEntry(ctx, {
      reason: input.reason,
      expiresAt,
      key: `banned_heroes:${game}:${hero.heroId}:${player?.id ?? '*'}`,
      active: () => {
        const same = bansOf(ctx, game)
          .select(['b.id', 'b.expires_at'])
          .where('b.hero_id', '=', hero.heroId)
          .where(heroBanActive('b', ctx.now));
        return (
          player ? same.where('b.player_id', '=', player.id) : same.where('b.player_id', 'is', null)
        ).executeTakeFirst();
      },
      conflict: (existing, until) => {
        const who = player ? `player ${player.id}` : 'every player';
        const whoZh = player ? `玩家 ${player.id}` : '全体玩家';
        return problem(
          Codes.CONFLICT,
          `${hero.name} (${hero.heroId}) is already banned for ${who} ${until.en} (ban ${existing.id}); ` +
            'unban it first to change the expiry',
          `${hero.name}（${hero.heroId}）已对${whoZh}禁用，${until.zh}（记录 ${existing.id}）；如需修改过期时间请先解禁`,
        );
      },
      insert: (stamp) =>
        ctx.db
          .insertInto('banned_heroes')
          .values({
            game,
            hero_id: hero.heroId,
            hero_name: hero.name,
            player_id: player?.id ?? null,
            ...stamp,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
    });
    return auditedResult(ctx, toBannedHero({ ...row, player_name: player?.name ?? null }, ctx.now));
  },

  'bannedHeroes.unban': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `bannedhero:${input.banId}`;
    const row = await mustFindBan(ctx, game, input.banId);
    ctx.audit.target = targetOf(row.hero_id, row.player_id);
    const before = toBannedHero(row, ctx.now);
    ctx.audit.before = before;
    if (before.status === 'lifted') {
      const at = iso(row.lifted_at);
      throw problem(
        Codes.CONFLICT,
        `Ban ${row.id} was already lifted by ${row.lifted_by ?? '?'} at ${at}; there is nothing to lift`,
        `禁用记录 ${row.id} 已于 ${at} 由 ${row.lifted_by ?? '?'} 解禁，无需再次解禁`,
      );
    }
    if (before.status === 'expired') {
      const at = iso(row.expires_at);
      throw problem(
        Codes.CONFLICT,
        `Ban ${row.id} expired at ${at} and no longer applies; there is nothing to lift`,
        `禁用记录 ${row.id} 已于 ${at} 过期，不再生效，无需解禁`,
      );
    }
    const updated = await ctx.db
      .updateTable('banned_heroes')
      .set({ lifted_at: ctx.now, lifted_by: operatorName(ctx), lift_reason: input.reason })
      .where('id', '=', row.id)
      .where('game', '=', game)
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditedResult(ctx, toBannedHero({ ...updated, player_name: row.player_name }, ctx.now));
  },

  'bannedHeroes.deleteItem': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `bannedhero:${input.banId}`;
    const row = await mustFindBan(ctx, game, input.banId);
    ctx.audit.target = targetOf(row.hero_id, row.player_id);
    ctx.audit.before = toBannedHero(row, ctx.now);
    return deleteEntry(ctx, 'banned_heroes', BAN, row.id, game);
  },
};
