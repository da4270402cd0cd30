import { rendererFeature } from '../feature.js';
import { PLAYER_SCREENS } from './screens.js';
import zhCN from './zh-CN.json';
import en from './en.json';

/** Player search, detail with the game's tabs, statistics. */
export const playersFeature = rendererFeature({
  id: 'players',
  gameScreens: PLAYER_SCREENS,
  texts: { 'zh-CN': zhCN, en },
});
