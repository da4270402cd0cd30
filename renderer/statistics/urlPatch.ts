import { useUrlSearch } from '../kit/useUrlSearch.js';

/** The URL's search parameters and a setter of several at once (null removes one). */
export function useUrlPatch(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useUrlSearch();
  const patch = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });
  return [params, patch];
}
