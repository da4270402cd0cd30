import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the moderation feature's pages and where they sit in the menu (its contract is
 * ./moderation.ts). Kept apart from the endpoints, so that the rules read on their own.
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
