import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the systemLogs feature's pages and where they sit in the menu (its contract is
 * ./systemLogs.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const systemLogsPages = featurePages({
  id: 'systemLogs',
  routes: [
    fixedRoute('admin.systemLogs', '/admin/systemlogs', 'main', SUPER_ONLY, { group: 'admin', order: 60 }),
  ],
});
