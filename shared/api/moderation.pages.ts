import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the moderation feature's pages and where they sit in the menu (its contract is
 * ./moderation.ts). Apart from the endpoints, so that the route table does not evaluate their schemas.
 */
export const moderationPages = featurePages({
  id: 'moderation',
  gamePages: {
    bannedHeroes: { access: ADMIN_ONLY, section: 'moderation' },
    blacklist: { access: ADMIN_ONLY, section: 'moderation' },
    blacklistCreate: { access: ADMIN_ONLY, section: 'moderation' },
    testingPlayers: { access: ADMIN_ONLY, section: 'players' },
    specialUsers: { access: ADMIN_ONLY, section: 'players' },
    specialUserCreate: { access: ADMIN_ONLY, section: 'players' },
  },
});
