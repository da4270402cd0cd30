import { sql, type Kysely } from 'kysely';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';

/**
 * Players of the four games, made by the database itself (generate_series) so that a million rows
 * take seconds. Row g of a game is always the same player: seeding is deterministic, and seeding
 * again with a larger size only adds the missing rows.
 */

export const SMALL_SEED = 500;
export const MAX_SEED = 1_000_000;

const FIRST = [
  'Ash',
  'Blaze',
  'Cinder',
  'Dusk',
  'Echo',
  'Frost',
  'Gale',
  'Haze',
  'Iron',
  'Jade',
  'Kite',
  'Lumen',
  'Moss',
  'Nova',
  'Onyx',
  'Pike',
  'Quill',
  'Rune',
  'Sable',
  'Thorn',
  'Umber',
  'Vale',
  'Wisp',
  'Yew',
  'Zephyr',
  '小龙',
  '青云',
  '墨白',
  '星河',
  '流光',
  '寒江',
];
const SECOND = [
  'wolf',
  'fox',
  'hawk',
  'bear',
  'lynx',
  'crow',
  'viper',
  'stag',
  'owl',
  'orca',
  'ram',
  'mole',
  'newt',
  'wren',
  'boar',
  'moth',
  'eel',
  '剑客',
  '游侠',
  '法师',
  '刺客',
  '骑士',
  '猎人',
];

/** Where a game's player ids (Steam-style 64-bit ids, as text) and account numbers start. */
function bases(game: GameId): { id: bigint; num: number } {
  const i = GAME_IDS.indexOf(game);
  return { id: 76561198000000000n + BigInt(i) * 100_000_000n, num: (i + 1) * 10_000_000 };
}

const BATCH = 100_000;

/** Makes players 1..count of a game (the missing ones); returns the game's player count. */
export async function seedPlayers(
  db: Kysely<Database>,
  game: GameId,
  count: number,
  afterBatch?: () => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEED) {
    throw new Error(`player seed size must be 0 to ${MAX_SEED}, not ${count}`);
  }
  const base = bases(game);
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await sql`
      insert into players (game, id, num, name, level, state, created_at, last_login_at)
      select
        ${game},
        (${base.id.toString()}::bigint + g)::text,
        (${base.num}::bigint + g)::int,
        (${FIRST}::text[])[(1 + (g * 7) % ${FIRST.length})::int]
          || (${SECOND}::text[])[(1 + (g * 13) % ${SECOND.length})::int]
          || (g % 1000)::text,
        (1 + (g * 7919) % 100)::int,
        case when g % 97 = 0 then 'banned' when g % 11 = 0 then 'inactive' else 'active' end,
        timestamptz '2024-01-01 00:00:00+00' + make_interval(secs => (g * 7919) % 31536000),
        case when g % 13 = 0 then null
          else timestamptz '2024-01-01 00:00:00+00'
            + make_interval(secs => (g * 7919) % 31536000 + (g * 104729) % 5000000) end
      from generate_series(${from}::bigint, ${to}::bigint) as g
      on conflict do nothing`.execute(db);
    await afterBatch?.();
  }
  const row = await db
    .selectFrom('players')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The same size for every game. */
export async function seedAllPlayers(
  db: Kysely<Database>,
  perGame: number,
  afterBatch?: () => Promise<void>,
): Promise<Record<GameId, number>> {
  const out = {} as Record<GameId, number>;
  for (const game of GAME_IDS) out[game] = await seedPlayers(db, game, perGame, afterBatch);
  return out;
}
