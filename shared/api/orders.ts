import { z } from 'zod';
import { ADMIN_ONLY, SIGNED_IN, SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { sortInput } from './sorting.js';
import { rewardSchema } from './giftCodes.js';
import { gameIdSchema } from '../ids-schema.js';
import { ordersPages } from './orders.pages.js';

/**
 * Orders: what players buy through a payment provider and what operators grant by hand (spec: per
 * game `recharge/ordercreate` and `recharge/retrive`, "unhandled orders", "recent orders", "resend
 * order", atomicwar's `pay` and `pay/{tab}`, lw's `shop`, `shop/{tab}` and `order/{id}/detail`).
 *
 * An order's life (ORDER_STATES; every transition is recorded in its history):
 *   created ──do──▶ paying ──notice──▶ paid ──deliver──▶ delivered ──refund──▶ refunded
 *      │              │                 │    └─fails──▶ deliveryFailed ──resend──▶ delivered
 *      └──cancel──────┴──cancel──▶ cancelled            (paid and deliveryFailed can be refunded)
 * A manual order (an operator's grant) starts at created, and becomes paid when it is approved, or
 * at once when its amount is below the game's approval threshold; a rejected one is cancelled.
 *
 * Delivery to the game happens exactly once per order (the game's side keys it by order id),
 * however often a payment notice, a resend or the backend's own retry arrives. A paid order that
 * is not delivered (a crash between paid and delivered, a game that failed) is delivered again by
 * the backend, after a restart and then with back-off; one that keeps failing raises an alert.
 *
 * Amounts are integers in minor units of the order's currency (cents, fen); screens format them.
 */

export const ORDER_STATES = [
  'created',
  'paying',
  'paid',
  'delivered',
  'deliveryFailed',
  'refunded',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const orderStateSchema = z.enum(ORDER_STATES);

/** The spec's filter-drawer payment statuses, each a set of order states. */
export const PAYMENT_STATUSES = ['Pending', 'Canceled', 'Completed', 'Rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_STATES: Record<PaymentStatus, readonly OrderState[]> = {
  Pending: ['created', 'paying', 'paid'],
  Completed: ['delivered'],
  Canceled: ['cancelled', 'refunded'],
  Rejected: ['deliveryFailed'],
};

export const PROVIDERS = ['wechat', 'alipay', 'paypal', 'payssion'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const providerSchema = z.enum(PROVIDERS);

export const ORDER_KINDS = ['purchase', 'manual'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const APPROVALS = ['notNeeded', 'pending', 'approved', 'rejected'] as const;
export type Approval = (typeof APPROVALS)[number];

/** "GO" + game letter + yyyymmdd + 10 random characters: GOA20261123K7Q4M9TX2C. */
export const orderIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,40}$/, 'an order id is 6 to 40 letters and digits');

/** The amount slider's bounds (spec: 1 to 20, thousands), in major units of the currency. */
export const AMOUNT_SLIDER = { min: 1, max: 20, step: 1, unit: 1000 } as const;

export const MAX_BULK_ORDERS = 200;

/** What an order gives the player: a recharge pack, an amount of the game's currency, or items. */
export const orderGrantSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('recharge'), productId: z.number().int().positive() }),
  z.object({ kind: z.literal('amount') }),
  z.object({
    kind: z.literal('items'),
    rewards: z.array(rewardSchema).min(1, 'choose at least one item').max(20, 'at most 20 items'),
  }),
]);
export type OrderGrant = z.infer<typeof orderGrantSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  game: gameIdSchema,
  playerId: z.string(),
  playerName: z.string(),
  kind: z.enum(ORDER_KINDS),
  grant: orderGrantSchema,
  /** What the grant is called, in the game's catalogue ("60 Gems", "Sword ×2"). */
  grantLabel: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  state: orderStateSchema,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  provider: providerSchema.nullable(),
  providerRef: z.string().nullable(),
  approval: z.enum(APPROVALS),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The last delivery failure, in the operator's language, while the order is deliveryFailed. */
  deliveryError: z.string().nullable(),
  deliveryAttempts: z.number().int(),
  /**
   * When the backend delivers a paid, undelivered order again by itself (server/orders/
   * redelivery.ts), or null: delivered, not paid, or paid before the backend did this.
   */
  nextDeliveryAt: z.string().nullable(),
  /**
   * When its deliveries had failed often enough to raise an alert (once per order), or null: the
   * order page then says "delivery failing" with the attempts, the last error and the next try.
   */
  deliveryAlertedAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  at: z.string(),
  from: orderStateSchema.nullable(),
  to: orderStateSchema,
  /** An operator's name, `provider:paypal`, `system` or `game`. */
  by: z.string(),
  /** create, pay, notice, approve, reject, deliver, deliveryFailed, resend, retry, refund, cancel. */
  action: z.string(),
  reason: z.string(),
  detail: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const NOTICE_OUTCOMES = [
  'applied',
  'duplicate',
  'badSignature',
  'stale',
  'unknownOrder',
  'amountMismatch',
  'wrongState',
  'malformed',
] as const;
export type NoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

export const paymentNoticeSchema = z.object({
  id: z.number().int(),
  provider: providerSchema,
  orderId: z.string().nullable(),
  providerRef: z.string().nullable(),
  receivedAt: z.string(),
  outcome: z.enum(NOTICE_OUTCOMES),
  /** Why, for an operator: "signature does not match the sandbox key", "sent 11 minutes ago". */
  detail: z.string(),
  /** A resend of a stored notice (by an operator) rather than the provider's own delivery. */
  resent: z.boolean(),
});
export type PaymentNotice = z.infer<typeof paymentNoticeSchema>;

export const orderDetailSchema = orderSchema.extend({
  reason: z.string(),
  approvedBy: z.string().nullable(),
  history: z.array(orderEventSchema),
  notices: z.array(paymentNoticeSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const orderIdParam = { orderId: orderIdSchema };
const isoDate = z.iso.datetime({ offset: true, error: 'a date and time with its offset (ISO 8601)' });
const amountParam = (what: string) =>
  intParam({ min: 0, message: `${what} is a whole number of minor units` });
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(10)).optional();

export const orderSearchFilters = {
  orderId: orderIdSchema.optional(),
  playerId: z.string().trim().min(1).max(32).optional(),
  providerRef: z.string().trim().min(1).max(64).optional(),
  state: listOf(orderStateSchema),
  paymentStatus: listOf(z.enum(PAYMENT_STATUSES)),
  provider: listOf(providerSchema),
  kind: z.enum(ORDER_KINDS).optional(),
  approval: z.enum(APPROVALS).optional(),
  amountMin: amountParam('the smallest amount').optional(),
  amountMax: amountParam('the largest amount').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Paid at or after, and before: a day's revenue counts its payments by when they were paid. */
  paidFrom: isoDate.optional(),
  paidTo: isoDate.optional(),
  ...pageInput,
};

export const bulkResultSchema = z.object({
  orderId: z.string(),
  ok: z.boolean(),
  /** The envelope code of a refused row, and its message in the caller's language. */
  code: z.number().int(),
  message: z.string(),
  state: orderStateSchema.nullable(),
});

/** What an operator sorts a game's orders by (each on an index of server/orders/migrations.ts). */
export const ORDER_SORTS = ['createdAt', 'amount', 'state'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const BULK_ACTIONS = ['resend', 'refund', 'cancel', 'approve', 'reject'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const orderSettingsSchema = z.object({
  game: gameIdSchema,
  currency: z.string(),
  /** Manual orders of this amount or more need a second ADMIN's approval (minor units). */
  approvalThreshold: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

const reasonInput = { reason: reasonSchema };

export const ordersEndpoints = {
  'orders.search': endpoint({
    service: 'game',
    method: 'GET',
    path: '/orders',
    summary:
      'Find orders: by id, player, provider reference, state or payment status, provider, kind, ' +
      'approval, amount range, time range (created) and time of payment (paidFrom, paidTo: a ' +
      "report's day of revenue), newest first or sorted by time, amount or " +
      'state. Count capped at 10,000. ' +
      "Open to the game's every role, as its pay and shop tabs are (spec: no role restriction).",
    access: SIGNED_IN,
    input: z.strictObject({ game: gameIdSchema, ...orderSearchFilters, ...sortInput(ORDER_SORTS) }),
    output: pageOf(orderSchema).extend({ totalCapped: z.boolean() }),
  }),
  'orders.get': endpoint({
    service: 'game',
    method: 'GET',
    path: '/orders/:orderId',
    summary: 'One order with its whole history and the payment notices that named it.',
    access: SIGNED_IN,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam }),
    output: orderDetailSchema,
  }),
  'orders.create': endpoint({
    service: 'game',
    method: 'POST',
    path: '/recharge/ordercreate',
    summary:
      "An operator's compensation or manual order for a player: a recharge pack, an amount, or " +
      "items with their value. At or above the game's threshold it waits for a second ADMIN.",
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      playerId: z.string().trim().min(1).max(32),
      grant: orderGrantSchema,
      /** The order's value; for a recharge pack, the pack's price is used and this is ignored. */
      amount: z.number().int().min(1, 'an amount of at least 1 minor unit').max(100_000_000),
      /** Sent by the form so that a double-submit makes one order (unique per operator). */
      requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request id of 8 to 64 letters and digits'),
      ...reasonInput,
    }),
    output: orderDetailSchema,
  }),
  'orders.approve': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/:orderId/approve',
    summary: 'Approve a manual order that waits for it (not by the operator who made it); it is delivered.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam, ...reasonInput }),
    output: orderDetailSchema,
  }),
  'orders.reject': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/:orderId/reject',
    summary: 'Reject a manual order that waits for approval; it is cancelled.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam, ...reasonInput }),
    output: orderDetailSchema,
  }),
  'orders.resend': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/:orderId/resend',
    summary:
      'Deliver a paid but undelivered order again (spec: resend order); a delivered one is left as is.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam, ...reasonInput }),
    output: orderDetailSchema,
  }),
  'orders.refund': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/:orderId/refund',
    summary:
      'Refund a paid, delivered or failed order. A purchase is refunded through its provider first: ' +
      "in sandbox mode the sandbox records the refund and the order's event names its reference; a " +
      'provider in live mode answers 50300 (live refunds are not built) and the order stays as it was.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam, ...reasonInput }),
    output: orderDetailSchema,
  }),
  'orders.cancel': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/:orderId/cancel',
    summary: 'Cancel an order that is not paid yet (created or paying).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, ...orderIdParam, ...reasonInput }),
    output: orderDetailSchema,
  }),
  'orders.bulk': endpoint({
    service: 'game',
    method: 'POST',
    path: '/orders/bulk',
    summary:
      `One action on up to ${MAX_BULK_ORDERS} orders with one reason; each row succeeds or fails on ` +
      'its own and the answer reports each (one audit entry per order).',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      action: z.enum(BULK_ACTIONS),
      orderIds: z.array(orderIdSchema).min(1, 'select at least one order').max(MAX_BULK_ORDERS),
      ...reasonInput,
    }),
    output: z.object({ results: z.array(bulkResultSchema) }),
  }),
  'orders.settings': endpoint({
    service: 'game',
    method: 'GET',
    path: '/orders/settings',
    summary: "The game's order settings: currency and the approval threshold for manual orders.",
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: orderSettingsSchema,
  }),
  'orders.saveSettings': endpoint({
    service: 'game',
    method: 'PUT',
    path: '/orders/settings',
    summary: 'Change the approval threshold (SUPER only: it decides when two people are needed).',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      approvalThreshold: z.number().int().min(1).max(100_000_000),
      ...reasonInput,
    }),
    output: orderSettingsSchema,
  }),
};

export const ordersFeature = feature({ ...ordersPages, endpoints: ordersEndpoints });

/** The tabs of atomicwar's `pay/{tab}` and lw's `shop/{tab}`: the game's view of its orders. */
export const PAY_TABS = ['recent', 'unhandled', 'awaitingApproval', 'refunds'] as const;
export type PayTab = (typeof PAY_TABS)[number];
/** Each tab's fixed filter. */
export const PAY_TAB_FILTERS: Record<PayTab, { state?: OrderState[]; approval?: Approval }> = {
  recent: {},
  unhandled: { state: ['paid', 'deliveryFailed'] },
  awaitingApproval: { approval: 'pending' },
  refunds: { state: ['refunded'] },
};
