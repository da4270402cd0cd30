import type { Kysely } from 'kysely';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { DEMO_OPERATORS } from '../seed/operators.js';

/**
 * A few to-do items for the demo operators, so that the list and the top bar's popup show
 * something on a fresh demo install. To-do items belong to operators, not games, but they are
 * about the games: each demo operator who works on a game (its role, or SUPER) gets one item
 * for it, so the per-game seed makes them. Deadlines are relative to the seed's anchor: on the
 * day of the install the nearest is hours away (critical), the others days away.
 *
 * Only demo operators that exist get items: a first-run demo setup creates them after the seed,
 * so it makes their items then (seedDemoTodos, from the install's clock). Deterministic and
 * idempotent: the name is the key.
 */

const HOUR = 3_600_000;

/** What each game's item says, and how far from the anchor its deadline is. */
const ITEMS: Record<GameId, { name: string; desc: string; aheadMs: number }> = {
  atomicwar: {
    name: 'Atomic War: review the weekend event rewards',
    desc: 'Check that every event reward was delivered; list the players who missed one.',
    aheadMs: 6 * HOUR,
  },
  ymmj: {
    name: 'Secret Realm: check the season leaderboard',
    desc: 'Look for impossible scores before the season closes.',
    aheadMs: 2 * 24 * HOUR,
  },
  lw: {
    name: 'Lord War: refund request follow-up',
    desc: 'Answer the open refund requests of last week.',
    aheadMs: 5 * 24 * HOUR,
  },
  party: {
    name: 'Party Game: plan the next testing round',
    desc: 'Pick the testing players and the date with the studio.',
    aheadMs: 12 * 24 * HOUR,
  },
};

/** Every game's items for the demo operators who exist now (a first-run demo setup). */
export async function seedDemoTodos(db: Kysely<Database>, anchor: Date): Promise<number> {
  let added = 0;
  for (const game of GAME_IDS) added += await seedTodo(db, game, anchor);
  return added;
}

export async function seedTodo(db: Kysely<Database>, game: GameId, anchor: Date): Promise<number> {
  const role = GAMES[game].role;
  const names = DEMO_OPERATORS.filter((o) => o.roles.includes('SUPER') || o.roles.includes(role)).map(
    (o) => o.name,
  );
  if (names.length === 0) return 0;
  const operators = await db.selectFrom('operators').select('id').where('name', 'in', names).execute();
  if (operators.length === 0) return 0;
  const item = ITEMS[game];
  // Stagger by the game's place so that two items of one operator never share a deadline.
  const expireAt = new Date(anchor.getTime() + item.aheadMs + GAME_IDS.indexOf(game) * 60_000);
  const res = await db
    .insertInto('todo_items')
    .values(
      operators.map((o) => ({
        operator_id: o.id,
        name: item.name,
        description: item.desc,
        expire_at: expireAt,
        created_at: anchor,
      })),
    )
    .onConflict((oc) => oc.columns(['operator_id', 'name']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
