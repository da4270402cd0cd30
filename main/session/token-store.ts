import type { TokenStorage } from '../../shared/session.js';

/**
 * The three secrets main holds, under the names the spec persists them by: the access token
 * ('token1'), the refresh token ('token2') and the pay-server session ('adminUser'). Each is its
 * own keychain entry so one can be replaced without rewriting the others.
 */
export const TOKEN_ENTRIES = ['token1', 'token2', 'adminUser'] as const;
export type TokenEntry = (typeof TOKEN_ENTRIES)[number];

export const ACCESS_TOKEN: TokenEntry = 'token1';
export const REFRESH_TOKEN: TokenEntry = 'token2';
export const PAY_SERVER_TOKEN: TokenEntry = 'adminUser';

export interface TokenStore {
  /** Where the secrets live, so the UI can tell the operator when they will not survive a restart. */
  readonly storage: TokenStorage;
  get(entry: TokenEntry): Promise<string | null>;
  set(entry: TokenEntry, value: string): Promise<void>;
  delete(entry: TokenEntry): Promise<void>;
  clear(): Promise<void>;
}

export function createMemoryTokenStore(): TokenStore {
  const values = new Map<TokenEntry, string>();
  return {
    storage: 'memory',
    get: async (entry) => values.get(entry) ?? null,
    set: async (entry, value) => void values.set(entry, value),
    delete: async (entry) => void values.delete(entry),
    clear: async () => values.clear(),
  };
}
