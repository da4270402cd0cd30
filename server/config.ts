/** Server settings, with the defaults a desktop install uses. Tests shorten times and limits. */

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

export interface RateLimitConfig {
  /** Failed sign-ins allowed per account within the window. */
  maxPerAccount: number;
  /** Failed sign-ins allowed per client IP within the window (all accounts). */
  maxPerIp: number;
  windowSec: number;
}

export interface AuthConfig {
  accessTtlSec: number;
  /** Lifetime of a session (its refresh-token family), from sign-in; rotation does not extend it. */
  sessionTtlSec: number;
  rateLimit: RateLimitConfig;
  scrypt: ScryptParams;
}

export const DEFAULT_AUTH: AuthConfig = {
  accessTtlSec: 15 * 60,
  sessionTtlSec: 7 * 24 * 3600,
  rateLimit: { maxPerAccount: 5, maxPerIp: 20, windowSec: 15 * 60 },
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
    rateLimit: { ...DEFAULT_AUTH.rateLimit, ...input.rateLimit },
    scrypt: { ...DEFAULT_AUTH.scrypt, ...input.scrypt },
  };
}

/** Request bodies above this are refused with PAYLOAD_TOO_LARGE. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
