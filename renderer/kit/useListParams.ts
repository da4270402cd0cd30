import { useCallback } from 'react';
import { useUrlSearch } from './useUrlSearch.js';
import { applyPatch, pageOf, type ParamPatch } from './listParams.js';

/** One list's filters and page, in the URL (see listParams.ts). */
export function useListParams(pageKey = 'page') {
  const [search, setSearch] = useUrlSearch();
  const update = useCallback(
    (patch: ParamPatch) => setSearch((prev) => applyPatch(prev, patch, pageKey)),
    [setSearch, pageKey],
  );
  return { search, page: pageOf(search.get(pageKey)), update };
}
