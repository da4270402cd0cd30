import Store from 'electron-store';
import type { KeyValueStore } from './kv.js';

/** The desktop app's key-value store: electron-store's JSON file in the user-data folder. */
export function createElectronKv(name = 'gameops'): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name, clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
