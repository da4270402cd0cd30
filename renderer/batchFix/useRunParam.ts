import { useUrlSearch } from '../kit/useUrlSearch.js';
import { runParam } from './jobs.js';

const RUN_PARAM = 'run';

/**
 * The run the page shows, kept in the URL (`?run=12`) so a link or a reload opens it again:
 * which one, show another, forget it. The page's history is not grown by it.
 */
export function useRunParam() {
  const [search, setSearch] = useUrlSearch();
  const set = (id: number | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(RUN_PARAM);
        else next.set(RUN_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  return { runId: runParam(search.get(RUN_PARAM)), show: (id: number) => set(id), forget: () => set(null) };
}
