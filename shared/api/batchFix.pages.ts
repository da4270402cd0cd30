import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the batchFix feature's pages and where they sit in the menu (its contract is
 * ./batchFix.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const batchFixPages = featurePages({
  id: 'batchFix',
  gamePages: {
    batchFix: {
      path: 'batchfix',
      games: ['atomicwar', 'ymmj', 'lw'],
      access: ADMIN_ONLY,
      section: 'tools',
      order: 10,
    },
  },
});
