/**
 * The session user of spec section 3. Times are seconds since the epoch; the session is valid
 * while refreshExpireTime * 1000 is in the future (spec section 4).
 */
export interface SessionUser {
  name: string;
  phone: string;
  avatar: string;
  bio: string;
  role: string[];
  expireTime: number;
  refreshExpireTime: number;
  first_name: string;
}

export const GUEST_USER: SessionUser = {
  name: 'guest',
  phone: '',
  avatar: '',
  bio: '',
  role: ['GUEST'],
  expireTime: 0,
  refreshExpireTime: 0,
  first_name: '',
};

export function isSessionValid(user: SessionUser, nowMs: number = Date.now()): boolean {
  return user.refreshExpireTime * 1000 > nowMs;
}

/**
 * Where tokens live: the OS keychain; else a file in the app's data folder encrypted by the OS
 * (Electron's safeStorage: DPAPI, the macOS keychain's key, or the Linux secret store's key);
 * else memory only (a restart signs out).
 */
export const TOKEN_STORAGES = ['keychain', 'safeStorage', 'memory'] as const;
export type TokenStorage = (typeof TOKEN_STORAGES)[number];

export interface SessionState {
  user: SessionUser;
  signedIn: boolean;
  tokenStorage: TokenStorage;
  /** Why tokens are not in the keychain (in the operator's language), or null when they are. */
  tokenStorageReason: string | null;
}
