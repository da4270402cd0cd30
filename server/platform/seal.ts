import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of one secret. The sealed text is `v1.` and the base64url of a random
 * 12-byte IV, the 16-byte tag and the ciphertext. The associated data names what the secret
 * belongs to (a game's key row), so a sealed value copied onto another row does not open.
 */

const VERSION = 'v1.';

export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
}

/** The secret, or an Error when the value is not ours, was changed, or belongs elsewhere. */
export function open(key: Buffer, sealed: string, aad: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret of a known version');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < 28) throw new Error('sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
