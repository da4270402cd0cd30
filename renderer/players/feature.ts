import { rendererFeature } from '../feature.js';
import { PLAYER_SCREENS } from './screens.js';

/** Player search, detail with the game's tabs, statistics. */
export const playersFeature = rendererFeature({
  id: 'players',
  gameScreens: PLAYER_SCREENS,
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
