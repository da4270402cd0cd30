import { createContext, useContext } from 'react';
import type { MenuGroup } from './buildMenu.js';

/**
 * The signed-in operator's menu, built once by the layout (which knows which pages are built)
 * and read by the side menu and the home page, so both always list the same pages the same way.
 */
export const MenuContext = createContext<readonly MenuGroup[]>([]);

export function useMenu(): readonly MenuGroup[] {
  return useContext(MenuContext);
}
