import { SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the users feature's pages and where they sit in the menu (its contract is
 * ./users.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const usersPages = featurePages({
  id: 'users',
  routes: [
    fixedRoute('admin.users', '/admin/users', 'main', SUPER_ONLY, { group: 'admin', order: 10 }),
    fixedRoute('admin.userCreate', '/admin/users/create', 'main', SUPER_ONLY, { group: 'admin', order: 20 }),
    fixedRoute('admin.userEdit', '/admin/user/:phone/edit', 'main', SUPER_ONLY),
    fixedRoute('admin.user', '/admin/user/:phone', 'main', SUPER_ONLY),
  ],
});
