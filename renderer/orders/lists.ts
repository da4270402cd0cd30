import { PAY_TABS, type PayTab } from '../../shared/api/orders.js';
import type { GameId } from '../../shared/games.js';
import { listPrefetch, type ListRead } from '../kit/listRead.js';
import { pickOne } from '../kit/listParams.js';
import { ORDER_PARAMS, readOrderFilters, searchInput, type OrderFilters } from './filters.js';

/**
 * What an order list reads, declared once for the list and for its routes: the route starts the
 * first page's read as the navigation begins, before the list's code is here (feature.ts imports
 * this module on its own, so it stays small: no components).
 */

/** The list of a game's orders under the URL's filters and the tab's; `reversed` when its days are. */
export function orderList(
  game: GameId,
  tab: PayTab | null,
  filters: OrderFilters,
  currency: string | null | undefined,
): { read: ListRead<'orders.search'>; reversed: boolean } {
  const input = searchInput(filters, tab, currency);
  const reversed = input === 'reversed';
  return {
    reversed,
    read: {
      endpoint: 'orders.search',
      input: reversed ? { game } : { game, ...input },
      pageParam: ORDER_PARAMS.page,
      sortParams: { sort: ORDER_PARAMS.sort, order: ORDER_PARAMS.sortOrder },
    },
  };
}

/** The pay and shop pages' tab, from the path: the first tab when it names none. */
export const payTabOf = (param: string | undefined): PayTab => pickOne(param ?? null, PAY_TABS) ?? 'recent';

/** The first page of an order list, unless it needs what only the screen reads. */
function firstPage(game: GameId, tab: PayTab | null, search: URLSearchParams) {
  const filters = readOrderFilters(search);
  // An amount is sent in the minor units of the game's currency, which the screen reads first.
  if (filters.amount) return null;
  const { read, reversed } = orderList(game, tab, filters, undefined);
  return reversed ? null : read;
}

/** The routes' prefetches (feature.ts): the order search, and the pay and shop tabs. */
export const orderSearch = listPrefetch(({ game, search }) => game && firstPage(game, null, search));
export const payTabs = listPrefetch(
  ({ game, params, search }) => game && firstPage(game, payTabOf(params['tab']), search),
);
