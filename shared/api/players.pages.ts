import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the players feature's pages and where they sit in the menu (its contract is
 * ./players.ts). Kept apart from the endpoints, so that the rules read on their own.
 */
export const playersPages = featurePages({
  id: 'players',
  gamePages: {
    players: { path: 'steamplayers', access: ADMIN_OR_SERVICE, section: 'players', order: 10 },
    player: { path: 'steamplayer/:id', access: ADMIN_OR_SERVICE },
    playerTab: { path: 'steamplayer/:id/:tab', access: ADMIN_OR_SERVICE },
    playerStats: { path: 'statis/player', access: ADMIN_ONLY, section: 'players', order: 20 },
  },
});
