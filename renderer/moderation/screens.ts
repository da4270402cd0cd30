import type { ComponentType } from 'react';
import type { GameId, GamePageKey } from '../../shared/games.js';
import { lazyScreen } from '../kit/lazy.js';
import './moderation.css';

export type ModerationPage = Extract<
  GamePageKey,
  'bannedHeroes' | 'blacklist' | 'blacklistCreate' | 'specialUsers' | 'specialUserCreate' | 'testingPlayers'
>;

/** The moderation screens, each written once, given the game by the router, loaded on first use. */
export const MODERATION_SCREENS: Record<ModerationPage, ComponentType<{ game: GameId }>> = {
  bannedHeroes: lazyScreen(() => import('./BannedHeroesPage.js'), 'BannedHeroesPage'),
  blacklist: lazyScreen(() => import('./BlacklistPage.js'), 'BlacklistPage'),
  blacklistCreate: lazyScreen(() => import('./BlacklistCreatePage.js'), 'BlacklistCreatePage'),
  specialUsers: lazyScreen(() => import('./SpecialUsersPage.js'), 'SpecialUsersPage'),
  specialUserCreate: lazyScreen(() => import('./SpecialUserCreatePage.js'), 'SpecialUserCreatePage'),
  testingPlayers: lazyScreen(() => import('./TestingPlayersPage.js'), 'TestingPlayersPage'),
};
