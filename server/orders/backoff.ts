/**
 * When the backend delivers a paid, undelivered order again by itself (server/orders/
 * redelivery.ts), and when it tells the operators. Pure: the ledger writes these times with each
 * step, so the order's row is the job's queue.
 */

/**
 * How long a delivery has before the job may take the order: after paid (the payment's own
 * delivery runs then) and after the job claims it. Longer than a delivery can take (the game's
 * servers one after another, DELIVERY_TIMEOUT_MS each), so the job never races a live attempt;
 * after a crash it is what the order waits before it is delivered again.
 */
export const DELIVERY_LEASE_MS = 30_000;

/** The wait after the first failure; it doubles with each failure after it, up to the cap. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 3_600_000;

/** After this many failed deliveries the order raises an alert (once) and shows "delivery failing". */
export const ALERT_AFTER_FAILURES = 5;

/** The wait before the next try after `failures` failed deliveries in a row (1 or more). */
export function retryDelayMs(failures: number): number {
  const doublings = Math.min(Math.max(failures, 1) - 1, 20);
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** doublings);
}

export function retryAt(now: Date, failures: number): Date {
  return new Date(now.getTime() + retryDelayMs(failures));
}

export function leaseUntil(now: Date): Date {
  return new Date(now.getTime() + DELIVERY_LEASE_MS);
}
