import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the statistics feature's pages and where they sit in the menu (its contract is
 * ./statistics.ts; spec sections 2 and 6): match statistics also allow Service, the rest is
 * ADMIN's. Which games have each page is the games registry's business (ymmj and lw: match and
 * API statistics; atomicwar: IP statistics and client IPs).
 */
export const statisticsPages = featurePages({
  id: 'statistics',
  gamePages: {
    matchStats: {
      path: 'statistics/match',
      games: ['ymmj', 'lw'],
      access: ADMIN_OR_SERVICE,
      section: 'statistics',
      order: 30,
    },
    apiStats: {
      path: 'statistics/api',
      games: ['ymmj', 'lw'],
      access: ADMIN_ONLY,
      section: 'statistics',
      order: 40,
    },
    ipStats: { path: 'ipstatis', games: ['atomicwar'], access: ADMIN_ONLY, section: 'statistics', order: 30 },
    clientIps: {
      path: 'clientip',
      games: ['atomicwar'],
      access: ADMIN_ONLY,
      section: 'statistics',
      order: 40,
    },
  },
});
