import { rendererFeature } from '../feature.js';
import { MODERATION_SCREENS } from './screens.js';

/** Banned heroes, blacklist, special users, testing players. */
export const moderationFeature = rendererFeature({
  id: 'moderation',
  gameScreens: MODERATION_SCREENS,
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
