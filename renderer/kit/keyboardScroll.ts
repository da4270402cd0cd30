import { useEffect, useRef, type RefObject } from 'react';
import { Classes } from '@blueprintjs/core';

// @blueprintjs/table does not export its class names; they are the core's namespace plus these.
const NS = Classes.getClassNamespace();
const BODY_SCROLL_AREA = `.${NS}-table-quadrant-main .${NS}-table-quadrant-scroll-container`;
const TABLE_ROOT = `.${NS}-table-container`;

/**
 * Lets the keyboard reach the rows of a table that scrolls inside its box (WCAG 2.1.1). Table2's
 * focusable root does not scroll and the body's scroll area takes no focus, so without a mouse
 * the rows below the first screen could not be reached. The scroll area becomes the table's one
 * tab stop, a region named by `label` that the arrow keys, Page Up/Down, Home and End scroll
 * (Table2 draws the rows that come into view). `redraw` is what makes Table2 mount afresh.
 */
export function useKeyboardScroll(label: string, redraw: unknown): RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = box.current?.querySelector<HTMLElement>(BODY_SCROLL_AREA);
    if (!area) return;
    area.tabIndex = 0;
    area.setAttribute('role', 'region');
    area.setAttribute('aria-label', label);
    // Table2's root keeps its keys (copy) for the focus inside it, but is no tab stop of its own.
    box.current?.querySelector<HTMLElement>(TABLE_ROOT)?.setAttribute('tabindex', '-1');
  }, [label, redraw]);
  return box;
}
