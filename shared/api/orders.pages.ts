import { SIGNED_IN, ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the orders feature's pages and where they sit in the menu (its contract is
 * ./orders.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const ordersPages = featurePages({
  id: 'orders',
  gamePages: {
    orderCreate: { access: ADMIN_ONLY, section: 'recharge' },
    orderRetrieve: { access: ADMIN_ONLY, section: 'recharge' },
    // "No role restriction" inside a game: any role, plus the game's (added by the route table).
    pay: { access: SIGNED_IN, section: 'recharge' },
    payTab: { access: SIGNED_IN },
    shop: { access: SIGNED_IN, section: 'recharge' },
    shopTab: { access: SIGNED_IN },
    orderDetail: { access: SIGNED_IN },
  },
});
