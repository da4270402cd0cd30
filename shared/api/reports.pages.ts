import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the reports' pages and where they sit in the menu (their contract is
 * ./reports.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const reportsPages = featurePages({
  id: 'reports',
  gamePages: {
    rechargeStats: { access: ADMIN_ONLY, section: 'recharge' },
  },
});
