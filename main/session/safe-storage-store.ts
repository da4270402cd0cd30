import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { TOKEN_ENTRIES, type TokenEntry, type TokenStore } from './token-store.js';

/**
 * The part of Electron's safeStorage we use, injected so that tests use a fake cipher and the
 * browser host (plain Node) simply has none. Encryption keys come from the OS: DPAPI on Windows,
 * the login keychain on macOS, the desktop's secret store on Linux.
 */
export interface SafeStorageApi {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /**
   * Linux only: which secret store holds the key. 'basic_text' means none: the key is a fixed
   * string published in Chromium's source, so "encrypted" data is only obfuscated.
   */
  getSelectedStorageBackend?(): string;
}

/** Why safeStorage cannot protect tokens here, or null when it can (after a real round trip). */
export function safeStorageProblem(api: SafeStorageApi): string | null {
  try {
    if (!api.isEncryptionAvailable()) return 'the operating system offers no encryption key';
    const backend = api.getSelectedStorageBackend?.();
    if (backend === 'basic_text') {
      return 'this Linux desktop has no secret store, so OS encryption would use a published key (basic_text)';
    }
    const probe = randomBytes(12).toString('hex');
    if (api.decryptString(api.encryptString(probe)) !== probe) {
      return 'OS encryption did not give back what it encrypted';
    }
    return null;
  } catch (err) {
    return `OS encryption failed (${err instanceof Error ? err.message : String(err)})`;
  }
}

type Entries = Partial<Record<TokenEntry, string>>;

/**
 * The tokens in one file in the app's data folder, encrypted as a whole with safeStorage. Every
 * change writes a temporary file (owner-only, 0600) that is then renamed over the old one, so a
 * crash mid-write leaves the previous tokens, never half of them. A file that cannot be decrypted
 * (another OS user's, a reset key) holds nothing we can use: it is removed, and the operator
 * signs in again.
 */
export function createSafeStorageTokenStore(api: SafeStorageApi, file: string): TokenStore {
  let entries = load(api, file);

  const flush = () => {
    if (Object.keys(entries).length === 0) {
      rmSync(file, { force: true });
      return;
    }
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(tmp, api.encryptString(JSON.stringify(entries)), { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  };

  return {
    storage: 'safeStorage',
    get: async (entry) => entries[entry] ?? null,
    async set(entry, value) {
      entries = { ...entries, [entry]: value };
      flush();
    },
    async delete(entry) {
      if (entries[entry] === undefined) return;
      const { [entry]: _gone, ...rest } = entries;
      entries = rest;
      flush();
    },
    async clear() {
      entries = {};
      flush();
    },
  };
}

function load(api: SafeStorageApi, file: string): Entries {
  let raw: Buffer;
  try {
    raw = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  try {
    const parsed: unknown = JSON.parse(api.decryptString(raw));
    const out: Entries = {};
    if (parsed && typeof parsed === 'object') {
      for (const entry of TOKEN_ENTRIES) {
        const v = (parsed as Record<string, unknown>)[entry];
        if (typeof v === 'string') out[entry] = v;
      }
    }
    return out;
  } catch {
    console.warn(`[gameops] ${file} could not be decrypted; removed it (sign in again)`);
    rmSync(file, { force: true });
    return {};
  }
}
