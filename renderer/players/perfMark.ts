import { useCallback, useRef } from 'react';

/** Marks the benchmark reads (tests/bench in Chromium): performance.getEntriesByName(name). */
export const PERF_MARKS = { tabRows: 'player-tab-rows', equipment: 'equipment-rendered' } as const;

/**
 * A callback that sets a performance mark the first time it is called in this component's life.
 * Later calls (scrolling re-renders, refetches) do nothing, so the mark times the first paint.
 */
export function useMarkOnce(name: string): () => void {
  const done = useRef(false);
  return useCallback(() => {
    if (done.current) return;
    done.current = true;
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
  }, [name]);
}
