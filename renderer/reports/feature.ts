import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Reports (issue 20): recharge statistics with the player service's charge statistics. The
 * charts' code (ECharts) loads with these screens, never with the console's start.
 */
export const reportsFeature = rendererFeature({
  id: 'reports',
  gameScreens: {
    rechargeStats: lazyScreen(() => import('./RechargeStatsPage.js'), 'RechargeStatsPage'),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
