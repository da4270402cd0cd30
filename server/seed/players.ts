import { sql, type Kysely } from 'kysely';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';

/**
 * Players of the four games, made by the database itself (generate_series) so that a million rows
 * take seconds. Row g of a game is always the same player: seeding is deterministic (given the
 * anchor), and seeding again with a larger size only adds the missing rows.
 *
 * Every date is relative to the anchor (the clock when the database was first seeded):
 * - created_at lies within the 365 days before it; one player in ten joined in the last 7 days and
 *   one in ten in the last 30, so "new players per day" has data at any size;
 * - last_login_at lies between created_at and the anchor, mostly close to the anchor for active
 *   players, early in the account's life for inactive ones, and is null for one in 13 (never
 *   signed in);
 * - one in 11 is inactive and one in 157 deleted (deleted_at after their last activity).
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

/** The id of seed row g (1-based) of a game. */
export function playerIdOf(game: GameId, g: number): string {
  return (bases(game).id + BigInt(g)).toString();
}

/** The account number of seed row g of a game. */
export function playerNumOf(game: GameId, g: number): number {
  return bases(game).num + g;
}

/** The seed row of a player id, or undefined when the id is not one the seed makes. */
export function seedRowOf(game: GameId, id: string): number | undefined {
  if (!/^[0-9]{1,20}$/.test(id)) return undefined;
  const g = BigInt(id) - bases(game).id;
  return g >= 1n && g <= BigInt(MAX_SEED) ? Number(g) : undefined;
}

/** The name of seed row g, as the seed's SQL makes it (tests and the bench search by it). */
export function playerNameOf(g: number): string {
  return `${FIRST[(g * 7) % FIRST.length]}${SECOND[(g * 13) % SECOND.length]}${g % 1000}`;
}

/**
 * Players with very many items (10,000 pieces of equipment): seed rows 7, 1007, 2007, ..., so
 * every seed size has one (row 7) and the bench finds them at any size.
 */
export function isHeavyPlayer(g: number): boolean {
  return g % 1000 === 7;
}

const BATCH = 100_000;
const DAY = 86_400;

/**
 * After a bulk insert: merge the trigram indexes' pending lists (GIN queues new entries there and
 * every search reads the whole queue until it is merged), and refresh the planner's statistics
 * (the embedded database has no autovacuum to do either).
 */
async function settle(db: Kysely<Database>): Promise<void> {
  await sql`
    select gin_clean_pending_list(i.indexrelid::regclass)
    from pg_index as i
      join pg_class as c on c.oid = i.indexrelid
      join pg_am as am on am.oid = c.relam
    where i.indrelid = 'players'::regclass and am.amname = 'gin'`.execute(db);
  await sql`analyze players`.execute(db);
}

/** Makes players 1..count of a game (the missing ones); returns the game's player count. */
export async function seedPlayers(
  db: Kysely<Database>,
  game: GameId,
  count: number,
  anchor: Date,
  afterBatch?: () => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEED) {
    throw new Error(`player seed size must be 0 to ${MAX_SEED}, not ${count}`);
  }
  const base = bases(game);
  const at = anchor.toISOString();
  let added = 0;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    // Rows go in by name: a name search then finds its matches in a few heap pages instead of one
    // page per match (the trigram index's recheck is most of a search's cost at a million rows),
    // and the name indexes fill in order.
    // Whole seconds everywhere, so both backends store exactly the same instants. The fractions
    // are Weyl sequences (g times an irrational, mod 1): spread evenly even over a few rows, so
    // the small test seed looks like the large one. float8, not numeric: numeric powers are slow.
    const res = await sql`
      insert into players (game, id, num, name, level, state, created_at, last_login_at, deleted_at)
      select ${game}, id, num, name, level, state, created_at, last_login_at,
        case when state = 'deleted' then ${at}::timestamptz - floor(
          extract(epoch from ${at}::timestamptz - coalesce(last_login_at, created_at)) * v
        ) * interval '1 second' end
      from (
        select g, id, num, name, state, created_at,
          case
            when g % 13 = 0 then null
            when state = 'inactive' then created_at + floor(age * u * 0.4) * interval '1 second'
            else ${at}::timestamptz - floor(age * u * u * u) * interval '1 second'
          end as last_login_at,
          case when g % 13 = 0 then 1 else 1 + floor(99 * power(w, 1.6))::int end as level,
          v
        from (
          select g, age, u, v, w,
            (${base.id.toString()}::bigint + g)::text as id,
            (${base.num}::bigint + g)::int as num,
            (${FIRST}::text[])[(1 + (g * 7) % ${FIRST.length})::int]
              || (${SECOND}::text[])[(1 + (g * 13) % ${SECOND.length})::int]
              || (g % 1000)::text as name,
            case when g % 157 = 0 then 'deleted' when g % 11 = 0 then 'inactive' else 'active' end as state,
            ${at}::timestamptz - age * interval '1 second' as created_at
          from (
            select g,
              60 + floor(t * case g % 10 when 3 then ${sql.lit(7 * DAY - 60)} when 6 then ${sql.lit(30 * DAY - 60)}
                else ${sql.lit(365 * DAY - 60)} end) as age,
              u, v, w
            from (
              select g,
                (g * 0.6180339887498949::float8) - floor(g * 0.6180339887498949::float8) as t,
                (g * 0.4142135623730950::float8) - floor(g * 0.4142135623730950::float8) as u,
                (g * 0.7320508075688772::float8) - floor(g * 0.7320508075688772::float8) as v,
                (g * 0.2360679774997897::float8) - floor(g * 0.2360679774997897::float8) as w
              from generate_series(${from}::bigint, ${to}::bigint) as g
            ) as s0
          ) as s1
        ) as s2
      ) as s3
      order by name
      on conflict do nothing`.execute(db);
    added += Number(res.numAffectedRows ?? 0);
    await afterBatch?.();
  }
  if (added > 0) await settle(db);
  const row = await db
    .selectFrom('players')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  return row.n;
}
