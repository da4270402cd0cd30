import type { Approval, OrderKind, OrderState } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import type { Texts } from '../http/problem.js';

/**
 * The one table of an order's life (the diagram in shared/api/orders.ts). Every change of state
 * in server/orders and server/payments asks `decide` first, so an impossible step (refunding an
 * unpaid order, cancelling a paid one, approving one's own order) is refused the same way
 * everywhere, with a message an operator can act on. Pure: no database, no clock.
 */

export const ORDER_ACTIONS = [
  /** A provider's checkout starts (pay.do). */
  'pay',
  /** A provider's payment notice is applied. */
  'notice',
  'approve',
  'reject',
  'deliver',
  'deliveryFailed',
  'refund',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What the table needs of an order. */
export interface OrderFacts {
  orderId: string;
  state: OrderState;
  kind: OrderKind;
  approval: Approval;
  createdBy: string;
}

export type Decision =
  | { kind: 'move'; to: OrderState }
  /** Already done: nothing changes, and that is not an error (a repeated notice, a resend). */
  | { kind: 'same' }
  | { kind: 'refuse'; code: number; texts: Texts };

export const STATE_NAMES: Record<OrderState, Texts> = {
  created: { en: 'created (not paid)', 'zh-CN': '已创建（未支付）' },
  paying: { en: 'paying', 'zh-CN': '支付中' },
  paid: { en: 'paid (not delivered)', 'zh-CN': '已支付（未发货）' },
  delivered: { en: 'delivered', 'zh-CN': '已发货' },
  deliveryFailed: { en: 'paid, delivery failed', 'zh-CN': '已支付，发货失败' },
  refunded: { en: 'refunded', 'zh-CN': '已退款' },
  cancelled: { en: 'cancelled', 'zh-CN': '已取消' },
};

const conflict = (o: OrderFacts, en: string, zh: string): Decision => ({
  kind: 'refuse',
  code: Codes.CONFLICT,
  texts: {
    en: `Order ${o.orderId} is ${STATE_NAMES[o.state].en}: ${en}`,
    'zh-CN': `订单 ${o.orderId} 当前为${STATE_NAMES[o.state]['zh-CN']}：${zh}`,
  },
});

const move = (to: OrderState): Decision => ({ kind: 'move', to });
const SAME: Decision = { kind: 'same' };

/**
 * What `action` by `actor` does to the order. `actor` is the operator's name (or `provider:x`,
 * `system`); only approval looks at who it is.
 */
export function decide(o: OrderFacts, action: OrderAction, actor: string): Decision {
  const s = o.state;
  switch (action) {
    case 'pay':
      if (o.kind === 'manual')
        return conflict(
          o,
          'a manual order is paid by its approval, not through a payment provider',
          '手工订单经审批后即视为已支付，不通过支付渠道支付',
        );
      if (s === 'created') return move('paying');
      if (s === 'paying') return SAME;
      return conflict(o, 'only an order not yet paid can go to a checkout', '只有未支付的订单才能去支付');
    case 'notice':
      if (o.kind === 'manual')
        return conflict(o, 'a manual order takes no payment notice', '手工订单不接受支付通知');
      if (s === 'created' || s === 'paying') return move('paid');
      if (s === 'paid' || s === 'delivered' || s === 'deliveryFailed') return SAME;
      return conflict(
        o,
        'a payment for it cannot be applied; refund the payment with the provider',
        '无法为其入账；请在支付渠道退回该笔付款',
      );
    case 'approve':
    case 'reject': {
      if (o.kind !== 'manual' || o.approval !== 'pending' || s !== 'created')
        return conflict(
          o,
          action === 'approve'
            ? 'only a manual order waiting for approval can be approved'
            : 'only a manual order waiting for approval can be rejected',
          action === 'approve' ? '只有待审批的手工订单才能批准' : '只有待审批的手工订单才能驳回',
        );
      if (action === 'approve' && actor === o.createdBy)
        return {
          kind: 'refuse',
          code: Codes.FORBIDDEN,
          texts: {
            en: `You created order ${o.orderId}, so another ADMIN must approve it`,
            'zh-CN': `订单 ${o.orderId} 由你创建，须由另一位管理员（ADMIN）批准`,
          },
        };
      return move(action === 'approve' ? 'paid' : 'cancelled');
    }
    case 'deliver':
      if (s === 'paid' || s === 'deliveryFailed') return move('delivered');
      if (s === 'delivered') return SAME;
      return conflict(o, 'only a paid order can be delivered', '只有已支付的订单才能发货');
    case 'deliveryFailed':
      if (s === 'paid' || s === 'deliveryFailed') return move('deliveryFailed');
      return conflict(o, 'only a paid order can fail delivery', '只有已支付的订单才会发货失败');
    case 'refund':
      if (s === 'paid' || s === 'delivered' || s === 'deliveryFailed') return move('refunded');
      if (s === 'refunded') return conflict(o, 'it was refunded already', '该订单已退款');
      return conflict(
        o,
        'only a paid order can be refunded; cancel it instead',
        '只有已支付的订单才能退款；请改为取消',
      );
    case 'cancel':
      if (s === 'created' || s === 'paying') return move('cancelled');
      if (s === 'cancelled') return conflict(o, 'it was cancelled already', '该订单已取消');
      return conflict(
        o,
        'an order that was paid cannot be cancelled; refund it instead',
        '已支付的订单不能取消；请改为退款',
      );
  }
}
