import type { Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/**
 * The payment sandboxes' keys (RSA pairs and shared secrets), made once per database and kept
 * sealed, so that stored notices can be verified again after a restart. The orders and notices
 * themselves are server/orders' tables (orders/0001_orders).
 */
export const paymentsMigrations: Record<string, FeatureMigration> = {
  '0001_payments': {
    was: '0019_payments',
    async up(db: AnyDb) {
      await db.schema
        .createTable('pay_sandbox_keys')
        .addColumn('provider', 'text', (c) => c.primaryKey())
        .addColumn('keys_sealed', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  /**
   * The sandboxes' refunds: what a provider would keep of each refund it took. One per order (an
   * order is refunded once), written in the same transaction as the order's refund.
   */
  '0003_sandbox_refunds': {
    was: '0021_sandbox_refunds',
    async up(db: AnyDb) {
      await db.schema
        .createTable('pay_sandbox_refunds')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull().unique())
        .addColumn('provider_ref', 'text', (c) => c.notNull())
        .addColumn('refund_ref', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('refunded_by', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  /**
   * Refused notices per sending address and fixed window (notice-limit.ts): one row per address
   * and window, counted up in one statement so that concurrent notices cannot all slip under it.
   */
  '0004_pay_notice_refusals': {
    was: '0027_pay_notice_refusals',
    async up(db: AnyDb) {
      await db.schema
        .createTable('pay_notice_refusals')
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('pay_notice_refusals_pk', ['client_ip', 'window_start'])
        .execute();
    },
  },
};
