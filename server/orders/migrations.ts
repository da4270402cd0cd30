import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * Orders, their history, each game's order settings, the payment notices of every provider
 * (written by server/payments), and the default game side of delivery (game_deliveries).
 *
 * The indexes are sized for ten million orders (bench/orders.ts): an order by id is the primary
 * key; a player's orders and a time range are index scans in the list's own order (newest first),
 * so a page never sorts; a provider's reference finds its order at once (notices name it).
 */
export const ordersMigrations: Record<string, FeatureMigration> = {
  '0001_orders': {
    was: '0018_orders',
    async up(db: AnyDb) {
      await db.schema
        .createTable('orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('purchase', 'manual')`))
        .addColumn('grant', 'jsonb', (c) => c.notNull())
        .addColumn('grant_label', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`state in ('created', 'paying', 'paid', 'delivered', 'deliveryFailed', 'refunded', 'cancelled')`,
            ),
        )
        .addColumn('provider', 'text')
        .addColumn('provider_ref', 'text')
        .addColumn('approval', 'text', (c) =>
          c.notNull().check(sql`approval in ('notNeeded', 'pending', 'approved', 'rejected')`),
        )
        .addColumn('request_id', 'text')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('paid_at', 'timestamptz')
        .addColumn('delivered_at', 'timestamptz')
        // The last failure as JSON {"en": ..., "zh-CN": ...}: shown in the reader's language.
        .addColumn('delivery_error', 'text')
        .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('approved_by', 'text')
        .execute();
      // A double submit (same operator, same request id) is one order.
      await sql`create unique index orders_request_idx on orders (created_by, request_id) where request_id is not null`.execute(
        db,
      );
      await sql`create index orders_player_idx on orders (game, player_id, created_at desc)`.execute(db);
      await sql`create index orders_time_idx on orders (game, created_at desc)`.execute(db);
      await sql`create index orders_ref_idx on orders (provider_ref) where provider_ref is not null`.execute(
        db,
      );
      // The "unhandled" and "awaiting approval" tabs: few rows among millions, found directly.
      await sql`create index orders_open_idx on orders (game, created_at desc) where state in ('paid', 'deliveryFailed') or approval = 'pending'`.execute(
        db,
      );

      await db.schema
        .createTable('order_events')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('from_state', 'text')
        .addColumn('to_state', 'text', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('order_events_order_idx')
        .on('order_events')
        .columns(['order_id', 'at'])
        .execute();

      await db.schema
        .createTable('order_settings')
        .addColumn('game', 'text', (c) => c.primaryKey())
        .addColumn('approval_threshold', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_notices')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('provider_ref', 'text')
        // The provider's event or transaction id: the same notice twice is one row.
        .addColumn('notice_key', 'text', (c) => c.unique())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        // Headers and body as received, so that the notice can be verified again.
        .addColumn('raw', 'jsonb', (c) => c.notNull())
        .addColumn('resent', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createIndex('payment_notices_order_idx')
        .on('payment_notices')
        .columns(['order_id', 'received_at'])
        .execute();
      await db.schema
        .createIndex('payment_notices_received_idx')
        .on('payment_notices')
        .columns(['received_at', 'id'])
        .execute();

      // The game's side of delivery when no game server is reachable over HTTP (the default
      // delivery target, server/orders/delivery.ts): the primary key makes it exactly once.
      await db.schema
        .createTable('game_deliveries')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('grant', 'jsonb', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  /**
   * The delivery job (server/orders/redelivery.ts): the order's row is the queue. When the
   * backend next delivers a paid, undelivered order (null: not queued; orders paid before this
   * migration, the seed's included, stay with the operators), and when its failures raised an
   * alert. The job's index holds only the queued orders, so it stays small among millions.
   */
  '0002_order_redelivery': {
    was: '0022_order_redelivery',
    async up(db: AnyDb) {
      await db.schema.alterTable('orders').addColumn('next_delivery_at', 'timestamptz').execute();
      await db.schema.alterTable('orders').addColumn('delivery_alerted_at', 'timestamptz').execute();
      await sql`create index orders_redelivery_idx on orders (next_delivery_at) where next_delivery_at is not null`.execute(
        db,
      );
    },
  },
  /**
   * A game's orders sorted by amount or by state (shared ORDER_SORTS) read a page off an index
   * in that order, ties by order id as the list breaks them; by time the time index serves.
   */
  '0003_sorts': {
    async up(db: AnyDb) {
      await sql`create index orders_amount_idx on orders (game, amount, order_id)`.execute(db);
      await sql`create index orders_state_idx on orders (game, state, order_id)`.execute(db);
    },
  },
  /**
   * The landing page counts each game's open delivery alerts (server/orders/port.ts): failed
   * orders whose alert was raised. The state index alone would walk every failed order of a game
   * to find the alerted few; this one holds only those, so the count stays small among millions.
   */
  '0004_open_delivery_alerts': {
    async up(db: AnyDb) {
      await sql`create index orders_delivery_alert_idx on orders (game)
        where state = 'deliveryFailed' and delivery_alerted_at is not null`.execute(db);
    },
  },
  /**
   * A day's revenue counts payments by when they were paid (server/reports), and its drill-down
   * lists those orders (`paidFrom`, `paidTo`): a game's paid orders in time of payment, so a day's
   * orders are one range of the index, not a walk of the creation index. Orders never paid are
   * not in it.
   */
  '0005_paid_days': {
    async up(db: AnyDb) {
      await sql`create index orders_paid_idx on orders (game, paid_at desc) where paid_at is not null`.execute(
        db,
      );
    },
  },
};
