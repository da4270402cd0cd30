import type { CodeState } from '../../shared/api/giftCodes.js';
import type { Provider } from '../../shared/api/orders.js';

/**
 * What the features count for GET /metrics (issue 21): server-watch checks, payment notices and
 * gift-code redemptions. A port, so a feature says what happened without knowing prom-client
 * (server/platform/metrics.ts keeps the series). Every label is one of a closed set, so no input
 * can grow the series.
 */

/** A check passed (up), the server failed it (down), or the checker could not make it (error). */
export type CheckCount = 'up' | 'down' | 'error';

/**
 * A notice that paid its order (credited), one already applied or an order already paid by the
 * same payment (duplicate), or any other: not verified, stale, an unknown order, another amount,
 * a payment the provider reports as not completed, a misconfigured provider (refused).
 */
export type NoticeCount = 'credited' | 'duplicate' | 'refused';

/**
 * A code redeemed, or why not: the code's state, the player's limit in its batch, no such code,
 * or a game server that did not prove itself (signature, clock, a replayed nonce, no key).
 */
export type RedemptionCount =
  'redeemed' | Exclude<CodeState, 'unused' | 'used'> | 'playerLimit' | 'unknownCode' | 'unproven';

export interface OperationCounters {
  serverCheck(outcome: CheckCount): void;
  paymentNotice(provider: Provider, outcome: NoticeCount): void;
  redemption(outcome: RedemptionCount): void;
}
