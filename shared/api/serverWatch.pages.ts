import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the serverWatch feature's pages and where they sit in the menu (its contract is
 * ./serverWatch.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const serverWatchPages = featurePages({
  id: 'serverWatch',
  routes: [
    fixedRoute('admin.serverWatch', '/admin/serverwatch', 'main', SUPER_ONLY, { group: 'admin', order: 40 }),
  ],
});
