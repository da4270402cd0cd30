import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, NullableText, RequiredJson } from '../db/columns.js';

/** An order: a player's purchase or an operator's manual grant (server/orders). */
export interface OrdersTable {
  order_id: string;
  game: string;
  player_id: string;
  player_name: string;
  kind: 'purchase' | 'manual';
  grant: RequiredJson;
  grant_label: string;
  amount: number;
  currency: string;
  state: string;
  provider: NullableText;
  provider_ref: NullableText;
  approval: string;
  request_id: NullableText;
  reason: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  /** JSON {"en", "zh-CN"} of the last delivery failure, or null. */
  delivery_error: NullableText;
  delivery_attempts: ColumnType<number, number | undefined, number>;
  approved_by: NullableText;
  /** When the delivery job (server/orders/redelivery.ts) takes the order next; null: not queued. */
  next_delivery_at: NullableTimestamp;
  /** When its failing deliveries raised an alert (once per order). */
  delivery_alerted_at: NullableTimestamp;
}

/** One step of an order's life (server/orders/transitions.ts). */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  at: Timestamp;
  from_state: NullableText;
  to_state: string;
  by: string;
  action: string;
  reason: ColumnType<string, string | undefined, string>;
  detail: ColumnType<string, string | undefined, string>;
}

/** A game's order settings; a game without a row has the defaults (server/orders/ledger.ts). */
export interface OrderSettingsTable {
  game: string;
  approval_threshold: number;
  updated_by: string;
  updated_at: Timestamp;
}

/** A payment provider's notice as received, with what came of it (server/payments writes them). */
export interface PaymentNoticesTable {
  id: Generated<number>;
  provider: string;
  order_id: NullableText;
  provider_ref: NullableText;
  notice_key: NullableText;
  received_at: Timestamp;
  outcome: string;
  detail: ColumnType<string, string | undefined, string>;
  raw: RequiredJson;
  resent: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The default game side of delivery: what was granted, once per order id (server/orders/delivery.ts). */
export interface GameDeliveriesTable {
  order_id: string;
  game: string;
  player_id: string;
  grant: RequiredJson;
  at: Timestamp;
}

/** Orders (server/orders), with the payment notices their payments are told of. */
export interface OrdersTables {
  orders: OrdersTable;
  order_events: OrderEventsTable;
  order_settings: OrderSettingsTable;
  payment_notices: PaymentNoticesTable;
  game_deliveries: GameDeliveriesTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends OrdersTables {}
}
