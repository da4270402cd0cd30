import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the accessRequests feature's pages and where they sit in the menu (its contract is
 * ./accessRequests.ts). Apart from the endpoints, so that the route table does not evaluate their schemas.
 */
export const accessRequestsPages = featurePages({
  id: 'accessRequests',
  routes: [
    fixedRoute('admin.accessRequests', '/admin/access-requests', 'main', SUPER_ONLY, { group: 'admin' }),
  ],
});
