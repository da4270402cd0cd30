import { rendererFeature } from '../feature.js';

/**
 * The kit belongs to no feature; it registers only its own texts (lists, forms, toasts and the
 * names of audited actions), under `kit`.
 */
export const kitFeature = rendererFeature({
  id: 'kit',
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
