import type { Kysely } from 'kysely';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { keptMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';
import { SERVER_FEATURES } from '../features.js';

/**
 * The seed of the four games: each feature's rows after those of the features it needs (players,
 * then the moderation lists that name them: blacklist, special users, testing players and their
 * recharges, hero bans). Deterministic: the same size
 * and the same anchor make the same rows, and seeding again with a larger size adds only the
 * missing ones. Per-player game data (items, equipment, logs, ...) is not made here: it is made
 * from the same seed the first time the player is read (server/players/generate.ts), because
 * a million players times sixteen tabs is far more than an embedded database should hold.
 */

const ANCHOR_KEY = 'seed_anchor';

/**
 * Seeded dates are relative to the anchor (the clock when the database was first seeded), so
 * "new players per day" and "active in the last 7 days" mean something on a fresh install. The
 * anchor is stored, so a later, larger seed continues the same timeline.
 */
export async function seedAnchor(db: Kysely<Database>, now: Date): Promise<Date> {
  return new Date(await keptMeta(db, ANCHOR_KEY, now.toISOString()));
}

export async function seedGame(
  db: Kysely<Database>,
  game: GameId,
  perGame: number,
  anchor: Date,
  afterBatch?: () => Promise<void>,
): Promise<number> {
  let players = 0;
  for (const f of SERVER_FEATURES) {
    if (!f.seedGame) continue;
    const n = await f.seedGame(db, { game, perGame, anchor, ...(afterBatch ? { afterBatch } : {}) });
    // The players feature reports the game's player count, which is what callers print.
    if (f.id === 'players') players = n;
  }
  await afterBatch?.();
  return players;
}

export async function seedAllGames(
  db: Kysely<Database>,
  perGame: number,
  now: Date,
  afterBatch?: () => Promise<void>,
): Promise<Record<GameId, number>> {
  const anchor = await seedAnchor(db, now);
  const out = {} as Record<GameId, number>;
  for (const game of GAME_IDS) out[game] = await seedGame(db, game, perGame, anchor, afterBatch);
  return out;
}
