import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the accessRequests feature's pages and where they sit in the menu (its contract is
 * ./accessRequests.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const accessRequestsPages = featurePages({
  id: 'accessRequests',
  routes: [
    fixedRoute('admin.accessRequests', '/admin/access-requests', 'main', SUPER_ONLY, {
      group: 'admin',
      order: 30,
    }),
  ],
});
