import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import { PlayerDetailPage } from './PlayerDetailPage.js';
import { PlayerSearchPage } from './PlayerSearchPage.js';
import { PlayerStatsPage } from './PlayerStatsPage.js';

/** The players feature's game screens; routing/pages.tsx mounts them for every game that has the page. */
export const PLAYER_SCREENS: Record<
  'players' | 'player' | 'playerTab' | 'playerStats',
  ComponentType<{ game: GameId }>
> = {
  players: PlayerSearchPage,
  player: PlayerDetailPage,
  // One page: the tab is just one more URL param.
  playerTab: PlayerDetailPage,
  playerStats: PlayerStatsPage,
};
