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

/**
 * The desktop app's embedded backend answers main alone: main makes a random key at each launch,
 * hands it to the backend process over the process's message port (server/worker-protocol.ts;
 * never its environment or command line), and sends it in this header on every request; a
 * request without it is refused. Another local user or a web page on this machine can reach the
 * loopback port, but not the key.
 */
export const EMBEDDED_KEY_HEADER = 'x-gameops-launch-key';
/** Toasts that carry something to copy (an id, a code) stay this long; both pause on hover. */
export const TOAST_LONG_TIMEOUT_MS = 8000;
/** Rows per page of every list, on the screen and as the list endpoints' default. */
export const LIST_PAGE_SIZE = 20;
