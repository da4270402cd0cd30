import type { Bridge } from '../../shared/ipc.js';
import { BRIDGE_GLOBAL, createBridge } from '../../shared/ipc.js';
import { createWebTransport } from './web-transport.js';

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
 * host's HTTP transport. Imported statically, so it loads with the entry instead of one round
 * trip after it; in the desktop build MODE is not 'web', the branch is dead code and the bundler
 * leaves the transport out.
 */
export async function installWebBridgeIfNeeded(): Promise<void> {
  if (import.meta.env.MODE !== 'web' || hasBridge()) return;
  window[BRIDGE_GLOBAL] = createBridge(createWebTransport());
}

/**
 * Answers asked for while the console starts, before React renders (main.tsx): the session and
 * the app info travel beside the settings instead of after the first render, which is most of
 * the time to an interactive sign-in page in the browser host. The first reader of each takes it;
 * every later read asks again.
 */
const early = new Map<'session' | 'appInfo', Promise<unknown>>();

export function askEarly(): void {
  const b = bridge();
  for (const [key, p] of [
    ['session', b.session.get()],
    ['appInfo', b.app.info()],
  ] as const) {
    // Handled where it is taken; a failure before then is not an unhandled rejection.
    p.catch(() => undefined);
    early.set(key, p);
  }
}

export function takeEarly<T>(key: 'session' | 'appInfo', ask: () => Promise<T>): Promise<T> {
  const p = early.get(key);
  if (!p) return ask();
  early.delete(key);
  return p as Promise<T>;
}
