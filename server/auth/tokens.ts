import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import { keptMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';

/**
 * Access tokens: `v1.<claims>.<HMAC-SHA256>`, base64url, signed with a secret made once per
 * database. They carry only ids and an expiry: every request still loads the session and the
 * operator, so sign-out, disabling and role changes take effect at once.
 * Refresh tokens: random, stored only as SHA-256 hashes.
 */

export interface AccessClaims {
  /** Session id. */
  sid: string;
  /** Operator id. */
  uid: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const VERSION = 'v1';

/**
 * The secret as a KeyObject, made once: every request checks its token, and an HMAC keyed by a
 * Buffer converts it to a key each time (about six times the cost of the HMAC itself).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function mac(secret: Buffer, data: string): Buffer {
  let key = keyObjects.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keyObjects.set(secret, key);
  }
  return createHmac('sha256', key).update(data).digest();
}

export function signAccessToken(secret: Buffer, claims: AccessClaims): string {
  const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * Whether `part` is base64url exactly as we write it. Node's decoder is lenient: it skips
 * characters outside the alphabet, reads '+' and '/' like '-' and '_', takes '=' padding and
 * ignores the unused bits of the last character. So many spellings decode to the same bytes;
 * only the one that encodes back to itself is ours.
 */
function isCanonicalBase64Url(part: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/** No token we make is anywhere near this long; longer input is not worth decoding. */
const MAX_TOKEN_LENGTH = 1024;

/** The claims of a well-signed token (expired or not), or undefined for anything else. */
export function readAccessToken(secret: Buffer, token: string): AccessClaims | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return undefined;
  if (!isCanonicalBase64Url(parts[1] ?? '') || !isCanonicalBase64Url(parts[2] ?? '')) return undefined;
  const body = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    if (
      claims &&
      typeof claims === 'object' &&
      typeof (claims as AccessClaims).sid === 'string' &&
      typeof (claims as AccessClaims).uid === 'number' &&
      typeof (claims as AccessClaims).exp === 'number'
    ) {
      return claims as AccessClaims;
    }
  } catch {
    // A valid signature over junk cannot happen without the secret; treat it as invalid anyway.
  }
  return undefined;
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SECRET_KEY = 'access_token_secret';

/** The signing secret: made on first start, kept in the database so restarts keep sessions. */
export async function loadTokenSecret(db: Kysely<Database>): Promise<Buffer> {
  return Buffer.from(await keptMeta(db, SECRET_KEY, randomBytes(32).toString('hex')), 'hex');
}
