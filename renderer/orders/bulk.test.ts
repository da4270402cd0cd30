import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.js';
import { BULK_ACTIONS } from '../../shared/api/orders.js';
import { actionApplies } from './bulk.js';

type Row = Pick<Order, 'state' | 'approval' | 'createdBy'>;
const row = (state: Row['state'], approval: Row['approval'] = 'notNeeded', createdBy = 'someone'): Row => ({
  state,
  approval,
  createdBy,
});

describe('which order actions apply', () => {
  it('follows the order states', () => {
    expect(actionApplies(row('paid'), 'resend', 'me')).toBe(true);
    expect(actionApplies(row('deliveryFailed'), 'resend', 'me')).toBe(true);
    expect(actionApplies(row('delivered'), 'resend', 'me')).toBe(false);
    expect(actionApplies(row('delivered'), 'refund', 'me')).toBe(true);
    expect(actionApplies(row('refunded'), 'refund', 'me')).toBe(false);
    expect(actionApplies(row('created'), 'cancel', 'me')).toBe(true);
    expect(actionApplies(row('paying'), 'cancel', 'me')).toBe(true);
    expect(actionApplies(row('paid'), 'cancel', 'me')).toBe(false);
  });

  it('leaves approval to someone other than the creator', () => {
    const waiting = row('created', 'pending', 'alice');
    expect(actionApplies(waiting, 'approve', 'bob')).toBe(true);
    expect(actionApplies(waiting, 'reject', 'bob')).toBe(true);
    expect(actionApplies(waiting, 'approve', 'alice')).toBe(false);
    expect(actionApplies(waiting, 'reject', 'alice')).toBe(false);
    // A waiting order is rejected, not cancelled.
    expect(actionApplies(waiting, 'cancel', 'bob')).toBe(false);
    expect(actionApplies(row('created', 'approved'), 'approve', 'bob')).toBe(false);
  });

  // The bulk bar offers an action when it applies to at least one selected row.
  const bulkAvailability = (rows: Row[], me: string) =>
    Object.fromEntries(BULK_ACTIONS.map((a) => [a, rows.filter((r) => actionApplies(r, a, me)).length]));

  it('enables a bulk action when it applies to at least one selected row', () => {
    const counts = bulkAvailability(
      [row('paid'), row('delivered'), row('created', 'pending', 'me'), row('created', 'pending', 'alice')],
      'me',
    );
    expect(counts).toEqual({ resend: 1, refund: 2, cancel: 0, approve: 1, reject: 1 });
    expect(bulkAvailability([], 'me')).toEqual({ resend: 0, refund: 0, cancel: 0, approve: 0, reject: 0 });
  });
});
