import type { Kysely } from 'kysely';
import type { Approval, OrderKind, OrderState } from '../../shared/api/orders.js';
import type { GameId } from '../../shared/games.js';
import { jsonValue, type Database } from '../db/schema.js';
import { playerIdOf, playerNameOf } from '../seed/players.js';
import { THEMES } from '../players/themes/index.js';
import { newOrderId } from './ledger/create.js';

/**
 * An order put straight into the table in a given state (tests, the RBAC matrix, audit cases):
 * each call gets its own order whatever the seed holds. The grant is the game's first recharge pack.
 */
export async function insertTestOrder(
  db: Kysely<Database>,
  o: {
    game: GameId;
    state: OrderState;
    at: Date;
    kind?: OrderKind;
    approval?: Approval;
    createdBy?: string;
    g?: number;
    provider?: 'wechat' | 'alipay' | 'paypal' | 'payssion' | null;
  },
): Promise<string> {
  const pack = THEMES[o.game].recharge[0];
  if (!pack) throw new Error(`${o.game} has no recharge pack`);
  const orderId = newOrderId(o.game, o.at);
  const g = o.g ?? 1;
  const kind = o.kind ?? 'purchase';
  const provider = o.provider === undefined ? (kind === 'purchase' ? 'paypal' : null) : o.provider;
  const paid = ['paid', 'delivered', 'deliveryFailed', 'refunded'].includes(o.state);
  await db
    .insertInto('orders')
    .values({
      order_id: orderId,
      game: o.game,
      player_id: playerIdOf(o.game, g),
      player_name: playerNameOf(g),
      kind,
      grant: jsonValue({ kind: 'recharge', productId: pack.id }) ?? '{}',
      grant_label: pack.name,
      amount: pack.price,
      currency: THEMES[o.game].currency,
      state: o.state,
      provider,
      provider_ref: provider && o.state !== 'created' ? `REF-${orderId}` : null,
      approval: o.approval ?? 'notNeeded',
      request_id: null,
      reason: '',
      created_by: o.createdBy ?? 'pay-server',
      created_at: o.at,
      updated_at: o.at,
      paid_at: paid ? o.at : null,
      delivered_at: o.state === 'delivered' || o.state === 'refunded' ? o.at : null,
      delivery_attempts: o.state === 'delivered' ? 1 : 0,
    })
    .execute();
  await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      at: o.at,
      from_state: null,
      to_state: o.state,
      by: o.createdBy ?? 'pay-server',
      action: 'create',
    })
    .execute();
  return orderId;
}
