import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the leaderboards' pages and where they sit in the menu (its contract is
 * ./leaderboards.ts). Spec section 6: the top 100 and the season boards are Service's too; what
 * changes a board (a record's deletion, the dynamic rank list) is the admins' alone, by its
 * endpoints' rules. The level detail (party's "detail") is
 * the admins' alone.
 */
export const leaderboardsPages = featurePages({
  id: 'leaderboards',
  gamePages: {
    top100: { path: 'leaderboard/top100', access: ADMIN_OR_SERVICE, section: 'leaderboards', order: 10 },
    season: {
      path: 'leaderboard/season',
      games: ['ymmj', 'lw', 'party'],
      access: ADMIN_OR_SERVICE,
      section: 'leaderboards',
      order: 20,
      paths: { party: '/party/leaderboard/season' },
    },
    levelDetail: {
      path: 'leaderboard/leveldetail',
      access: ADMIN_ONLY,
      section: 'leaderboards',
      order: 30,
      paths: { party: '/party/leaderboard/detail' },
    },
  },
});
