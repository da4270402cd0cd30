import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the systemLogs feature's pages and where they sit in the menu (its contract is
 * ./systemLogs.ts). Apart from the endpoints, so that the route table does not evaluate their schemas.
 */
export const systemLogsPages = featurePages({
  id: 'systemLogs',
  routes: [fixedRoute('admin.systemLogs', '/admin/systemlogs', 'main', SUPER_ONLY, { group: 'admin' })],
});
