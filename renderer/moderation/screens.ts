import type { ComponentType } from 'react';
import type { GameId, GamePageKey } from '../../shared/games.js';
import './moderation.css';
import { BannedHeroesPage } from './BannedHeroesPage.js';
import { BlacklistCreatePage } from './BlacklistCreatePage.js';
import { BlacklistPage } from './BlacklistPage.js';
import { SpecialUserCreatePage } from './SpecialUserCreatePage.js';
import { SpecialUsersPage } from './SpecialUsersPage.js';
import { TestingPlayersPage } from './TestingPlayersPage.js';

export type ModerationPage = Extract<
  GamePageKey,
  'bannedHeroes' | 'blacklist' | 'blacklistCreate' | 'specialUsers' | 'specialUserCreate' | 'testingPlayers'
>;

/** The moderation screens, each written once and given the game by the router. */
export const MODERATION_SCREENS: Record<ModerationPage, ComponentType<{ game: GameId }>> = {
  bannedHeroes: BannedHeroesPage,
  blacklist: BlacklistPage,
  blacklistCreate: BlacklistCreatePage,
  specialUsers: SpecialUsersPage,
  specialUserCreate: SpecialUserCreatePage,
  testingPlayers: TestingPlayersPage,
};
