import type { TFunction } from 'i18next';
import type { GameId } from '../../shared/games.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';
import { rangeOf } from './range.js';

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

/** Days of sign-ins shown when the URL names no range. */
export const SIGN_IN_DAYS = 90;

/**
 * The sign-ins of an address (`ip`) or a player (`player`), over the URL's range of studio days:
 * read once one of them is given (the page asks for it first).
 */
export const clientIpsList = (game: GameId, search: URLSearchParams): ListRead<'clientIps.list'> => ({
  endpoint: 'clientIps.list',
  input: { game, ...rangeOf(search, SIGN_IN_DAYS) },
  filters: [
    { kind: 'hidden', input: 'ip' },
    { kind: 'hidden', input: 'playerId', param: 'player' },
  ],
});

/** Whether the URL names whose sign-ins to list. */
export const namesSignIns = (search: URLSearchParams): boolean =>
  (search.get('ip') ?? '').trim() !== '' || (search.get('player') ?? '').trim() !== '';

/** The matches of the URL's day (and mode), opened from the match statistics. */
export const dayMatchesList = (game: GameId): ListRead<'matchStats.matches'> => ({
  endpoint: 'matchStats.matches',
  input: { game },
  filters: [
    { kind: 'hidden', input: 'day' },
    { kind: 'hidden', input: 'mode' },
  ],
});

/** Whether the URL names a day whose matches to list. */
export const namesDay = (search: URLSearchParams): boolean => (search.get('day') ?? '').trim() !== '';

export const clientIps = listPrefetch(({ game, search }) =>
  game && namesSignIns(search) ? clientIpsList(game, search) : null,
);
export const dayMatches = listPrefetch(({ game, search }) =>
  game && namesDay(search) ? dayMatchesList(game) : null,
);
