import type { Bridge } from '../../shared/ipc.js';
import { BRIDGE_GLOBAL, createBridge } from '../../shared/ipc.js';
import { pageStorage, storedBridgeToken, takeLaunchToken } from './launch-token.js';
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
export function installWebBridgeIfNeeded(): void {
  if (import.meta.env.MODE !== 'web' || hasBridge()) return;
  // Before the router reads the fragment: a launch's token is taken out of it first.
  const storage = pageStorage();
  const launched = takeLaunchToken({ location: window.location, history: window.history, storage });
  const token = () => storedBridgeToken(storage) ?? launched;
  window[BRIDGE_GLOBAL] = createBridge(createWebTransport('', token));
}

/**
 * Answers asked for while the console starts, before React renders (main.tsx): the session and
 * the app info travel beside the settings instead of after the first render, and main.tsx waits
 * for all three, so the first render already knows who is signed in and whether the backend needs
 * its first run: the sign-in page is the first thing drawn, with no spinner and no second pass.
 * The first reader of each takes it; every later read asks again.
 */
type EarlyKey = 'session' | 'appInfo';
const early = new Map<EarlyKey, Promise<unknown>>();
const settled = new Map<EarlyKey, { ok: true; value: unknown } | { ok: false; error: unknown }>();

export function askEarly(): Promise<void> {
  const b = bridge();
  const asks: [EarlyKey, Promise<unknown>][] = [
    ['session', b.session.get()],
    ['appInfo', b.app.info()],
  ];
  for (const [key, p] of asks) {
    early.set(key, p);
    // Handled where it is taken; a failure before then is not an unhandled rejection.
    p.then(
      (value) => settled.set(key, { ok: true, value }),
      (error: unknown) => settled.set(key, { ok: false, error }),
    );
  }
  return Promise.allSettled(asks.map(([, p]) => p)).then(() => undefined);
}

/** An early answer that has arrived, without taking it (for a first render's initial state). */
export function earlyValue<T>(key: EarlyKey): T | undefined {
  const s = settled.get(key);
  return s?.ok ? (s.value as T) : undefined;
}

export function takeEarly<T>(key: EarlyKey, ask: () => Promise<T>): Promise<T> {
  const p = early.get(key);
  settled.delete(key);
  if (!p) return ask();
  early.delete(key);
  return p as Promise<T>;
}
