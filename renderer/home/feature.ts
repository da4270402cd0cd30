import { rendererFeature } from '../feature.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

/**
 * The landing page (the "big-data back office"): each game's figures of the day from the server's
 * brief info. Its figures' read starts with the navigation, since it is the first page after
 * sign-in; no chart library: the trends are small SVG lines.
 */
export const homeFeature = rendererFeature({
  id: 'home',
  screens: {
    home: lazyScreen(() => import('./HomePage.js'), 'HomePage', {
      prefetch: prefetchFrom(() => import('./prefetch.js'), 'brief'),
    }),
  },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
