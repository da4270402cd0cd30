/** Business constants of spec section 9 that the console keeps. */
export const PAGINATION = { pagesShown: 5, marginPages: 2 } as const;
export const TOAST_TIMEOUT_MS = 1000;
export const SIDE_NAV_WIDTH = 256;
/** Menu depth indent: 32 px plus 8 px per level. */
export const menuIndent = (level: number): number => 32 + 8 * level;
/** Below this window width the side menu becomes a drawer. */
export const NARROW_WINDOW_PX = 900;
export const HTTP_TIMEOUT_MS = 10_000;
export const CRITICAL_DEADLINE_DAYS = 3;
export const BYTES_BASE = 1024;
export const SLIDER_RANGE_K = { min: 1, max: 20 } as const;
