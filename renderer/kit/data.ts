import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { EndpointId, InputOf, OutputOf } from '../../shared/api/table.js';
import { bridge } from '../bridge/bridge.js';
import { unwrap } from '../bridge/result.js';
import {
  forgetFilters,
  invalidationFilters,
  queryKeyOf,
  type Capability,
  type QueryKeyFilter,
} from './queryKeys.js';

/**
 * The data layer every screen uses: one read or one change of an endpoint of the table, typed by
 * it, through the bridge. A failed call rejects with a CallError (code, message, field details).
 */

export async function callEndpoint<K extends EndpointId>(id: K, input: InputOf<K>): Promise<OutputOf<K>> {
  return unwrap(await bridge().call(id, input));
}

export interface EndpointQueryOptions<T = unknown> {
  enabled?: boolean;
  /** Keep showing the previous result while another page or filter loads (paged lists). */
  keepPrevious?: boolean;
  /** How long a result counts as fresh; TanStack's default (0) unless the data rarely changes. */
  staleTime?: number;
  /**
   * Read again every so many ms while the window is shown, decided from the latest result (false:
   * not again): what the server changes by itself while the screen is open (an order being paid).
   */
  refetchInterval?: (data: T | undefined) => number | false;
}

/** The key and the call of one read: the same for a screen's query and for its prefetch. */
function endpointRead<K extends EndpointId>(id: K, input: InputOf<K>) {
  return { queryKey: queryKeyOf(id, input), queryFn: () => callEndpoint(id, input) };
}

/**
 * Starts a read no screen has made yet, so its answer is on its way before the screen that shows
 * it mounts (a route's prefetch, kit/lazy.ts). A read already in the cache, fresh, stale or
 * failed, is left to the screen: its query refetches it if it must, and a refused read is not
 * asked again on every render.
 */
export function prefetchEndpoint<K extends EndpointId>(client: QueryClient, id: K, input: InputOf<K>): void {
  const read = endpointRead(id, input);
  if (client.getQueryState(read.queryKey)) return;
  void client.prefetchQuery(read);
}

export function useEndpointQuery<K extends EndpointId>(
  id: K,
  input: InputOf<K>,
  options: EndpointQueryOptions<OutputOf<K>> = {},
): UseQueryResult<OutputOf<K>> {
  return useQuery({
    ...endpointRead(id, input),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.refetchInterval
      ? {
          refetchInterval: (q: { state: { data: OutputOf<K> | undefined } }) =>
            options.refetchInterval?.(q.state.data) ?? false,
        }
      : {}),
  });
}

export interface EndpointMutationOptions {
  /**
   * Other capabilities the change makes stale, besides its own (which always is): a hero ban
   * changes the game's player pages too, so it lists 'players'. Limited to the change's game.
   */
  invalidates?: readonly Capability[];
  /** Reads about the changed target to drop instead of refetching (see forgetFilters). */
  forgets?: readonly EndpointId[];
}

/** A change through one endpoint; on success what it changed is fetched again where shown. */
export function useEndpointMutation<K extends EndpointId>(
  id: K,
  options: EndpointMutationOptions = {},
): UseMutationResult<OutputOf<K>, Error, InputOf<K>> {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<K>) => callEndpoint(id, input),
    onSuccess: async (_data, input) => {
      for (const queryKey of forgetFilters(id, input, options.forgets ?? [])) qc.removeQueries({ queryKey });
      await Promise.all(
        invalidationFilters(id, input, options.invalidates).map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/**
 * Reads an endpoint again with another input and shows the answer in place of an earlier read's
 * (a cached copy replaced by a fresh one): `fresh` is sent, the answer lands under `shown`'s key,
 * and the reads of `stale` refetch.
 */
export function useEndpointReread<K extends EndpointId>(
  id: K,
  inputs: { fresh: InputOf<K>; shown: InputOf<K> },
  stale: readonly QueryKeyFilter[] = [],
): UseMutationResult<OutputOf<K>, Error, void> {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(id, inputs.fresh),
    onSuccess: async (data) => {
      qc.setQueryData(queryKeyOf(id, inputs.shown), data);
      await Promise.all(stale.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
