import { rendererFeature } from '../feature.js';

/** The desktop app's updater in the window: the top bar's button, the update dialog, its status. */
export const updatesFeature = rendererFeature({
  id: 'updates',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
