import type { TabRow, playersEndpoints } from '../../shared/api/players.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import type { EndpointHandler } from '../http/context.js';
import { readThroughCache } from './cache.js';
import { readEquipment } from './equipment.js';
import { assertGameHasTab, mustFindPlayer } from './lookup.js';
import { ensurePlayerData } from './materialise.js';

/**
 * One tab of a player's game data, with the cache rules of cache.ts. Equipment is served here
 * too (its rows are the equipment table's, under the same cache key), so a tab link to it works
 * like any other; its own calls (eqs, eqpage) add the count, top power and paging.
 */

type Endpoints = typeof playersEndpoints;

export const tab: EndpointHandler<Endpoints['players.tab']> = async (input, ctx) => {
  assertGameHasTab(input.game, input.tab);
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  const read = await readThroughCache<TabRow>(
    ctx.db,
    input.game,
    player.id,
    input.tab,
    { cached: TAB_DEFS[input.tab].cache, fresh: input.read === 'fresh', now: ctx.now },
    async () => {
      await ensurePlayerData(ctx.db, input.game, player, ctx.now);
      if (input.tab === 'equipment') return readEquipment(ctx.db, input.game, player.id);
      const rows = await ctx.db
        .selectFrom('player_rows')
        .select('data')
        .where('game', '=', input.game)
        .where('player_id', '=', player.id)
        .where('tab', '=', input.tab)
        .orderBy('seq')
        .execute();
      return rows.map((r) => r.data as TabRow);
    },
  );
  return { tab: input.tab, ...read };
};
