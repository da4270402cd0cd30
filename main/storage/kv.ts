/**
 * Where main keeps small state (the session user, settings): electron-store in the desktop app,
 * a JSON file in the browser host, a Map in tests. Synchronous like electron-store, because the
 * values are tiny and read on every request.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function createMemoryKv(initial: Record<string, unknown> = {}): KeyValueStore {
  const map = new Map<string, unknown>(Object.entries(initial));
  return {
    get: (key) => structuredClone(map.get(key)),
    set: (key, value) => void map.set(key, structuredClone(value)),
    delete: (key) => void map.delete(key),
  };
}
