import { useSyncExternalStore } from 'react';
import { NARROW_WINDOW_PX } from '../../shared/constants.js';

/**
 * When the side menu becomes a drawer: strictly below NARROW_WINDOW_PX (900 px, the spec
 * template's `md` breakpoint), so a window exactly 900 px wide keeps the 256 px side menu.
 *
 * The script and the style sheet ask the browser the same question in the same words: this query
 * is the one in styles.css (a unit test compares them), and the script asks it through
 * matchMedia rather than comparing innerWidth, which is rounded to whole pixels while the style
 * sheet sees fractions (a zoomed window 899.5 px wide).
 */
export const NARROW_WINDOW_QUERY = `(width < ${NARROW_WINDOW_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW_WINDOW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_WINDOW_QUERY).matches;

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
