import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Reports (issue 20): the daily report with its cohort grid and the shop daily report, each
 * loaded with its route (and ECharts with its first chart). One line a screen: the recharge
 * statistics have theirs too.
 */
export const reportsFeature = rendererFeature({
  id: 'reports',
  gameScreens: {
    rechargeStats: lazyScreen(() => import('./RechargeStatsPage.js'), 'RechargeStatsPage'),
    dailyReport: lazyScreen(() => import('./DailyReportPage.js'), 'DailyReportPage'),
    shopDailyReport: lazyScreen(() => import('./ShopDailyReportPage.js'), 'ShopDailyReportPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
