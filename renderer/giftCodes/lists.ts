import type { TFunction } from 'i18next';
import { BATCH_STATES, type CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import type { ListFilter } from '../kit/filters.js';
import { listPrefetch } from '../kit/listRead.js';
import { endpointsOf } from './codes.js';

/**
 * What a kind's batch list reads (a search of names and prefixes, the state, the channel),
 * declared once for its screen and for its route, which starts the first page's read as the
 * navigation begins (feature.ts imports this module on its own).
 */
export function batchList(game: GameId, kind: CodeKind, t: TFunction) {
  const filters: ListFilter[] = [
    { kind: 'search', input: 'q', placeholder: t('giftCodes.list.search'), maxLength: 64 },
    {
      kind: 'select',
      input: 'state',
      options: BATCH_STATES,
      label: (s) => t(`giftCodes.batchState.${s}`),
      ariaLabel: t('giftCodes.field.state'),
      none: t('giftCodes.list.allStates'),
    },
    {
      kind: 'search',
      input: 'channel',
      placeholder: t('giftCodes.list.channel'),
      maxLength: 32,
      testId: 'batches-channel-filter',
    },
  ];
  return { endpoint: endpointsOf(kind).batches, input: { game }, filters };
}

/** The routes' prefetches (feature.ts), by kind. */
export const activeCodes = listPrefetch(({ game, t }) => game && batchList(game, 'activeCode', t));
export const shopTickets = listPrefetch(({ game, t }) => game && batchList(game, 'shopTicket', t));
