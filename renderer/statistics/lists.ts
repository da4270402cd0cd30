import type { TFunction } from 'i18next';
import type { GameId } from '../../shared/games.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';

/**
 * What the IP statistics list reads, declared once for its screen and its route (the route starts
 * the first page's read as the navigation begins; no components here, so it arrives first).
 */
export const ADDRESS_SHOW = ['all', 'shared'] as const;

export const ipStatsList = (game: GameId, t: TFunction): ListRead<'ipStats.list'> => ({
  endpoint: 'ipStats.list',
  input: { game },
  filters: [
    { kind: 'search', input: 'q', placeholder: t('statistics.ip.searchPlaceholder'), maxLength: 45 },
    {
      kind: 'select',
      input: 'show',
      options: ADDRESS_SHOW,
      label: (s) => t(`statistics.ip.show.${s}`),
      ariaLabel: t('statistics.ip.showLabel'),
      initial: 'all',
    },
  ],
});

export const ipStats = listPrefetch(({ game, t }) => game && ipStatsList(game, t));
