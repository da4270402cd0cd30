import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the moderation feature's pages and where they sit in the menu (its contract is
 * ./moderation.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const moderationPages = featurePages({
  id: 'moderation',
  gamePages: {
    bannedHeroes: { path: 'bannedhero', access: ADMIN_ONLY, section: 'moderation' },
    blacklist: { path: 'blacklist', access: ADMIN_ONLY, section: 'moderation' },
    blacklistCreate: { path: 'blacklist/createBlackList', access: ADMIN_ONLY, section: 'moderation' },
    testingPlayers: {
      path: 'testingplayers',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
    },
    specialUsers: {
      path: 'specialusers',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
    },
    specialUserCreate: {
      path: 'specialusers/create',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
    },
  },
});
