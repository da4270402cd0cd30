import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

/** Player data repair (the game page batchFix): functions, dry run, runs with their progress. */
export const batchFixFeature = rendererFeature({
  id: 'batchFix',
  gameScreens: { batchFix: lazyScreen(() => import('./BatchFixPage.js'), 'BatchFixPage') },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
