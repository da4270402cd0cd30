import { randomBytes } from 'node:crypto';
import { TOKEN_ENTRIES, createMemoryTokenStore, type TokenStore } from './token-store.js';
import type { TokenStorage } from '../../shared/session.js';

/** The keychain service every entry is filed under (what the OS keychain UI shows). */
export const KEYCHAIN_SERVICE = 'GameOps Console';

/** The part of keytar we use; injected so the probe's fallback can be tested without a keychain. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function createKeytarTokenStore(keytar: KeytarApi, service: string = KEYCHAIN_SERVICE): TokenStore {
  return {
    storage: 'keychain',
    get: (entry) => keytar.getPassword(service, entry),
    set: (entry, value) => keytar.setPassword(service, entry, value),
    delete: async (entry) => void (await keytar.deletePassword(service, entry)),
    async clear() {
      for (const entry of TOKEN_ENTRIES) await keytar.deletePassword(service, entry);
    },
  };
}

export async function loadKeytar(): Promise<KeytarApi> {
  // keytar is a native CommonJS addon: loading it can fail (missing libsecret, wrong ABI), which
  // must mean "no keychain", not a crash.
  const mod = (await import('keytar')) as KeytarApi & { default?: KeytarApi };
  return mod.default ?? mod;
}

export interface OpenedTokenStore {
  store: TokenStore;
  storage: TokenStorage;
  /** Why the keychain was not used, for the log and the About box. */
  fallbackReason: string | null;
}

export interface OpenTokenStoreOptions {
  service?: string;
  /** Skip the keychain (the browser host's default, tests). */
  preferMemory?: boolean;
  loadKeytar?: () => Promise<KeytarApi>;
  /** A keychain that never answers (a locked keyring waiting on a prompt nobody sees) counts as none. */
  probeTimeoutMs?: number;
}

/**
 * Opens the OS keychain if a real write-read-delete round trip works, else falls back to memory.
 * Loading keytar is not enough: on Linux it loads fine and then fails (or hangs) on the first call
 * when no Secret Service is running or the collection is locked.
 */
export async function openTokenStore(options: OpenTokenStoreOptions = {}): Promise<OpenedTokenStore> {
  const memory = (reason: string): OpenedTokenStore => ({
    store: createMemoryTokenStore(),
    storage: 'memory',
    fallbackReason: reason,
  });
  if (options.preferMemory) return memory('memory storage was asked for');
  const service = options.service ?? KEYCHAIN_SERVICE;
  try {
    const keytar = await (options.loadKeytar ?? loadKeytar)();
    await withTimeout(probe(keytar, service), options.probeTimeoutMs ?? 5000);
    return { store: createKeytarTokenStore(keytar, service), storage: 'keychain', fallbackReason: null };
  } catch (err) {
    return memory(`the OS keychain is not available (${err instanceof Error ? err.message : String(err)})`);
  }
}

async function probe(keytar: KeytarApi, service: string): Promise<void> {
  const account = 'probe';
  const value = randomBytes(12).toString('hex');
  await keytar.setPassword(service, account, value);
  const back = await keytar.getPassword(service, account);
  await keytar.deletePassword(service, account);
  if (back !== value) throw new Error('the keychain did not give back what was stored');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
