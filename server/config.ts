/** Server settings, with the defaults a desktop install uses. Tests shorten times and limits. */

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

export interface RateLimitConfig {
  /** Failed sign-ins allowed per account within the window; then the account waits it out. */
  maxPerAccount: number;
  /**
   * Failed sign-ins from one client address within the window (all accounts) after which
   * attempts from there for accounts not known at that address are slowed (server/auth/rate-limit.ts).
   */
  maxPerIp: number;
  windowSec: number;
  /** The longest back-off an address is made to wait between attempts. */
  ipBackoffMaxSec: number;
  /** How long a successful sign-in makes its address known for that operator. */
  knownAddressDays: number;
}

export interface AuthConfig {
  accessTtlSec: number;
  /** Lifetime of a session (its refresh-token family), from sign-in; rotation does not extend it. */
  sessionTtlSec: number;
  /**
   * How long after a rotation the previous refresh token still gets the same new pair (its answer
   * may have been lost on the way), as long as that new refresh token is unused.
   */
  refreshGraceSec: number;
  rateLimit: RateLimitConfig;
  scrypt: ScryptParams;
}

export const DEFAULT_AUTH: AuthConfig = {
  accessTtlSec: 15 * 60,
  sessionTtlSec: 7 * 24 * 3600,
  refreshGraceSec: 10,
  rateLimit: {
    maxPerAccount: 5,
    maxPerIp: 20,
    windowSec: 15 * 60,
    ipBackoffMaxSec: 60,
    knownAddressDays: 30,
  },
  scrypt: { N: 16384, r: 8, p: 1, keylen: 32 },
};

export type AuthConfigInput = Partial<Omit<AuthConfig, 'rateLimit' | 'scrypt'>> & {
  rateLimit?: Partial<RateLimitConfig>;
  scrypt?: Partial<ScryptParams>;
};

export function resolveAuthConfig(input: AuthConfigInput = {}): AuthConfig {
  return {
    accessTtlSec: input.accessTtlSec ?? DEFAULT_AUTH.accessTtlSec,
    sessionTtlSec: input.sessionTtlSec ?? DEFAULT_AUTH.sessionTtlSec,
    refreshGraceSec: input.refreshGraceSec ?? DEFAULT_AUTH.refreshGraceSec,
    rateLimit: { ...DEFAULT_AUTH.rateLimit, ...input.rateLimit },
    scrypt: { ...DEFAULT_AUTH.scrypt, ...input.scrypt },
  };
}

/** Request bodies above this are refused with PAYLOAD_TOO_LARGE. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
