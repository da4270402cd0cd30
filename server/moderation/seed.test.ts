import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../shared/games.js';
import { gameHasPage } from '../../shared/game-pages.js';
import type { Database } from '../db/schema.js';
import { seedAllGames, seedAnchor } from '../seed/games.js';
import { seedModeration } from './seed.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * The moderation seed is deterministic and idempotent: seeding again adds nothing, and growing
 * 20 -> 520 players per game gives exactly what seeding 40 at once gives.
 */

/** Every moderation row of the database, without the serial ids (they depend on insert order). */
async function snapshot(db: Kysely<Database>) {
  const [blacklist, bans, special, testing, recharges] = await Promise.all([
    db
      .selectFrom('blacklist')
      .select(['game', 'kind', 'value', 'reason', 'operator', 'created_at', 'expires_at'])
      .orderBy('game')
      .orderBy('kind')
      .orderBy('value')
      .execute(),
    db
      .selectFrom('banned_heroes')
      .select(['game', 'hero_id', 'player_id', 'reason', 'operator', 'created_at', 'expires_at', 'lifted_at'])
      .orderBy('game')
      .orderBy('created_at')
      .orderBy('hero_id')
      .orderBy('player_id')
      .execute(),
    db
      .selectFrom('special_users')
      .select(['game', 'player_id', 'category', 'note', 'operator', 'created_at'])
      .orderBy('game')
      .orderBy('player_id')
      .execute(),
    db.selectFrom('testing_players').selectAll().orderBy('game').orderBy('player_id').execute(),
    db
      .selectFrom('testing_recharges')
      .select([
        'game',
        'player_id',
        'order_id',
        'product',
        'amount',
        'at',
        'status',
        'refunded_at',
        'refunded_by',
      ])
      .orderBy('order_id')
      .execute(),
  ]);
  return { blacklist, bans, special, testing, recharges };
}

/** Past every pick period's first rows (200, 250, 500), so growing adds to every list. */
const GROWN = 520;

describe.each(backendKinds())('moderation seed on %s', (kind) => {
  let grown: TestBackend;
  let direct: TestBackend;
  beforeAll(async () => {
    [grown, direct] = await Promise.all([
      startTestBackend(kind),
      startTestBackend(kind, { seedPlayers: GROWN }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([grown?.close(), direct?.close()]);
  });

  it('gives every game its lists at the tests’ 20 players', async () => {
    const snap = await snapshot(grown.backend.database.db);
    for (const game of GAME_IDS) {
      const mine = <T extends { game: string }>(rows: T[]) => rows.filter((r) => r.game === game);
      expect(mine(snap.blacklist).length).toBeGreaterThanOrEqual(4);
      expect(mine(snap.bans).length).toBeGreaterThanOrEqual(4);
      const special = gameHasPage(game, 'specialUsers') ? 2 : 0;
      const testing = gameHasPage(game, 'testingPlayers') ? 2 : 0;
      expect(mine(snap.special).length).toBe(special);
      expect(mine(snap.testing).length).toBe(testing);
      expect(mine(snap.recharges).length >= testing * 2).toBe(true);
    }
  });

  it('adds nothing when seeded again, and growing gives what seeding the larger size at once gives', async () => {
    const db = grown.backend.database.db;
    const before = await snapshot(db);
    const anchor = await seedAnchor(db, new Date(grown.clock.now + 86_400_000));
    expect(anchor.getTime()).toBe(grown.clock.now);
    for (const game of GAME_IDS) expect(await seedModeration(db, game, 20, anchor)).toBe(0);
    expect(await seedModeration(db, 'lw', 10, anchor)).toBe(0);
    expect(await snapshot(db)).toEqual(before);

    // Later runs keep the first run's anchor, even on a later clock.
    await seedAllGames(db, GROWN, new Date(grown.clock.now + 86_400_000));
    const after = await snapshot(db);
    for (const list of ['blacklist', 'bans', 'special', 'testing', 'recharges'] as const) {
      expect(after[list].length, list).toBeGreaterThan(before[list].length);
    }
    expect(after).toEqual(await snapshot(direct.backend.database.db));
    const meta = await db
      .selectFrom('app_meta')
      .selectAll()
      .where('key', 'like', 'moderation_seeded:%')
      .execute();
    expect(meta.map((m) => [m.key, m.value]).sort()).toEqual(
      GAME_IDS.map((g) => [`moderation_seeded:${g}`, String(GROWN)]).sort(),
    );
  });
});
