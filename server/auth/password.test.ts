import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../config.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import { hashRefreshToken, newRefreshToken, readAccessToken, signAccessToken } from './tokens.js';

describe('password hashes', () => {
  it('are salted scrypt with their parameters, and verify only the right password', async () => {
    const a = await hashPassword('correct horse battery', DEFAULT_AUTH.scrypt);
    const b = await hashPassword('correct horse battery', DEFAULT_AUTH.scrypt);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('verify with the parameters stored in the hash', async () => {
    const cheap = await hashPassword('pw-0123456789', { N: 1024, r: 8, p: 1, keylen: 16 });
    expect(await verifyPassword('pw-0123456789', cheap)).toBe(true);
  });

  it('reject malformed hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$aa$']) {
      expect(await verifyPassword('anything', bad)).toBe(false);
    }
    expect(await verifyPassword('anything', await dummyHash({ N: 1024, r: 8, p: 1, keylen: 32 }))).toBe(
      false,
    );
  });
});

describe('tokens', () => {
  const secret = Buffer.alloc(32, 7);

  it('access tokens carry their claims under an HMAC', () => {
    const token = signAccessToken(secret, { sid: 's1', uid: 3, exp: 1000 });
    expect(readAccessToken(secret, token)).toEqual({ sid: 's1', uid: 3, exp: 1000 });
    expect(readAccessToken(Buffer.alloc(32, 8), token)).toBeUndefined();
    const [v, , sig] = token.split('.');
    const forged = `${v}.${Buffer.from(JSON.stringify({ sid: 's1', uid: 1, exp: 1000 })).toString('base64url')}.${sig}`;
    expect(readAccessToken(secret, forged)).toBeUndefined();
    expect(readAccessToken(secret, `v2.${token.slice(3)}`)).toBeUndefined();
    expect(readAccessToken(secret, '')).toBeUndefined();
  });

  it('refresh tokens are random and stored as SHA-256', () => {
    const a = newRefreshToken();
    expect(a).not.toBe(newRefreshToken());
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashRefreshToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(a)).not.toContain(a);
  });
});
