import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import type { GamePageKey } from '../../shared/game-pages.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';
import './leaderboards.css';

export type LeaderboardsPage = Extract<GamePageKey, 'top100' | 'season' | 'levelDetail'>;

/** What the top 100 reads first, started with the navigation (lists.ts). */
const lists = () => import('./lists.js');

/** The leaderboards' screens, each given the game by the router and loaded on first use. */
export const LEADERBOARDS_SCREENS: Record<LeaderboardsPage, ComponentType<{ game: GameId }>> = {
  top100: lazyScreen(() => import('./Top100Page.js'), 'Top100Page', {
    prefetch: prefetchFrom(lists, 'top100'),
  }),
  season: lazyScreen(() => import('./SeasonsPage.js'), 'SeasonsPage'),
  levelDetail: lazyScreen(() => import('./LevelDetailPage.js'), 'LevelDetailPage'),
};
