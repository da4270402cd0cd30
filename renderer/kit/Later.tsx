import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws its children in a render of their own, after the render that mounted it has been
 * committed and painted: for what sits below or beside a page's main content and costs a lot to
 * draw (a report's table of 365 days, the cohort grid), so that the main content (the report's
 * charts) is not held back by it. React's deferred value: the later render is a transition,
 * which yields to the browser between components and gives way to anything more urgent.
 */
export function Later({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
