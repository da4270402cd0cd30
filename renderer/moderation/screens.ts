import type { ComponentType } from 'react';
import type { GameId } from '../../shared/games.js';
import type { GamePageKey } from '../../shared/game-pages.js';
import { lazyScreen, prefetchFrom } from '../kit/lazy.js';
import './moderation.css';

export type ModerationPage = Extract<
  GamePageKey,
  'bannedHeroes' | 'blacklist' | 'blacklistCreate' | 'specialUsers' | 'specialUserCreate' | 'testingPlayers'
>;

/** What a list screen reads first, started with the navigation (lists.ts). */
const lists = () => import('./lists.js');

/**
 * The moderation screens, each written once, given the game by the router, loaded on first use;
 * a list's first page is asked for as its route opens, beside the screen's code.
 */
export const MODERATION_SCREENS: Record<ModerationPage, ComponentType<{ game: GameId }>> = {
  bannedHeroes: lazyScreen(() => import('./BannedHeroesPage.js'), 'BannedHeroesPage', {
    prefetch: prefetchFrom(lists, 'bannedHeroes'),
  }),
  blacklist: lazyScreen(() => import('./BlacklistPage.js'), 'BlacklistPage', {
    prefetch: prefetchFrom(lists, 'blacklist'),
  }),
  blacklistCreate: lazyScreen(() => import('./BlacklistCreatePage.js'), 'BlacklistCreatePage'),
  specialUsers: lazyScreen(() => import('./SpecialUsersPage.js'), 'SpecialUsersPage', {
    prefetch: prefetchFrom(lists, 'specialUsers'),
  }),
  specialUserCreate: lazyScreen(() => import('./SpecialUserCreatePage.js'), 'SpecialUserCreatePage'),
  testingPlayers: lazyScreen(() => import('./TestingPlayersPage.js'), 'TestingPlayersPage', {
    prefetch: prefetchFrom(lists, 'testingPlayers'),
  }),
};
