import { WEB_LAUNCH_FRAGMENT } from '../../shared/ipc.js';

/**
 * The browser host's bridge token on the page's side. The launch URL redirects to
 * `/#gameops-launch=TOKEN`; the page moves the token into its origin's local storage (scheme,
 * host and port: no other local server's page can read it) and takes it out of the address bar
 * before the router reads the fragment. Local, not session, storage: a second tab of the same
 * browser, or a reload after the tab was closed, reaches the host without a new launch URL,
 * as the launch page says.
 */

export const BRIDGE_TOKEN_KEY = 'gameops.bridgeToken';

/** What the module needs of the page: tests hand in their own. */
export interface LaunchPage {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** The token a launch just handed over, kept; null when the page was not opened by a launch. */
export function takeLaunchToken(page: LaunchPage): string | null {
  const match = new RegExp(`^#${WEB_LAUNCH_FRAGMENT}=([A-Za-z0-9_-]+)$`).exec(page.location.hash);
  if (!match) return null;
  const token = match[1]!;
  try {
    page.storage?.setItem(BRIDGE_TOKEN_KEY, token);
  } catch {
    // Storage refused (a private window's quota): the token still lives in this page.
  }
  page.history.replaceState(page.history.state, '', page.location.pathname + page.location.search);
  return token;
}

/** The token this browser keeps for the host, or null. */
export function storedBridgeToken(storage: LaunchPage['storage']): string | null {
  try {
    return storage?.getItem(BRIDGE_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The page's own storage, or null where the browser refuses it (storage disabled). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
