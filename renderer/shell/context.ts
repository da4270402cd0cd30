import { createContext, useContext } from 'react';
import type { RouteDef } from '../../shared/routes.js';
import type { TopBarWidget } from '../feature.js';

/**
 * What the frame needs to know of the features, handed down from the app's root, which has it from
 * renderer/features.ts. The frame's parts (menu, top bar, command palette, shortcuts page) read it
 * here rather than import the feature list: the list imports their screens, and so them.
 */
export interface Shell {
  /** Whether a route's screen is built: renderer/features.ts's `isReady`, the one place that says. */
  isReady: (route: RouteDef) => boolean;
  /** Every feature's top-bar widgets, in their declared order. */
  topBar: readonly TopBarWidget[];
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('the frame was drawn outside the app: ShellContext is provided by App.tsx');
  return shell;
}
