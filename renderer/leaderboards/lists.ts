import type { TFunction } from 'i18next';
import { boardsOf, type Season } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { ListFilter } from '../kit/filters.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';

/**
 * What the top 100 page reads, declared once for its screen and for its route (screens.ts loads
 * this module on its own, so it stays free of components): a board of one season, a page of 20
 * records at a time in the server's rank order. The first five pages are the top 100; the pager
 * goes on down the board (the spec's "eqpage", which the server serves for every board alike).
 */

/** The URL's parameters of the board and season (the season page links to them). */
export const BOARD_PARAMS = { board: 'board', season: 'season' } as const;

/** A season id as the URL carries it: a positive whole number. */
export const isSeasonParam = (raw: string): boolean => /^[1-9][0-9]{0,9}$/.test(raw);

/**
 * `seasons` are the game's seasons once read (the season filter's options); a season in the URL
 * is sent before they are here, so the route's read and the screen's are the same.
 */
export const boardList = (
  game: GameId,
  t: TFunction,
  seasons: readonly Season[] = [],
): ListRead<'leaderboards.page'> => ({
  endpoint: 'leaderboards.page',
  input: { game },
  filters: [
    {
      kind: 'select',
      input: 'board',
      param: BOARD_PARAMS.board,
      options: boardsOf(game),
      label: (b) => t(`leaderboards.board.${b}`),
      ariaLabel: t('leaderboards.field.board'),
      initial: 'player',
      testId: 'board-filter',
    },
    seasonFilter(t, seasons),
  ],
});

/** The season filter of a leaderboard list (the top 100, the level detail): no season is the current one. */
export const seasonFilter = (t: TFunction, seasons: readonly Season[]): ListFilter => ({
  kind: 'select',
  input: 'season',
  param: BOARD_PARAMS.season,
  options: seasons.map((s) => String(s.id)),
  label: (id) => seasonLabel(t, seasons, id),
  ariaLabel: t('leaderboards.field.season'),
  none: t('leaderboards.season.currentOption'),
  accept: isSeasonParam,
  testId: 'season-filter',
});

/** A season's name in the filter: "Season 3 (current)", or its id before the seasons are read. */
export function seasonLabel(t: TFunction, seasons: readonly Season[], id: string): string {
  const season = seasons.find((s) => String(s.id) === id);
  if (!season) return t('leaderboards.season.numbered', { id });
  return season.current ? t('leaderboards.season.currentName', { name: season.name }) : season.name;
}

/** The route's prefetch (screens.ts). */
export const top100 = listPrefetch(({ game, t }) => game && boardList(game, t));
