import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The rotation grace of refresh tokens. When a refresh rotates token A into B, A's row keeps B
 * sealed (AES-256-GCM) under a key derived from A itself and the server's secret
 * (HMAC-SHA256(secret, A)). If the answer carrying B is lost, the client presents A again: within
 * the grace, and while B is unused, the server opens the seal with A and answers B again, instead
 * of taking A for a stolen copy. The database alone holds only A's hash and the seal: neither A
 * nor B can be had from it without A.
 */

const VERSION = 'g1';

function keyFor(secret: Buffer, oldToken: string): Buffer {
  return createHmac('sha256', secret).update('refresh-grace\0').update(oldToken).digest();
}

export function sealSuccessor(secret: Buffer, oldToken: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, oldToken), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The successor sealed for `oldToken`, or undefined when the seal is not one (or not for it). */
export function openSuccessor(secret: Buffer, oldToken: string, seal: string): string | undefined {
  const [version, iv, sealed, tag, ...rest] = seal.split('.');
  if (version !== VERSION || !iv || !sealed || !tag || rest.length > 0) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, oldToken), Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
