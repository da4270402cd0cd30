import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { REFRESH_TOKEN, TOKEN_ENTRIES, createMemoryTokenStore, type TokenStore } from './token-store.js';
import type { TokenStorage } from '../../shared/session.js';
import type { Language } from '../../shared/codes.js';
import {
  createSafeStorageTokenStore,
  safeStorageProblem,
  type SafeStorageApi,
} from './safe-storage-store.js';

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

/** A sentence for the operator in both languages; main picks the one they read. */
export type Localized = Record<Language, string>;

export interface OpenedTokenStore {
  store: TokenStore;
  storage: TokenStorage;
  /** Why the tokens are not in the keychain (for the log), or null when they are. */
  fallbackReason: string | null;
  /** The same, said to the operator (SessionState.tokenStorageReason), or null in the keychain. */
  reason: Localized | null;
  /**
   * The refresh token of a session an earlier run kept in the keychain, now that the tokens live
   * elsewhere: its entries are deleted here, and the session revokes it on the server (it would
   * otherwise stay valid, readable by anyone who can read the keychain, until it expires).
   */
  orphanedRefreshToken: string | null;
}

export interface OpenTokenStoreOptions {
  /** The keychain service the entries are filed under; default: the desktop app's. */
  service?: string;
  /** Skip the keychain and safeStorage (the browser host's default, tests). */
  preferMemory?: boolean;
  loadKeytar?: () => Promise<KeytarApi>;
  /** A keychain that never answers (a locked keyring waiting on a prompt nobody sees) counts as none. */
  probeTimeoutMs?: number;
  /** Electron's safeStorage, the fallback before memory (none in plain Node). */
  safeStorage?: SafeStorageApi;
  /** Where the safeStorage-encrypted tokens live (the app's data folder). Needed with safeStorage. */
  tokenFile?: string;
}

/**
 * Opens the best store this machine offers: the OS keychain if a real write-read-delete round
 * trip works; else a file encrypted with the OS's key (Electron's safeStorage) if that is real
 * protection; else memory. Loading keytar is not enough: on Linux it loads fine and then fails
 * (or hangs) on the first call when no Secret Service is running or the collection is locked.
 */
export async function openTokenStore(options: OpenTokenStoreOptions = {}): Promise<OpenedTokenStore> {
  const memory = (log: string, reason: Localized): OpenedTokenStore => ({
    store: createMemoryTokenStore(),
    storage: 'memory',
    fallbackReason: log,
    reason,
    orphanedRefreshToken: orphaned,
  });
  let orphaned: string | null = null;
  if (options.preferMemory) {
    return memory('memory storage was asked for', {
      en: 'This console was started to keep sign-in tokens in memory only (the browser host without --keychain): you sign in again each time it starts.',
      'zh-CN':
        '此控制台按启动设置仅在内存中保存登录令牌（浏览器主机未使用 --keychain）：每次启动都需要重新登录。',
    });
  }
  const service = options.service ?? KEYCHAIN_SERVICE;
  let keychainProblem: string;
  try {
    const keytar = await (options.loadKeytar ?? loadKeytar)();
    await withTimeout(probe(keytar, service), options.probeTimeoutMs ?? 5000);
    // Tokens a safeStorage fallback kept on an earlier run are not used from now on: remove them.
    if (options.tokenFile) rmSync(options.tokenFile, { force: true });
    return {
      store: createKeytarTokenStore(keytar, service),
      storage: 'keychain',
      fallbackReason: null,
      reason: null,
      orphanedRefreshToken: null,
    };
  } catch (err) {
    keychainProblem = err instanceof Error ? err.message : String(err);
  }
  orphaned = await clearLeftovers(options, service);

  const cipher = options.safeStorage;
  const cipherProblem = cipher
    ? options.tokenFile
      ? safeStorageProblem(cipher)
      : 'no file was given for the encrypted tokens'
    : 'this console has no OS encryption to use (it is not the desktop app)';
  if (cipher && options.tokenFile && cipherProblem === null) {
    return {
      store: createSafeStorageTokenStore(cipher, options.tokenFile),
      storage: 'safeStorage',
      orphanedRefreshToken: orphaned,
      fallbackReason: `the OS keychain is not available (${keychainProblem})`,
      reason: {
        en: `The system keychain is not available (${keychainProblem}), so your sign-in tokens are kept in a file in the console's data folder, encrypted with the operating system's key.`,
        'zh-CN': `系统钥匙串不可用（${keychainProblem}），登录令牌保存在控制台数据文件夹中的一个文件里，并用操作系统的密钥加密。`,
      },
    };
  }
  return memory(
    `the OS keychain is not available (${keychainProblem}), nor OS encryption (${cipherProblem})`,
    {
      en: `The system keychain is not available (${keychainProblem}) and neither is the operating system's encryption (${cipherProblem}), so your sign-in tokens are kept in memory only: you sign in again each time the console starts.`,
      'zh-CN': `系统钥匙串不可用（${keychainProblem}），操作系统加密也不可用（${cipherProblem}），因此登录令牌仅保存在内存中：每次启动控制台都需要重新登录。`,
    },
  );
}

/**
 * A keychain that fails the round trip may still answer reads and deletes (a store that gives
 * back something else, a collection locked only for writing, a slow prompt): the entries an
 * earlier run filed there are taken out, best effort and bounded in time, and the refresh token
 * among them handed back to be revoked. A keychain that answers nothing keeps them; there is
 * nothing more to do from here.
 */
async function clearLeftovers(options: OpenTokenStoreOptions, service: string): Promise<string | null> {
  try {
    const keytar = await (options.loadKeytar ?? loadKeytar)();
    return await withTimeout(
      (async () => {
        const refresh = await keytar.getPassword(service, REFRESH_TOKEN).catch(() => null);
        for (const entry of TOKEN_ENTRIES) await keytar.deletePassword(service, entry).catch(() => false);
        return refresh;
      })(),
      options.probeTimeoutMs ?? 5000,
    );
  } catch {
    return null;
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
