import { sql } from 'kysely';
import type { TabRow, playersEndpoints } from '../../shared/api/players.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import type { TextAnswerHandler } from '../http/context.js';
import { readThroughCache } from './cache.js';
import { equipmentSource } from './equipment.js';
import { assertGameHasTab, mustFindPlayer } from './lookup.js';
import { ensurePlayerData } from './materialise.js';

/**
 * One tab of a player's game data, with the cache rules of cache.ts. Equipment is served here
 * too (its rows are the equipment table's, under the same cache key), so a tab link to it works
 * like any other; its own calls (eqs, eqpage) add the count, top power and paging.
 */

type Endpoints = typeof playersEndpoints;

export const tab: TextAnswerHandler<Endpoints['players.tab']> = async (input, ctx) => {
  assertGameHasTab(input.game, input.tab);
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  const read = await readThroughCache<TabRow>(
    ctx.db,
    input.game,
    player.id,
    input.tab,
    { cached: TAB_DEFS[input.tab].cache, fresh: input.read === 'fresh', now: ctx.now },
    input.tab === 'equipment'
      ? equipmentSource(ctx.db, input.game, player, ctx.now)
      : {
          prepare: () => ensurePlayerData(ctx.db, input.game, player, ctx.now),
          rows: sql<string | null>`(select json_agg(r.data order by r.seq)::text from player_rows as r
            where r.game = ${input.game} and r.player_id = ${player.id} and r.tab = ${input.tab})`,
        },
  );
  return { tab: input.tab, ...read };
};
