import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { lazyScreen } from '../kit/lazy.js';

type GameScreen = ComponentType<{ game: GameId }>;

// One page serves the detail and its tabs: the tab is just one more URL param.
const detail: GameScreen = lazyScreen(() => import('./PlayerDetailPage.js'), 'PlayerDetailPage');

/** The players feature's game screens, each loaded when its route first opens. */
export const PLAYER_SCREENS: Record<'players' | 'player' | 'playerTab' | 'playerStats', GameScreen> = {
  players: lazyScreen(() => import('./PlayerSearchPage.js'), 'PlayerSearchPage'),
  player: detail,
  playerTab: detail,
  playerStats: lazyScreen(() => import('./PlayerStatsPage.js'), 'PlayerStatsPage'),
};
