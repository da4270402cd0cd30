import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Provider } from '../../shared/api/orders.js';

/**
 * The sandbox checkout's nonce: the link pay.do hands out carries it, and the checkout page and
 * its Pay button take nothing without it. Anyone who can reach the backend (any web page, on the
 * desktop app's loopback port) can name an order, but only whoever started its checkout has the
 * link: paying in the sandbox delivers real grants in the game, so naming an order must not be
 * enough to pay it.
 *
 * It is an HMAC of the provider and the order under the provider's sandbox keys (secret, kept
 * sealed in the database), so it needs no table, is the same on every instance that shares the
 * database, and a link for one provider does not open another's checkout of the same order.
 */

/** The query parameter of both sandbox URLs. */
export const NONCE_PARAM = 'nonce';

export function checkoutNonce(sandboxKeys: unknown, provider: Provider, orderId: string): string {
  const key = createHash('sha256')
    .update(`gameops sandbox checkout|${provider}|${JSON.stringify(sandboxKeys)}`)
    .digest();
  return createHmac('sha256', key).update(`${provider}\n${orderId}`).digest('base64url').slice(0, 32);
}

/** Whether `sent` is the order's nonce, compared in constant time. */
export function nonceMatches(
  sent: unknown,
  sandboxKeys: unknown,
  provider: Provider,
  orderId: string,
): boolean {
  if (typeof sent !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(checkoutNonce(sandboxKeys, provider, orderId)));
}
