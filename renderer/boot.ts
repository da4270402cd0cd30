import type { Settings } from '../shared/settings-schema.js';
import { askEarly, bridge, installWebBridgeIfNeeded } from './bridge/bridge.js';
import { likelyLanguage } from './i18n/language.js';

/**
 * The start-up's questions, asked before the rest of the entry is evaluated: main.tsx imports
 * this module first, and a module runs as soon as its own (light) imports have, so main's answers
 * (the settings, the session, the app info) and the likely language's texts travel while React,
 * Blueprint and the screens are still being set up.
 */

export const likely = likelyLanguage();

// Any one file of a language's texts fetches the chunk that holds them all (vite.config.ts puts
// every feature's en.json, or zh-CN.json, in one chunk); resources.ts then finds it loaded. Two
// statements, not one conditional import: Vite would preload both branches' chunks for one.
if (likely === 'en') import('./i18n/en.json').catch(() => undefined);
else import('./i18n/zh-CN.json').catch(() => undefined);

export interface Booted {
  settings: Settings;
  /** The session and the app info, asked beside the settings (bridge.ts, askEarly). */
  early: Promise<void>;
}

/**
 * Asked synchronously, while this module is evaluated: an `await` here would wait for the whole
 * entry to be evaluated first (its continuation is a microtask, run after the module job).
 */
function ask(): Promise<Booted> {
  try {
    installWebBridgeIfNeeded();
    const early = askEarly();
    return bridge()
      .settings.get()
      .then((settings) => ({ settings, early }));
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

export const booted: Promise<Booted> = ask();
// Handled in main.tsx once the entry has run; not an unhandled rejection before then.
booted.catch(() => undefined);
