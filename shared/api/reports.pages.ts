import { ADMIN_ONLY } from '../roles.js';
import { featurePages } from '../pages.js';

/**
 * Who may open the reports' pages and where they sit in the menu (its contract is ./reports.ts):
 * one line a page, so that each report's screen adds its own (spec section 2: atomicwar, ymmj and
 * lw `statis/dailyreport` and `statis/shopdailyreport`, party's under `/party/cr/statis/`).
 */
export const reportsPages = featurePages({
  id: 'reports',
  gamePages: {
    rechargeStats: {
      path: 'recharge/statis',
      access: ADMIN_ONLY,
      section: 'recharge',
      order: 40,
      paths: { party: '/party/recharge/statis' },
    },
    dailyReport: {
      path: 'statis/dailyreport',
      access: ADMIN_ONLY,
      section: 'statistics',
      order: 10,
      paths: { party: '/party/cr/statis/dailyreport' },
    },
    shopDailyReport: {
      path: 'statis/shopdailyreport',
      access: ADMIN_ONLY,
      section: 'statistics',
      order: 20,
      paths: { party: '/party/cr/statis/shopdailyreport' },
    },
  },
});
