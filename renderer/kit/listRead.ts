import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import { sortColumnsOf, SORT_ORDERS, type SortOrder } from '../../shared/api/sorting.js';
import { ENDPOINTS, type EndpointId, type InputOf, type OutputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { i18n } from '../i18n/i18n.js';
import { prefetchEndpoint } from './data.js';
import {
  filterInput,
  isReversed,
  readFilters,
  type DateRangeFilter,
  type FilterValues,
  type ListFilter,
} from './filters.js';
import type { ScreenPrefetch } from './lazy.js';
import { pageOf, pickOne } from './listParams.js';
import type { Page } from './Pager.js';

/** The endpoints that answer one page of rows. */
export type ListEndpointId = {
  [K in EndpointId]: OutputOf<K> extends Page<unknown> ? K : never;
}[EndpointId];

/**
 * What a list reads, apart from how it is drawn: the endpoint, the fixed part of its input, the
 * filters and where its page and sort live in the URL. The page that shows the list and the route
 * that prefetches its first page both compute the read from it (readList), so they ask for the
 * same page under the same key.
 */
export interface ListRead<K extends ListEndpointId> {
  endpoint: K;
  /** The fixed part of the input (the game); filters, sorting and paging fill the rest. */
  input: Partial<InputOf<K>>;
  filters?: readonly ListFilter[];
  /** The URL parameter of the page number; a page with two lists gives each its own. */
  pageParam?: string;
  /** The URL parameters of the sort column and direction (`sort`, `order` by default). */
  sortParams?: { sort: string; order: string };
  /**
   * Rows a page, where a list's own endpoint fixes another size than every list's
   * (LIST_PAGE_SIZE): a player's equipment a hundred pieces at a time.
   */
  pageSize?: number;
}

export interface ListSort {
  column: string;
  order: SortOrder;
}

/** A list's state as the URL gives it, and the exact input of the page it shows. */
export interface ListReading<K extends ListEndpointId> {
  values: FilterValues;
  page: number;
  /** The columns the endpoint sorts by, and the current sort (null: the list's own order). */
  sortable: readonly string[];
  sort: ListSort | null;
  /** A date range whose last day is before its first: nothing is read until it is mended. */
  reversed: DateRangeFilter | null;
  input: InputOf<K>;
}

export const DEFAULT_SORT_PARAMS = { sort: 'sort', order: 'order' } as const;

/** The sort in the URL, when it names a column the endpoint sorts by. */
export function readSort(
  search: URLSearchParams,
  sortable: readonly string[],
  params: { sort: string; order: string } = DEFAULT_SORT_PARAMS,
): ListSort | null {
  const column = pickOne(search.get(params.sort), sortable);
  if (!column) return null;
  return { column, order: pickOne(search.get(params.order), SORT_ORDERS) ?? 'asc' };
}

const sortables = new Map<EndpointId, readonly string[]>();
/** The columns an endpoint sorts by, read from its schema once. */
function sortableOf(endpoint: ListEndpointId): readonly string[] {
  let columns = sortables.get(endpoint);
  if (!columns) sortables.set(endpoint, (columns = sortColumnsOf(ENDPOINTS[endpoint].input)));
  return columns;
}

/** The list a URL shows: its filters, sort and page, and the input of that page. */
export function readList<K extends ListEndpointId>(
  read: ListRead<K>,
  search: URLSearchParams,
): ListReading<K> {
  const filters = read.filters ?? [];
  const page = pageOf(search.get(read.pageParam ?? 'page'));
  const values = readFilters(search, filters);
  const sortable = sortableOf(read.endpoint);
  const sort = readSort(search, sortable, read.sortParams);
  const sent = filterInput(values, filters);
  const input = {
    ...read.input,
    ...(isReversed(sent) ? {} : sent),
    ...(sort ? { sort: sort.column, order: sort.order } : {}),
    page,
    pageSize: read.pageSize ?? LIST_PAGE_SIZE,
  } as InputOf<K>;
  return { values, page, sortable, sort, reversed: isReversed(sent) ? sent.reversed : null, input };
}

/** Starts the read of the page a URL shows, unless the URL's range cannot be sent. */
export function prefetchList<K extends ListEndpointId>(
  client: QueryClient,
  read: ListRead<K>,
  search: URLSearchParams,
): void {
  const reading = readList(read, search);
  if (!reading.reversed) prefetchEndpoint(client, read.endpoint, reading.input);
}

/** What a route knows of its list before its screen's code is here. */
export interface ListRouteAt {
  /** The route's game, for a game screen. */
  game: GameId | undefined;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The console's texts (the filters' labels, which the read does not use). */
  t: TFunction;
}

/** A list's declaration as any list endpoint's, for a route whose page shows several lists. */
type AnyListRead = ListRead<ListEndpointId>;

/**
 * A screen's prefetch (lazyScreen's `prefetch`, through `prefetchFrom`) that reads the first
 * page of its lists: each declaration is the one the screen passes to its list, so the screen's
 * query finds the page on its way. A declaration that cannot say what the page reads from the
 * URL alone gives null (an amount whose currency is not known yet; a game screen's route without
 * its game), and the screen reads it itself.
 */
export function listPrefetch(
  declare: (at: ListRouteAt) => AnyListRead | readonly AnyListRead[] | null | undefined,
): (at: ScreenPrefetch) => void {
  return ({ client, game, params, search }) => {
    const reads = declare({ game, params, search, t: i18n.t.bind(i18n) }) ?? [];
    for (const read of Array.isArray(reads) ? reads : [reads]) prefetchList(client, read, search);
  };
}
