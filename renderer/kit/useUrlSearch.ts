import { useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  // The one place the router's own hook is used: everything else reads the query through this one.
  // eslint-disable-next-line no-restricted-imports
  useSearchParams,
  type NavigateOptions,
} from 'react-router-dom';

type SearchChange = URLSearchParams | ((prev: URLSearchParams) => URLSearchParams);

/**
 * Per router, the query last asked for and the one it was asked from. A navigation takes a few
 * ticks to reach the router's state; a change made meanwhile (two filters set in one event) starts
 * from the asked-for query, or the first change would be lost.
 */
const asked = new WeakMap<object, { from: string; to: string } | null>();

type Router = NonNullable<React.ContextType<typeof DataRouterContext>>['router'];

function askedOf(router: Router): { from: string; to: string } | null {
  if (!asked.has(router)) {
    // Once the router is idle again the navigation has landed or was refused (a blocker): either
    // way the router's own location is the truth again.
    router.subscribe((state) => {
      if (state.navigation.state === 'idle') asked.set(router, null);
    });
    asked.set(router, null);
  }
  return asked.get(router) ?? null;
}

/**
 * The URL's query, like react-router's useSearchParams, except that a change given as a function
 * starts from the router's latest location, not from the one this screen last drew. React Router
 * applies a navigation in a transition, so for a moment the URL is ahead of the screen: a second
 * filter chosen then, computed from the drawn query, silently undid the first (the trail lost its
 * game when an action was picked right after it).
 * Only a change given as a function is read this way; a whole query replaces the URL's as given.
 */
export function useUrlSearch(): [URLSearchParams, (change: SearchChange, opts?: NavigateOptions) => void] {
  const [search, setSearch] = useSearchParams();
  const dataRouter = useContext(DataRouterContext);
  const router = dataRouter?.router;
  const set = useCallback(
    (change: SearchChange, opts?: NavigateOptions) => {
      if (typeof change !== 'function') return setSearch(change, opts);
      if (!router) return setSearch(change, opts);
      const current = router.state.location.search;
      const pending = askedOf(router);
      const next = change(new URLSearchParams(pending?.from === current ? pending.to : current));
      asked.set(router, { from: current, to: `?${next.toString()}` });
      return setSearch(next, opts);
    },
    [setSearch, router],
  );
  return [search, set];
}
