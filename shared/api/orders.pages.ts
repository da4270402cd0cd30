import { SIGNED_IN, ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the orders feature's pages and where they sit in the menu (its contract is
 * ./orders.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const ordersPages = featurePages({
  id: 'orders',
  gamePages: {
    orderCreate: { path: 'recharge/ordercreate', access: ADMIN_ONLY, section: 'recharge', order: 10 },
    orderRetrieve: {
      path: 'recharge/retrive',
      access: ADMIN_ONLY,
      section: 'recharge',
      order: 20,
      paths: { party: '/party/recharge/retrive' },
    },
    // "No role restriction" inside a game: any role, plus the game's (added by the route table).
    pay: { path: 'pay', games: ['atomicwar'], access: SIGNED_IN, section: 'recharge', order: 30 },
    payTab: { path: 'pay/:tab', games: ['atomicwar'], access: SIGNED_IN },
    shop: { path: 'shop', games: ['lw'], access: SIGNED_IN, section: 'recharge', order: 30 },
    shopTab: { path: 'shop/:tab', games: ['lw'], access: SIGNED_IN },
    orderDetail: { path: 'order/:id/detail', games: ['lw'], access: SIGNED_IN },
  },
});
