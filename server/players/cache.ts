import type { Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { TabSource } from '../../shared/api/players.js';
import type { Database } from '../db/schema.js';

/**
 * The game's cache of a player's tabs (spec: "many have a cache variant"). A cached read returns
 * the copy when there is one; otherwise, and always for a fresh read, it reads the database and
 * stores the rows as the new copy. Tabs without a cache variant always read the database.
 */

export interface CachedRead<T> {
  source: TabSource;
  cachedAt: string | null;
  readAt: string;
  rows: T[];
}

export interface CacheOptions {
  /** The tab has a cache variant (TAB_DEFS[tab].cache). */
  cached: boolean;
  /** read=fresh: skip the copy and refresh it. */
  fresh: boolean;
  now: Date;
}

export async function readThroughCache<T>(
  db: Kysely<Database>,
  game: GameId,
  playerId: string,
  key: string,
  opts: CacheOptions,
  readDb: () => Promise<T[]>,
): Promise<CachedRead<T>> {
  const readAt = opts.now.toISOString();
  if (opts.cached && !opts.fresh) {
    const copy = await db
      .selectFrom('player_cache')
      .select(['data', 'cached_at'])
      .where('game', '=', game)
      .where('player_id', '=', playerId)
      .where('tab', '=', key)
      .executeTakeFirst();
    if (copy)
      return { source: 'cache', cachedAt: copy.cached_at.toISOString(), readAt, rows: copy.data as T[] };
  }
  const rows = await readDb();
  if (opts.cached) {
    await db
      .insertInto('player_cache')
      .values({ game, player_id: playerId, tab: key, data: JSON.stringify(rows), cached_at: opts.now })
      .onConflict((oc) =>
        oc.columns(['game', 'player_id', 'tab']).doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          cached_at: eb.ref('excluded.cached_at'),
        })),
      )
      .execute();
  }
  return { source: 'db', cachedAt: null, readAt, rows };
}
