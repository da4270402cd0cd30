import type { Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../../server/db/schema.js';
import { HEROES } from '../../server/seed/heroes.js';
import type { TestBackend } from './backends.js';

/**
 * Rows put straight into a test backend's database, so that a test acting on one row is not at
 * the mercy of what the seed holds. Used by the cross-cutting RBAC and audit tests.
 */

type Db = Kysely<Database>;
const BY = 'super';

export async function setPlayerState(
  db: Db,
  game: GameId,
  id: string,
  state: 'active' | 'inactive',
): Promise<void> {
  await db
    .updateTable('players')
    .set({ state, deleted_at: null })
    .where('game', '=', game)
    .where('id', '=', id)
    .execute();
}

/** Removes what the seed may hold for this player in a moderation table. */
export async function clearPlayer(
  db: Db,
  table: 'banned_heroes' | 'special_users',
  game: GameId,
  playerId: string,
): Promise<void> {
  await db.deleteFrom(table).where('game', '=', game).where('player_id', '=', playerId).execute();
}

/** The game's hero that the tests ban: the last of its catalogue (the seed bans the first ones). */
export function testHero(game: GameId): { heroId: number; name: string } {
  const hero = HEROES[game].at(-1);
  if (!hero) throw new Error(`${game} has no heroes`);
  return hero;
}

export async function insertHeroBan(db: Db, game: GameId, playerId: string, at: Date): Promise<number> {
  await clearPlayer(db, 'banned_heroes', game, playerId);
  const hero = testHero(game);
  const row = await db
    .insertInto('banned_heroes')
    .values({
      game,
      hero_id: hero.heroId,
      hero_name: hero.name,
      player_id: playerId,
      reason: 'made by the test',
      operator: BY,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertBlacklistIp(db: Db, game: GameId, ip: string, at: Date): Promise<number> {
  const row = await db
    .insertInto('blacklist')
    .values({ game, kind: 'ip', value: ip, reason: 'made by the test', operator: BY, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSpecialUser(db: Db, game: GameId, playerId: string, at: Date): Promise<number> {
  await clearPlayer(db, 'special_users', game, playerId);
  const row = await db
    .insertInto('special_users')
    .values({ game, player_id: playerId, category: 'gm', note: '', operator: BY, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A paid testing recharge of `playerId`, who is made a testing player if needed. */
export async function insertPaidRecharge(
  db: Db,
  game: GameId,
  playerId: string,
  orderId: string,
  at: Date,
): Promise<number> {
  await db
    .insertInto('testing_players')
    .values({ game, player_id: playerId, note: '', added_at: at })
    .onConflict((oc) => oc.columns(['game', 'player_id']).doNothing())
    .execute();
  const row = await db
    .insertInto('testing_recharges')
    .values({
      game,
      player_id: playerId,
      order_id: orderId,
      product: 'Monthly card',
      amount: 3000,
      currency: 'CNY',
      at,
      status: 'paid',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The moderation rows above, made in one game of one test backend at its clock: what the
 * moderation endpoints act on, for their RBAC and audit cases (the hero banned is testHero's).
 */
export function moderationRows(t: TestBackend, game: GameId) {
  const db = t.backend.database.db;
  const now = () => new Date(t.clock.now);
  return {
    clear: (table: 'banned_heroes' | 'special_users', playerId: string) =>
      clearPlayer(db, table, game, playerId),
    heroBan: (playerId: string) => insertHeroBan(db, game, playerId, now()),
    blacklistIp: (ip: string) => insertBlacklistIp(db, game, ip, now()),
    specialUser: (playerId: string) => insertSpecialUser(db, game, playerId, now()),
    paidRecharge: (playerId: string, orderId: string) =>
      insertPaidRecharge(db, game, playerId, orderId, now()),
  };
}
