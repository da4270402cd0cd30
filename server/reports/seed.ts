import { sql, type Kysely } from 'kysely';
import type { GameSeed } from '../feature.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { playerNumOf } from '../seed/players.js';

/**
 * What the reports count, for the seed's players of one game, made by the database itself
 * (generate_series) so that a million players per game is a matter of statements, not rows sent:
 * - each player's channel (the store the account came from, from the game's list);
 * - sign-ins over the DAYS days before the anchor: on the day of registration, then on a day
 *   with a chance that depends on how engaged the player is (three in ten players are regulars,
 *   four casual, three rarely seen) and fades with the account's age; never before registering
 *   nor after the player's last sign-in (players.last_login_at), so the two agree. Each has an
 *   address: one player in eight plays from an address shared with about forty others (an
 *   internet café, a farm of accounts), the others from their own, now and then a second;
 * - shop purchases: about one session in eight buys one to three of an item of the game's shop.
 * Deterministic (every draw is a hash of the player's row and the day) and idempotent (natural
 * keys, existing rows kept). The orders are seeded by server/orders before this.
 */

/** Days of activity before the anchor. */
export const DAYS = 90;
const BATCH = 50_000;

/** A draw in [0, 1) from the seed row `g` and `k`, alike on both databases. */
const draw = (salt: number) =>
  sql`((g * 2654435761 + k * 2246822519 + ${sql.lit(salt)}) % 4294967291)::float8 / 4294967291`;

export async function seedReports(db: Kysely<Database>, seed: GameSeed): Promise<number> {
  const { game, perGame, anchor } = seed;
  const theme = THEMES[game];
  const base = playerNumOf(game, 0);
  let added = 0;
  for (let from = 1; from <= perGame; from += BATCH) {
    const to = Math.min(perGame, from + BATCH - 1);
    const players = sql`(
      select p.id, p.num - ${base} as g, p.created_at, p.last_login_at from players as p
      where p.game = ${game} and p.num between ${base + from} and ${base + to})`;
    await sql`
      insert into player_channels (game, player_id, channel)
      select ${game}, id, (${sql.val(theme.channels)}::text[])[1 + (g * 7 + g / 13) % ${theme.channels.length}]
      from ${players} as p
      on conflict do nothing`.execute(db);
    const signIns = await sql`
      insert into sign_ins (game, player_id, "at", ip, seconds)
      select ${game}, id, "at",
        case when g % 8 = 0 then '117.' || (136 + g / 320 % 1000 / 250)::text || '.' || (g / 320 % 250)::text || '.20'
          else (14 + g % 200)::text || '.' || (g / 200 % 250 + 1)::text || '.' || (g % 97)::text || '.'
            || case when ${draw(3)} < 0.15 then '200' else (1 + g % 250)::text end
        end,
        60 + floor(${draw(4)} * 5400)::int
      from (
        select p.id, p.g, s.k, p.created_at, p.last_login_at,
          case when s.k < 0 then p.created_at + interval '30 seconds'
            else ${anchor}::timestamptz - s.k * interval '1 day' - floor(${draw(1)} * 86000) * interval '1 second'
          end as "at"
        from ${players} as p
        cross join lateral (select generate_series(-1, ${DAYS - 1}) as k) as s
        where p.last_login_at is not null
      ) as c
      where "at" >= created_at and "at" <= last_login_at and "at" <= ${anchor}::timestamptz
        and "at" > ${anchor}::timestamptz - ${DAYS} * interval '1 day'
        and (k < 0 or ${draw(2)} < (case when g % 10 < 3 then 0.75 when g % 10 < 7 then 0.3 else 0.06 end)
          * (0.35 + 0.65 * exp(-extract(epoch from "at" - created_at) / (20 * 86400.0))))
      on conflict do nothing`.execute(db);
    added += Number(signIns.numAffectedRows ?? 0);
    await seed.afterBatch?.();
  }
  const ids = sql.val(theme.shop.map((i) => i.id));
  const prices = sql.val(theme.shop.map((i) => i.price));
  const n = theme.shop.length;
  const shop = await sql`
    insert into shop_purchases (game, player_id, "at", item_id, units, amount)
    select game, player_id, "at" + interval '2 minutes', (${ids}::int[])[1 + h % ${n}], 1 + h % 3,
      (1 + h % 3) * (${prices}::bigint[])[1 + h % ${n}]
    from (select game, player_id, "at", (extract(epoch from "at")::bigint * 40503) % 1000003 as h
      from sign_ins where game = ${game}) as s
    where h % 8 = 0
    on conflict do nothing`.execute(db);
  added += Number(shop.numAffectedRows ?? 0);
  return added;
}
