import { rendererFeature } from '../feature.js';
import { LEADERBOARDS_SCREENS } from './screens.js';

/**
 * Leaderboards: the top 100 of every board with a player's rank, the deletion of a bad record and
 * the dynamic rank list switch; the seasons with their boards; the level detail (each stage's clears).
 */
export const leaderboardsFeature = rendererFeature({
  id: 'leaderboards',
  gameScreens: LEADERBOARDS_SCREENS,
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
