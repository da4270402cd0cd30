import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_AUTH, type ScryptParams } from '../config.js';

/**
 * Password hashes: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` (base64url) so
 * that raising the cost later does not lock out existing operators.
 */

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function options(p: ScryptParams): ScryptOptions {
  // Node refuses costs above maxmem; give it what these parameters need, with headroom.
  return { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r * p.p + 1024 * 1024 };
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_AUTH.scrypt,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.keylen, options(params));
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map((v) => Number.parseInt(v ?? '', 10));
  if (!N || !r || !p) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, options({ N, r, p, keylen: expected.length }));
  return timingSafeEqual(key, expected);
}

/**
 * A hash of a random password with the current parameters: checked against when the account
 * does not exist, so that a wrong account takes as long as a wrong password.
 */
export function dummyHash(params: ScryptParams = DEFAULT_AUTH.scrypt): Promise<string> {
  return hashPassword(randomBytes(18).toString('base64url'), params);
}
