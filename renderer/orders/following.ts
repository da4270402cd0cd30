import type { Order } from '../../shared/api/orders.js';

/**
 * Orders on screen follow the server while it is changing them by itself: a paying order is paid
 * by the provider's notice and then delivered, a paid one is delivered, a failed one is tried
 * again by the backend's delivery job. So a screen showing such an order reads it again on its
 * own (react-query's refetchInterval, only while the window is shown) and stops once every order
 * shown has settled; nobody has to press Refresh.
 */

/** While an order is paying or paid: the notice and the delivery come within seconds. */
export const FOLLOW_PASSING_MS = 2000;
/** While a failed order waits for the backend's next try (tens of seconds to an hour apart). */
export const FOLLOW_RETRY_MS = 15_000;

/** How soon to read again for these orders, or false when none is changing. */
export function followInterval(orders: readonly Pick<Order, 'state' | 'nextDeliveryAt'>[]): number | false {
  if (orders.some((o) => o.state === 'paying' || o.state === 'paid')) return FOLLOW_PASSING_MS;
  if (orders.some((o) => o.state === 'deliveryFailed' && o.nextDeliveryAt !== null)) return FOLLOW_RETRY_MS;
  return false;
}
