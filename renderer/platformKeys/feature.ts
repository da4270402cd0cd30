import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { rendererFeature } from '../feature.js';
import { lazyScreen } from '../kit/lazy.js';

const gamePage: ComponentType<{ game: GameId }> = lazyScreen(
  () => import('./PlatformKeysPage.js'),
  'PlatformKeysPage',
);

/** Game-platform keys: a game's on its steam key / steam token page, every game's for a SUPER. */
export const platformKeysFeature = rendererFeature({
  id: 'platformKeys',
  screens: { 'admin.steamToken': lazyScreen(() => import('./PlatformKeysPage.js'), 'AllPlatformKeysPage') },
  gameScreens: { steamKey: gamePage, steamToken: gamePage },
  texts: { 'zh-CN': () => import('./zh-CN.json'), en: () => import('./en.json') },
});
