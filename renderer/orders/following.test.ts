import { describe, expect, it } from 'vitest';
import { FOLLOW_PASSING_MS, FOLLOW_RETRY_MS, followInterval } from './following.js';

describe('orders that follow the server', () => {
  const o = (
    state: Parameters<typeof followInterval>[0][number]['state'],
    nextDeliveryAt: string | null = null,
  ) => ({
    state,
    nextDeliveryAt,
  });

  it('are read again soon while one is paying or paid', () => {
    expect(followInterval([o('delivered'), o('paying')])).toBe(FOLLOW_PASSING_MS);
    expect(
      followInterval([o('paid', '2026-01-15T09:00:30Z'), o('deliveryFailed', '2026-01-15T09:01:00Z')]),
    ).toBe(FOLLOW_PASSING_MS);
  });

  it('are read again slowly while a failed one waits for the backend’s next try', () => {
    expect(followInterval([o('deliveryFailed', '2026-01-15T09:01:00Z'), o('created')])).toBe(FOLLOW_RETRY_MS);
  });

  it('are not read again once every one has settled, or waits for an operator', () => {
    expect(followInterval([])).toBe(false);
    expect(
      followInterval([o('created'), o('delivered'), o('refunded'), o('cancelled'), o('deliveryFailed')]),
    ).toBe(false);
  });
});
