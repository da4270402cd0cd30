import { rendererFeature } from '../feature.js';

/** Dark mode and the desktop preferences shown in the settings dialog. */
export const themeFeature = rendererFeature({
  id: 'theme',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
