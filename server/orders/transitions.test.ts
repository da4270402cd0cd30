import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { decide, ORDER_ACTIONS, type OrderAction, type OrderFacts } from './transitions.js';

/** The transition table alone: every state × action, and the refusals' codes and texts. */

const order = (state: OrderState, more: Partial<OrderFacts> = {}): OrderFacts => ({
  orderId: 'GOY20260115ABCDEFGHJK',
  state,
  kind: 'purchase',
  approval: 'notNeeded',
  createdBy: 'admin',
  ...more,
});

/** The allowed moves of a purchase order (everything else is refused or leaves it as it is). */
const MOVES: Partial<Record<OrderAction, Partial<Record<OrderState, OrderState | 'same'>>>> = {
  pay: { created: 'paying', paying: 'same' },
  notice: { created: 'paid', paying: 'paid', paid: 'same', delivered: 'same', deliveryFailed: 'same' },
  deliver: { paid: 'delivered', deliveryFailed: 'delivered', delivered: 'same' },
  deliveryFailed: { paid: 'deliveryFailed', deliveryFailed: 'deliveryFailed' },
  refund: { paid: 'refunded', delivered: 'refunded', deliveryFailed: 'refunded' },
  cancel: { created: 'cancelled', paying: 'cancelled' },
  approve: {},
  reject: {},
};

describe('order transitions', () => {
  for (const action of ORDER_ACTIONS) {
    for (const state of ORDER_STATES) {
      const want = MOVES[action]?.[state];
      it(`${action} on a ${state} purchase → ${want ?? 'refused'}`, () => {
        const d = decide(order(state), action, 'service');
        if (want === undefined) {
          expect(d.kind).toBe('refuse');
          if (d.kind === 'refuse') {
            expect(d.code).toBe(Codes.CONFLICT);
            expect(d.texts.en).toContain('GOY20260115ABCDEFGHJK');
            expect(d.texts['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
          }
        } else if (want === 'same') expect(d).toEqual({ kind: 'same' });
        else expect(d).toEqual({ kind: 'move', to: want });
      });
    }
  }

  it('a refund of an unpaid order says to cancel instead; a cancel of a paid one says to refund', () => {
    const refund = decide(order('created'), 'refund', 'admin');
    expect(refund.kind === 'refuse' && refund.texts.en).toMatch(
      /only a paid order can be refunded; cancel it instead/,
    );
    const cancel = decide(order('delivered'), 'cancel', 'admin');
    expect(cancel.kind === 'refuse' && cancel.texts.en).toMatch(/refund it instead/);
    expect(cancel.kind === 'refuse' && cancel.texts['zh-CN']).toMatch(/请改为退款/);
  });

  it('a manual order waiting for approval: another ADMIN approves (paid) or rejects (cancelled); its creator may not approve', () => {
    const pending = order('created', { kind: 'manual', approval: 'pending', createdBy: 'admin' });
    expect(decide(pending, 'approve', 'ymmj')).toEqual({ kind: 'move', to: 'paid' });
    expect(decide(pending, 'reject', 'ymmj')).toEqual({ kind: 'move', to: 'cancelled' });
    const own = decide(pending, 'approve', 'admin');
    expect(own.kind).toBe('refuse');
    if (own.kind === 'refuse') {
      expect(own.code).toBe(Codes.FORBIDDEN);
      expect(own.texts.en).toMatch(/another ADMIN must approve it/);
      expect(own.texts['zh-CN']).toMatch(/另一位管理员/);
    }
  });

  it('approval is refused for an order not waiting for it, and manual orders take no provider', () => {
    for (const o of [
      order('created', { kind: 'manual', approval: 'notNeeded' }),
      order('paid', { kind: 'manual', approval: 'approved' }),
      order('created', { kind: 'purchase', approval: 'notNeeded' }),
    ]) {
      const d = decide(o, 'approve', 'ymmj');
      expect(d.kind === 'refuse' && d.code).toBe(Codes.CONFLICT);
    }
    const manual = order('created', { kind: 'manual', approval: 'pending' });
    expect(decide(manual, 'pay', 'provider:paypal').kind).toBe('refuse');
    expect(decide(manual, 'notice', 'provider:paypal').kind).toBe('refuse');
  });
});
