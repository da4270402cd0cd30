import { rendererFeature } from '../feature.js';
import zhCN from './zh-CN.json';
import en from './en.json';

/**
 * The kit belongs to no feature; it registers only its own texts (lists, forms, toasts and the
 * names of audited actions), under `kit`.
 */
export const kitFeature = rendererFeature({
  id: 'kit',
  texts: { 'zh-CN': zhCN, en },
});
