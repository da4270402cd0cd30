import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import type { PayServerTables } from '../payServer/tables.js';

/** A payment sandbox's generated keys, sealed with the server's secrets key (server/payments/keys.ts). */
export interface PaySandboxKeysTable {
  provider: string;
  /** The provider's keys as JSON, sealed (AES-256-GCM, seal.ts); never in the clear. */
  keys_sealed: string;
  /** Which secrets key sealed them (a fingerprint). */
  key_id: string;
  created_at: Timestamp;
}

/** A refund a payment sandbox took (server/payments/refunds.ts): what the provider would keep. */
export interface PaySandboxRefundsTable {
  id: Generated<number>;
  provider: string;
  order_id: string;
  /** The payment refunded (the order's provider_ref). */
  provider_ref: string;
  /** The sandbox's refund id, in the provider's shape; the order's refund event names it. */
  refund_ref: string;
  amount: number;
  currency: string;
  /** The provider's word for the refund's state. */
  status: string;
  refunded_by: string;
  reason: ColumnType<string, string | undefined, string>;
  at: Timestamp;
}

/**
 * Refused payment notices per sending address and window (server/payments/notice-limit.ts): what
 * limits a flood of forged notices into the notice log.
 */
export interface PayNoticeRefusalsTable {
  client_ip: string;
  window_start: Timestamp;
  refused: number;
}

/** The payment sandboxes and the notice limit (server/payments), with the pay server's tables. */
export interface PaymentsTables extends PayServerTables {
  pay_sandbox_keys: PaySandboxKeysTable;
  pay_sandbox_refunds: PaySandboxRefundsTable;
  pay_notice_refusals: PayNoticeRefusalsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends PaymentsTables {}
}
