import { rendererFeature } from '../feature.js';
import { MODERATION_SCREENS } from './screens.js';
import zhCN from './zh-CN.json';
import en from './en.json';

/** Banned heroes, blacklist, special users, testing players. */
export const moderationFeature = rendererFeature({
  id: 'moderation',
  gameScreens: MODERATION_SCREENS,
  texts: { 'zh-CN': zhCN, en },
});
