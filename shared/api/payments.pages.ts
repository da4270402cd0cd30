import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the payments feature's pages and where they sit in the menu (its contract is
 * ./payments.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const paymentsPages = featurePages({
  id: 'payments',
  routes: [
    fixedRoute('admin.payOrders', '/pay/orders', 'main', SUPER_ONLY, { group: 'admin', order: 70 }),
    fixedRoute('admin.paypal', '/pay/paypal', 'main', SUPER_ONLY, { group: 'admin', order: 80 }),
  ],
});
