import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/**
 * Server watch: the live status page with the message notices as its second tab. Its texts also
 * serve the top bar's alert bell (renderer/alerts), which is always loaded.
 */
export const serverWatchFeature = rendererFeature({
  id: 'serverWatch',
  screens: { 'admin.serverWatch': lazyScreen(() => import('./ServerWatchPage.js'), 'ServerWatchPage') },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
