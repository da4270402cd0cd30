import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * The publisher's own signature on every update file (issue 19). The feed's sha512 only proves
 * that a file is the one the feed names, and the feed is whatever its host or CDN serves; on Linux
 * nothing else is checked. So `npm run dist` signs each update file with an Ed25519 key that
 * never sits on the feed host (scripts/update-signing.ts) and writes the signature beside it
 * (`<file>.sig`); main fetches it, and installs only a file that one of the keys built into the
 * app has signed (verify-downloads.ts). One module for both sides, so they sign and check the
 * same bytes.
 *
 * What is signed is a short statement naming the file, its version and its sha512, not only its
 * bytes: a genuine old release served under a newer version's name (a rollback to a known flaw)
 * does not carry a signature for that version, so it is refused too.
 */

export const SIGNATURE_SUFFIX = '.sig';
const STATEMENT_TAG = 'gameops-update-signature-v1';
/** An Ed25519 signature is 64 bytes; a .sig file holds it in base64 and at most a comment line. */
export const MAX_SIGNATURE_FILE_BYTES = 4096;

export type SignatureProblem = 'missing' | 'invalid';

/** The codes a refused update carries (engine.ts counts them as a tampered download). */
export const SIGNATURE_CODES: Record<SignatureProblem, string> = {
  missing: 'ERR_GAMEOPS_UPDATE_SIGNATURE_MISSING',
  invalid: 'ERR_GAMEOPS_UPDATE_SIGNATURE_INVALID',
};

export class UpdateSignatureError extends Error {
  readonly code: string;
  constructor(
    readonly problem: SignatureProblem,
    message: string,
  ) {
    super(message);
    this.name = 'UpdateSignatureError';
    this.code = SIGNATURE_CODES[problem];
  }
}

export function isUpdateSignatureError(err: unknown): err is UpdateSignatureError {
  return err instanceof UpdateSignatureError;
}

export function signedStatement(fileName: string, version: string, sha512: string): Buffer {
  return Buffer.from(`${STATEMENT_TAG}\nfile: ${fileName}\nversion: ${version}\nsha512: ${sha512}\n`);
}

export async function fileSha512(path: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/**
 * The trusted keys as build/update-signing-keys.json lists them: each a base64 DER
 * SubjectPublicKeyInfo (`openssl pkey -pubout -outform DER | base64`), Ed25519 only. More than
 * one lets a studio move to a new key: releases signed by either install until the old one goes.
 */
export function trustedKeys(base64Keys: readonly string[]): KeyObject[] {
  if (base64Keys.length === 0) throw new Error('no update signing key is built into this app');
  return base64Keys.map((b64, i) => {
    const key = createPublicKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new Error(`update signing key ${i + 1} is ${key.asymmetricKeyType ?? 'unknown'}, not Ed25519`);
    }
    return key;
  });
}

/** A base64 DER public key, as build/update-signing-keys.json holds it (of a key pair's either half). */
export function publicKeyText(key: KeyObject): string {
  const pub = key.type === 'public' ? key : createPublicKey(key);
  return pub.export({ format: 'der', type: 'spki' }).toString('base64');
}

/** The .sig file's text: a comment for people, then the signature. */
export function signatureFileText(signature: Buffer, fileName: string, version: string): string {
  return `GameOps Console update signature (Ed25519) of ${fileName}, version ${version}\n${signature.toString('base64')}\n`;
}

export async function signUpdateFile(
  path: string,
  fileName: string,
  version: string,
  privateKey: KeyObject,
): Promise<string> {
  const statement = signedStatement(fileName, version, await fileSha512(path));
  return signatureFileText(sign(null, statement, privateKey), fileName, version);
}

/**
 * Whether one of the trusted keys signed this file as `fileName` at `version`. Throws an
 * UpdateSignatureError saying why not (signature null: the feed has no signature for it).
 */
export async function verifyUpdateFile(opts: {
  path: string;
  fileName: string;
  version: string;
  signature: Buffer | null;
  keys: readonly KeyObject[];
}): Promise<void> {
  const { fileName, version } = opts;
  if (opts.signature === null) {
    throw new UpdateSignatureError('missing', `the update feed has no ${fileName}${SIGNATURE_SUFFIX}`);
  }
  const line = opts.signature.length <= MAX_SIGNATURE_FILE_BYTES ? lastLine(opts.signature) : '';
  const signature = /^[A-Za-z0-9+/]{86}==$/.test(line) ? Buffer.from(line, 'base64') : null;
  if (!signature) {
    throw new UpdateSignatureError('invalid', `the signature file of ${fileName} holds no Ed25519 signature`);
  }
  const statement = signedStatement(fileName, version, await fileSha512(opts.path));
  if (!opts.keys.some((key) => verify(null, statement, key, signature))) {
    throw new UpdateSignatureError(
      'invalid',
      `${fileName} is not signed as version ${version} by the console's publisher`,
    );
  }
}

function lastLine(text: Buffer): string {
  const lines = text
    .toString('utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}
