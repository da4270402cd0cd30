import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Equipment, playersEndpoints } from '../../shared/api/players.js';
import type { GameId } from '../../shared/games.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { countAll, pageResult, pageWindow } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import type { EndpointHandler, TextAnswerHandler } from '../http/context.js';
import { readThroughCache, type TabSourceSql } from './cache.js';
import { mustFindPlayer } from './lookup.js';
import { ensurePlayerData } from './materialise.js';

/**
 * The equipment table (spec "Widgets"): all of a player's pieces (eqs, with the cache rules of the
 * tabs under the key "equipment"), or one page at a time by power (eqpage) for players with
 * thousands of pieces. Both read in the order of player_equipment_power_idx.
 */

type Endpoints = typeof playersEndpoints;

function equipmentOf(db: Kysely<Database>, game: GameId, playerId: string) {
  return db
    .selectFrom('player_equipment')
    .where('game', '=', game)
    .where('player_id', '=', playerId)
    .orderBy('power', 'desc')
    .orderBy('id', 'asc');
}

/**
 * Every piece, strongest first, as one JSON array's text: the pieces' stored JSON (the `doc`
 * column) joined in the order of player_equipment_power_idx, so 10,000 pieces cost one string_agg
 * and one parse, not a JSON object built per piece per read. Null when the player has none.
 */
export function equipmentJson(game: GameId, playerId: string): RawBuilder<string | null> {
  return sql<string | null>`(select '[' || string_agg(e.doc, ',' order by e.power desc, e.id asc) || ']'
    from player_equipment as e where e.game = ${game} and e.player_id = ${playerId})`;
}

/**
 * Where the equipment tab's rows come from when the copy is not used (cache.ts), with their
 * count and strongest piece read by the index rather than scanned for in the text. The eqs call
 * and the tab link share the cache key "equipment", so both give this.
 */
export function equipmentSource(
  db: Kysely<Database>,
  game: GameId,
  player: Parameters<typeof ensurePlayerData>[2],
  now: Date,
): TabSourceSql {
  return {
    prepare: () => ensurePlayerData(db, game, player, now),
    rows: equipmentJson(game, player.id),
    shape: {
      count: sql<number>`(select count(*)::int from player_equipment as e
        where e.game = ${game} and e.player_id = ${player.id})`,
      first: sql<string | null>`(select e.doc from player_equipment as e
        where e.game = ${game} and e.player_id = ${player.id} order by e.power desc, e.id asc limit 1)`,
    },
  };
}

/** Every piece, strongest first. */
export async function readEquipment(
  db: Kysely<Database>,
  game: GameId,
  playerId: string,
): Promise<Equipment[]> {
  const read = await db.selectNoFrom(equipmentJson(game, playerId).as('items')).executeTakeFirstOrThrow();
  return read.items ? (JSON.parse(read.items) as Equipment[]) : [];
}

export const equipment: TextAnswerHandler<Endpoints['players.equipment']> = async (input, ctx) => {
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  const read = await readThroughCache<Equipment>(
    ctx.db,
    input.game,
    player.id,
    'equipment',
    { cached: TAB_DEFS.equipment.cache, fresh: input.read === 'fresh', now: ctx.now },
    equipmentSource(ctx.db, input.game, player, ctx.now),
  );
  const { rows, ...meta } = read;
  // Every copy is strongest first (equipmentJson's order, and batchFix's rebuild of a stale copy
  // reads through readEquipment in the same order), so the top power is the first piece's.
  return { ...meta, items: rows, total: rows.length, topPower: rows.first()?.power ?? 0 };
};

export const equipmentPage: EndpointHandler<Endpoints['players.equipmentPage']> = async (input, ctx) => {
  const player = await mustFindPlayer(ctx.db, input.game, input.id);
  await ensurePlayerData(ctx.db, input.game, player, ctx.now);
  const summary = await ctx.db
    .selectFrom('player_equipment')
    .select([countAll.as('total'), sql<number>`coalesce(max(power), 0)::int`.as('top')])
    .where('game', '=', input.game)
    .where('player_id', '=', player.id)
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await equipmentOf(ctx.db, input.game, player.id)
    .select('doc')
    .limit(limit)
    .offset(offset)
    .execute();
  const items = rows.map((r) => JSON.parse(r.doc) as Equipment);
  return { ...pageResult(items, summary.total, input), topPower: summary.top };
};
