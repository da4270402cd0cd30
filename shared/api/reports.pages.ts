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
    rechargeStats: { access: ADMIN_ONLY, section: 'recharge' },
    dailyReport: { access: ADMIN_ONLY, section: 'statistics' },
    shopDailyReport: { access: ADMIN_ONLY, section: 'statistics' },
  },
});
