import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the moderation feature's pages and where they sit in the menu (its contract is
 * ./moderation.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const moderationPages = featurePages({
  id: 'moderation',
  gamePages: {
    bannedHeroes: { path: 'bannedhero', access: ADMIN_ONLY, section: 'moderation', order: 10 },
    blacklist: { path: 'blacklist', access: ADMIN_ONLY, section: 'moderation', order: 20 },
    blacklistCreate: {
      path: 'blacklist/createBlackList',
      access: ADMIN_ONLY,
      section: 'moderation',
      order: 30,
    },
    testingPlayers: {
      path: 'testingplayers',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
      order: 30,
    },
    specialUsers: {
      path: 'specialusers',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
      order: 40,
    },
    specialUserCreate: {
      path: 'specialusers/create',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_ONLY,
      section: 'players',
      order: 50,
    },
  },
});
