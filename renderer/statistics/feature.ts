import { rendererFeature } from '../feature.js';
import { STATISTICS_SCREENS } from './screens.js';

/** Match statistics with a match's detail, API statistics, IP statistics and client IPs. */
export const statisticsFeature = rendererFeature({
  id: 'statistics',
  gameScreens: STATISTICS_SCREENS,
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
