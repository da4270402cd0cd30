import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import type { GamePageKey } from '../../shared/game-pages.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';

export type StatisticsPage = Extract<GamePageKey, 'matchStats' | 'apiStats' | 'ipStats' | 'clientIps'>;

/** What a list screen reads first, started with the navigation (lists.ts). */
const lists = () => import('./lists.js');

/** The statistics screens, each loaded on first use (the chart kit comes with them). */
export const STATISTICS_SCREENS: Record<StatisticsPage, ComponentType<{ game: GameId }>> = {
  matchStats: lazyScreen(() => import('./MatchStatsPage.js'), 'MatchStatsPage', {
    prefetch: prefetchFrom(lists, 'dayMatches'),
  }),
  apiStats: lazyScreen(() => import('./ApiStatsPage.js'), 'ApiStatsPage'),
  ipStats: lazyScreen(() => import('./IpStatsPage.js'), 'IpStatsPage', {
    prefetch: prefetchFrom(lists, 'ipStats'),
  }),
  clientIps: lazyScreen(() => import('./ClientIpsPage.js'), 'ClientIpsPage', {
    prefetch: prefetchFrom(lists, 'clientIps'),
  }),
};
