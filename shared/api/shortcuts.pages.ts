import { SIGNED_IN } from '../roles.js';
import { featurePages, fixedRoute } from '../pages.js';

/**
 * Who may open the shortcuts feature's pages and where they sit in the menu (its contract is
 * ./shortcuts.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const shortcutsPages = featurePages({
  id: 'shortcuts',
  // No side-menu place: the menu's Administration group is the super-admins' (spec section 2),
  // and this page is every operator's; the top bar's keyboard button leads to it instead.
  routes: [fixedRoute('admin.shortcut', '/admin/shortcut', 'main', SIGNED_IN)],
});
