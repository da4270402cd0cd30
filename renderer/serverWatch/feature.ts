import { rendererFeature, topBarWidget } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Server watch: the live status page with the message notices as its second tab, and the top
 * bar's alert bell (renderer/alerts), which loads with the frame and speaks in these texts.
 */
export const serverWatchFeature = rendererFeature({
  id: 'serverWatch',
  screens: { 'admin.serverWatch': lazyScreen(() => import('./ServerWatchPage.js'), 'ServerWatchPage') },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
  topBar: [
    topBarWidget(
      { id: 'serverWatch.bell', place: 'end', order: 20 },
      () => import('../alerts/AlertsBell.js'),
      'AlertsBell',
    ),
  ],
});
