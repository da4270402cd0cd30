import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { lazyScreen } from '../kit/lazy.js';
import { playerDetailScreen } from './detailScreen.js';

type GameScreen = ComponentType<{ game: GameId }>;

/**
 * The players feature's game screens, each loaded when its route first opens, or before: the
 * search, the way to a player, warms with the detail after sign-in (detailScreen.ts).
 */
export const PLAYER_SCREENS: Record<'players' | 'player' | 'playerTab' | 'playerStats', GameScreen> = {
  players: lazyScreen(() => import('./PlayerSearchPage.js'), 'PlayerSearchPage', { warm: 10 }),
  player: playerDetailScreen,
  playerTab: playerDetailScreen,
  playerStats: lazyScreen(() => import('./PlayerStatsPage.js'), 'PlayerStatsPage'),
};
