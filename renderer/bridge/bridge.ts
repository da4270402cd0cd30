import type { Bridge } from '../../shared/ipc.js';
import { BRIDGE_GLOBAL, createBridge } from '../../shared/ipc.js';

declare global {
  interface Window {
    gameops?: Bridge;
  }
}

/**
 * The one way into data. The preload (desktop) or the browser host's transport (web mode)
 * installs it before the app renders, so a missing bridge is a packaging fault, not a state
 * the screens have to handle.
 */
export function bridge(): Bridge {
  const b = window[BRIDGE_GLOBAL];
  if (!b) throw new Error('window.gameops is missing: the console bridge was not installed');
  return b;
}

export function hasBridge(): boolean {
  return window[BRIDGE_GLOBAL] !== undefined;
}

/**
 * In a browser (tests, `npm run web`) there is no preload: build the same bridge over the
 * host's HTTP transport. Imported lazily so the desktop bundle never carries the web transport.
 */
export async function installWebBridgeIfNeeded(): Promise<void> {
  if (import.meta.env.MODE !== 'web' || hasBridge()) return;
  const { createWebTransport } = await import('./web-transport.js');
  window[BRIDGE_GLOBAL] = createBridge(createWebTransport());
}
