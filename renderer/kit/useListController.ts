import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { InputOf, OutputOf } from '../../shared/api/table.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { useEndpointQuery } from './data.js';
import {
  canClear,
  clearPatch,
  isFiltered,
  setPatch,
  setToPatch,
  type DateRangeFilter,
  type FilterValues,
  type ListFilter,
} from './filters.js';
import type { ParamPatch } from './listParams.js';
import {
  DEFAULT_SORT_PARAMS,
  readList,
  type ListEndpointId,
  type ListRead,
  type ListSort,
} from './listRead.js';
import type { Page } from './Pager.js';
import { useListParams } from './useListParams.js';

export { readSort, type ListEndpointId, type ListRead, type ListSort } from './listRead.js';

export type RowOf<K extends ListEndpointId> = OutputOf<K> extends Page<infer R> ? R : never;
/** A page as the list endpoints answer it; a counted total may stop at a cap ("10,000+"). */
export type ListAnswer<T> = Page<T> & { totalCapped?: boolean };

export interface ListControllerOptions<K extends ListEndpointId> extends ListRead<K> {
  /** Read the page again every so many ms while its rows say the server is changing them. */
  follow?: (rows: readonly RowOf<K>[]) => number | false;
  /** A row's key, for selection (bulk actions); without one nothing can be selected. */
  rowId?: (row: RowOf<K>) => string | number;
  /** False: the list is not read (a drawer that is closed). */
  enabled?: boolean;
  /** How long a page read stays fresh (0: read again whenever the list is shown again). */
  staleTime?: number;
}

export interface ListSelection<T> {
  /** Whether rows can be selected at all (the list has a row key). */
  enabled: boolean;
  rows: readonly T[];
  size: number;
  has: (row: T) => boolean;
  toggle: (row: T) => void;
  /** Selects every row of the shown page, or clears them when all are selected. */
  togglePage: () => void;
  /** All rows of the shown page selected, some of them, or none. */
  pageState: 'all' | 'some' | 'none';
  clear: () => void;
}

export interface ListController<T> {
  query: UseQueryResult<ListAnswer<T>>;
  /** The rows of the page shown (none while the first page loads). */
  rows: readonly T[];
  page: number;
  setPage: (page: number) => void;
  filters: readonly ListFilter[];
  values: FilterValues;
  /** Any filter narrows the list (an empty list says "nothing matches" rather than "nothing yet"). */
  filtered: boolean;
  clearable: boolean;
  setFilter: (filter: ListFilter, value: string) => void;
  setRangeEnd: (filter: DateRangeFilter, value: string) => void;
  clear: () => void;
  /** Other URL changes of the page (an open row, a tab), going back to the first page on a filter. */
  update: (patch: ParamPatch) => void;
  search: URLSearchParams;
  /** A date range whose last day is before its first: the list is not read until it is mended. */
  reversed: DateRangeFilter | null;
  /** The columns the endpoint sorts by, and the current sort (null: the list's own order). */
  sortable: readonly string[];
  sort: ListSort | null;
  /** Sorts by a column: ascending first, then descending, then the list's own order again. */
  sortBy: (column: string) => void;
  selection: ListSelection<T>;
  /** The game the list belongs to, from its fixed input. */
  game: GameId | null;
  /** The exact input of the page shown, for an export of the same rows. */
  sent: InputOf<ListEndpointId> | null;
}

function gameOf(input: object): GameId | null {
  const game = (input as { game?: unknown }).game;
  return typeof game === 'string' && (GAME_IDS as readonly string[]).includes(game) ? (game as GameId) : null;
}

/** The next sort after a click on a column's header. */
export function nextSort(current: ListSort | null, column: string): ListSort | null {
  if (current?.column !== column) return { column, order: 'asc' };
  return current.order === 'asc' ? { column, order: 'desc' } : null;
}

function useSelection<T>(
  rowId: ((row: T) => string | number) | undefined,
  pageRows: readonly T[],
  listKey: string,
): ListSelection<T> {
  const [picked, setPicked] = useState<ReadonlyMap<string | number, T>>(new Map());
  // A new filter, sort or page is another list: what was picked there is not silently acted on.
  useEffect(() => setPicked(new Map()), [listKey]);
  const id = useCallback((row: T) => (rowId ? rowId(row) : ''), [rowId]);
  const toggle = useCallback(
    (row: T) =>
      setPicked((prev) => {
        const next = new Map(prev);
        if (next.has(id(row))) next.delete(id(row));
        else next.set(id(row), row);
        return next;
      }),
    [id],
  );
  const onPage = pageRows.filter((r) => picked.has(id(r))).length;
  const pageState = pageRows.length > 0 && onPage === pageRows.length ? 'all' : onPage > 0 ? 'some' : 'none';
  return {
    enabled: rowId !== undefined,
    rows: [...picked.values()],
    size: picked.size,
    has: (row) => picked.has(id(row)),
    toggle,
    togglePage: () => setPicked(pageState === 'all' ? new Map() : new Map(pageRows.map((r) => [id(r), r]))),
    pageState,
    clear: () => setPicked(new Map()),
  };
}

/**
 * One list over one endpoint: its filters, sort and page in the URL (Back, reload and a shared
 * link keep them), the page read with the previous one shown meanwhile, the selection for bulk
 * actions. Views draw it: ListPage for the usual toolbar-table-pager page, and the log, order,
 * server-watch and to-do screens their own way over the same controller.
 */
export function useListController<K extends ListEndpointId>(
  opts: ListControllerOptions<K>,
): ListController<RowOf<K>> {
  const filters = useMemo(() => opts.filters ?? [], [opts.filters]);
  const sortParams = opts.sortParams ?? DEFAULT_SORT_PARAMS;
  const { search, update } = useListParams(opts.pageParam);
  // The same reading of the URL as the route's prefetch (listRead.ts): the same page, one read.
  const { values, page, sortable, sort, reversed, input } = readList(opts, search);
  const follow = opts.follow;
  const query = useEndpointQuery(opts.endpoint, input, {
    keepPrevious: true,
    enabled: (opts.enabled ?? true) && reversed === null,
    ...(opts.staleTime === undefined ? {} : { staleTime: opts.staleTime }),
    ...(follow ? { refetchInterval: (data) => (data ? follow((data as Page<RowOf<K>>).items) : false) } : {}),
  }) as UseQueryResult<ListAnswer<RowOf<K>>>;
  const rows = query.data?.items ?? [];
  const { page: _page, pageSize: _size, ...listOnly } = input as Record<string, unknown>;
  const selection = useSelection(opts.rowId, rows, JSON.stringify(listOnly));
  const pageKey = opts.pageParam ?? 'page';

  return {
    query,
    rows,
    page,
    setPage: (p) => update({ [pageKey]: p }),
    filters,
    values,
    filtered: isFiltered(values, filters),
    clearable: canClear(values, filters),
    setFilter: (f, v) => update(setPatch(f, v)),
    setRangeEnd: (f, v) => update(setToPatch(f, v)),
    clear: () => update(clearPatch(filters)),
    update,
    search,
    reversed,
    sortable,
    sort,
    sortBy: (column) => {
      const next = nextSort(sort, column);
      update({ [sortParams.sort]: next?.column ?? '', [sortParams.order]: next?.order ?? '' });
    },
    selection,
    game: gameOf(opts.input),
    sent: reversed ? null : (input as InputOf<ListEndpointId>),
  };
}
