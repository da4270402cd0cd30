import { ADMIN_ONLY, SUPER_ONLY } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the platformKeys feature's pages and where they sit in the menu (its contract is
 * ./platformKeys.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const platformKeysPages = featurePages({
  id: 'platformKeys',
  gamePages: {
    steamKey: { path: 'steamkey', games: ['atomicwar'], access: ADMIN_ONLY, section: 'codes', order: 30 },
    steamToken: {
      path: 'steamtoken',
      games: ['ymmj', 'lw'],
      access: ADMIN_ONLY,
      section: 'codes',
      order: 30,
    },
  },
  routes: [
    fixedRoute('admin.steamToken', '/admin/steamtoken', 'main', SUPER_ONLY, { group: 'admin', order: 50 }),
  ],
});
