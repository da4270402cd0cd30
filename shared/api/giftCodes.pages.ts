import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the giftCodes feature's pages and where they sit in the menu (its contract is
 * ./giftCodes.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const giftCodesPages = featurePages({
  id: 'giftCodes',
  gamePages: {
    activeCodes: { path: 'activeCode', access: ADMIN_ONLY, section: 'codes', order: 10 },
    shopTickets: { path: 'shopTicket', access: ADMIN_ONLY, section: 'codes', order: 20 },
  },
});
