import type { Kysely } from 'kysely';
import type { DynamicRank, leaderboardsEndpoints } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { auditedResult, gameOf, signedInOf, type HandlerMap } from '../http/context.js';

/**
 * The dynamic rank list of a game (ranks shown live to its players): on unless an operator has
 * switched it off. A game without a row (a database seeded before this feature) is on.
 */

type Endpoints = Pick<
  typeof leaderboardsEndpoints,
  'leaderboards.dynamicRank' | 'leaderboards.setDynamicRank'
>;

async function readStatus(db: Kysely<Database>, game: GameId): Promise<DynamicRank> {
  const row = await db
    .selectFrom('leaderboard_settings')
    .selectAll()
    .where('game', '=', game)
    .executeTakeFirst();
  return {
    game,
    enabled: row?.dynamic_rank ?? true,
    updatedAt: row?.updated_at ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ?? null,
  };
}

export const dynamicRankHandlers: HandlerMap<Endpoints> = {
  'leaderboards.dynamicRank': async (_input, ctx) => readStatus(ctx.db, gameOf(ctx)),

  'leaderboards.setDynamicRank': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `dynamic rank list`;
    ctx.audit.before = await readStatus(ctx.db, game);
    const by = signedInOf(ctx).operator.name;
    await ctx.db
      .insertInto('leaderboard_settings')
      .values({ game, dynamic_rank: input.enabled, updated_at: ctx.now, updated_by: by })
      .onConflict((oc) =>
        oc.column('game').doUpdateSet({ dynamic_rank: input.enabled, updated_at: ctx.now, updated_by: by }),
      )
      .execute();
    return auditedResult(ctx, await readStatus(ctx.db, game));
  },
};
