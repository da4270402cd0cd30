import type { TFunction } from 'i18next';
import {
  BAN_STATUSES,
  BLACKLIST_KINDS,
  RECHARGE_STATUSES,
  SPECIAL_CATEGORIES,
} from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';
import { asSpecialGame, asTestingGame, type SpecialGame, type TestingGame } from './moderationGames.js';

/**
 * What each moderation list reads, declared once for its screen and for its route: the route
 * starts the first page's read as the navigation begins, before the screen's code is here
 * (screens.ts imports this module on its own, so it stays small: no components).
 */

export const BAN_STATUS_FILTERS = [...BAN_STATUSES, 'all'] as const;
const BLACKLIST_STATUS_FILTERS = ['all', 'active', 'expired'] as const;

export const bannedHeroesList = (game: GameId, t: TFunction): ListRead<'bannedHeroes.list'> => ({
  endpoint: 'bannedHeroes.list',
  input: { game },
  filters: [
    {
      kind: 'select',
      input: 'status',
      options: BAN_STATUS_FILTERS,
      label: (s) => t(`moderation.statusFilter.${s}`),
      ariaLabel: t('moderation.field.status'),
      initial: 'active',
      all: 'all',
      testId: 'ban-status-filter',
    },
  ],
});

export const blacklistList = (game: GameId, t: TFunction): ListRead<'blacklist.list'> => ({
  endpoint: 'blacklist.list',
  input: { game },
  filters: [
    { kind: 'search', input: 'q', placeholder: t('moderation.blacklist.searchPlaceholder') },
    {
      kind: 'select',
      input: 'kind',
      options: BLACKLIST_KINDS,
      label: (k) => t(`moderation.kind.${k}`),
      ariaLabel: t('moderation.field.kind'),
      none: t('moderation.blacklist.allKinds'),
    },
    {
      kind: 'select',
      input: 'status',
      options: BLACKLIST_STATUS_FILTERS,
      label: (s) => t(`moderation.statusFilter.${s}`),
      ariaLabel: t('moderation.field.status'),
      initial: 'all',
    },
  ],
});

export const specialUsersList = (game: SpecialGame, t: TFunction): ListRead<'specialUsers.list'> => ({
  endpoint: 'specialUsers.list',
  input: { game },
  filters: [
    {
      kind: 'search',
      input: 'q',
      placeholder: t('moderation.specialUsers.searchPlaceholder'),
      testId: 'special-search',
    },
    {
      kind: 'select',
      input: 'category',
      options: SPECIAL_CATEGORIES,
      label: (c) => t(`moderation.category.${c}`),
      ariaLabel: t('moderation.field.category'),
      none: t('moderation.specialUsers.allCategories'),
      testId: 'special-category-filter',
    },
  ],
});

export const testingPlayersList = (game: TestingGame, t: TFunction): ListRead<'testingPlayers.list'> => ({
  endpoint: 'testingPlayers.list',
  input: { game },
  filters: [
    {
      kind: 'search',
      input: 'q',
      placeholder: t('moderation.testingPlayers.searchPlaceholder'),
      testId: 'testing-search',
    },
  ],
});

/** The URL parameters of the recharges list, the second list of the testing players' page. */
export const RECHARGE_PARAMS = { player: 'player', status: 'rstatus', page: 'rpage' } as const;

export const testingRechargesList = (
  game: TestingGame,
  t: TFunction,
): ListRead<'testingPlayers.recharges'> => ({
  endpoint: 'testingPlayers.recharges',
  input: { game },
  pageParam: RECHARGE_PARAMS.page,
  filters: [
    { kind: 'hidden', input: 'playerId', param: RECHARGE_PARAMS.player },
    {
      kind: 'select',
      input: 'status',
      param: RECHARGE_PARAMS.status,
      options: RECHARGE_STATUSES,
      label: (s) => t(`moderation.status.${s}`),
      ariaLabel: t('moderation.field.status'),
      none: t('moderation.statusFilter.all'),
      testId: 'testing-status-filter',
    },
  ],
});

/** The routes' prefetches, by screen (screens.ts). */
export const bannedHeroes = listPrefetch(({ game, t }) => game && bannedHeroesList(game, t));
export const blacklist = listPrefetch(({ game, t }) => game && blacklistList(game, t));
export const specialUsers = listPrefetch(({ game, t }) => {
  const special = game && asSpecialGame(game);
  return special && specialUsersList(special, t);
});
export const testingPlayers = listPrefetch(({ game, t }) => {
  const testing = game && asTestingGame(game);
  return testing && [testingPlayersList(testing, t), testingRechargesList(testing, t)];
});
