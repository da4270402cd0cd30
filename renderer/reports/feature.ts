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
    // Opened every morning: its code and ECharts (614 KB) load while the browser is idle after
    // sign-in, so the first visit of the day draws its charts at once.
    dailyReport: lazyScreen(() => import('./DailyReportPage.js'), 'DailyReportPage', {
      warm: 40,
      warmAlso: () => import('../kit/charts/echarts.js'),
    }),
    shopDailyReport: lazyScreen(() => import('./ShopDailyReportPage.js'), 'ShopDailyReportPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
