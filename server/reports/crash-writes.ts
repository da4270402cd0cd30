import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { playerIdOf, playerNumOf } from '../seed/players.js';

/**
 * What the process of server/reports/crash-child.ts writes, batch after batch: each batch one
 * transaction of large statements of what the reports count (new sign-ins, players, shop
 * purchases and purchase orders; earlier payments refunded, failed and deleted), so that the
 * rollups' triggers have much to do in each. Apart from the process, so the test reads its sizes
 * without starting one.
 */

export const CRASH_GAME = 'ymmj';
/** Orders of one batch: the test checks that a batch is in whole or not at all. */
export const BATCH_ORDERS = 3_000;
const BATCH_SIGN_INS = 8_000;
/** The seed's players the batches sign in and pay with. */
export const CRASH_PLAYERS = 40;

/** A draw in [0, 1) from the row `i` and the batch, alike on both databases. */
const draw = (salt: number) =>
  sql`((i * 2654435761 + b * 2246822519 + ${sql.lit(salt)}) % 4294967291)::float8 / 4294967291`;

/** Batch `b`, in a transaction of its own, or in `db`'s when it is one. */
export async function writeBatch(db: Kysely<Database>, b: number, now: Date): Promise<void> {
  const game = CRASH_GAME;
  const theme = THEMES[game];
  const pack = theme.recharge[0];
  const item = theme.shop[0];
  if (!pack || !item) throw new Error(`${game} has no pack or no shop item`);
  const idBase = playerIdOf(game, 0);
  const player = (salt: number) =>
    sql`(${idBase}::numeric + 1 + floor(${draw(salt)} * ${CRASH_PLAYERS}))::text`;
  // New players' rows, past any seed row.
  const fresh = sql`(900000 + b * 1000 + i)`;
  // Any time in the 90 days before now.
  const at = (salt: number) =>
    sql`${now}::timestamptz - floor(${draw(salt)} * 90 * 86400) * interval '1 second'`;
  const write = async (trx: Kysely<Database>) => {
    const series = (n: number) =>
      sql`generate_series(1, ${n}) as s(i) cross join (select ${b}::bigint as b) as x`;
    await sql`
      insert into sign_ins (game, player_id, "at", ip, seconds)
      select ${game}, ${player(1)}, ${at(2)}, '10.1.' || (i % 250)::text || '.9', 60 + i % 3000
      from ${series(BATCH_SIGN_INS)} on conflict do nothing`.execute(trx);
    await sql`
      insert into players (game, id, num, name, level, state, created_at, last_login_at)
      select ${game}, (${idBase}::numeric + ${fresh})::text, ${playerNumOf(game, 0)} + ${fresh},
        'crash ' || b || '/' || i, 1, 'active', ${at(3)}, null
      from ${series(200)}`.execute(trx);
    await sql`
      insert into shop_purchases (game, player_id, "at", item_id, units, amount)
      select ${game}, ${player(4)}, ${at(5)}, ${item.id}, 1 + i % 3, (1 + i % 3) * ${item.price}
      from ${series(2_000)} on conflict do nothing`.execute(trx);
    await sql`
      insert into orders (order_id, game, player_id, player_name, kind, "grant", grant_label, amount, currency,
        state, provider, provider_ref, approval, created_by, created_at, updated_at, paid_at, delivered_at,
        delivery_attempts)
      select 'GCR' || lpad(b::text, 6, '0') || lpad(i::text, 8, '0'), ${game}, ${player(6)}, 'crash', 'purchase',
        '{"kind":"recharge","productId":1}'::jsonb, ${pack.name}, ${pack.price} * (1 + i % 4), ${theme.currency},
        st, (array['wechat', 'alipay', 'paypal', 'payssion'])[1 + i % 4], 'CR' || b || '-' || i, 'notNeeded',
        'pay-server', t, t, case when st <> 'created' then t + interval '7 minutes' end,
        case when st in ('delivered', 'refunded') then t + interval '8 minutes' end, 1
      from ${series(BATCH_ORDERS)}
      cross join lateral (select ${at(7)} as t,
        (array['delivered', 'delivered', 'delivered', 'paid', 'refunded', 'deliveryFailed', 'created'])[1 + i % 7]
          as st) as y`.execute(trx);
    // Earlier batches' payments change: some refunded, some failed, some deleted.
    if (b > 1) {
      const earlier = `GCR${String(b - 1).padStart(6, '0')}`;
      await sql`
        update orders set state = 'refunded', updated_at = ${now}
        where order_id like ${`${earlier}%`} and state = 'delivered' and right(order_id, 1) in ('1', '2')`.execute(
        trx,
      );
      await sql`
        update orders set state = 'deliveryFailed', delivered_at = null, updated_at = ${now}
        where order_id like ${`${earlier}%`} and state = 'paid' and right(order_id, 1) = '3'`.execute(trx);
      await sql`delete from orders where order_id like ${`${earlier}%`} and right(order_id, 2) = '99'`.execute(
        trx,
      );
    }
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}
