import { rendererFeature } from '../feature.js';

/** The About box's texts (the box itself is mounted by renderer/app/desktop.tsx). */
export const aboutFeature = rendererFeature({
  id: 'about',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
