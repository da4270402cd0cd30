import type { BulkAction, Order } from '../../shared/api/orders.js';

/**
 * Which actions apply to an order, the same rule for the detail page's buttons and the bulk bar
 * (the server decides in the end; this only keeps buttons that cannot work from being offered):
 * resend a paid or failed delivery, refund what was paid, cancel what is not paid yet, approve or
 * reject a manual order that waits — but not one's own (two people are the point).
 */
export function actionApplies(
  order: Pick<Order, 'state' | 'approval' | 'createdBy'>,
  action: BulkAction,
  me: string,
): boolean {
  switch (action) {
    case 'resend':
      return order.state === 'paid' || order.state === 'deliveryFailed';
    case 'refund':
      return order.state === 'paid' || order.state === 'delivered' || order.state === 'deliveryFailed';
    case 'cancel':
      return (order.state === 'created' || order.state === 'paying') && order.approval !== 'pending';
    case 'approve':
    case 'reject':
      return order.approval === 'pending' && order.createdBy !== me;
  }
}

/** Whether this operator made the order: they may not approve or reject it. */
export const isOwnOrder = (order: Pick<Order, 'createdBy'>, me: string): boolean => order.createdBy === me;
