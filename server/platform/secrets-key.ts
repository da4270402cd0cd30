import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that seals stored secrets (platform keys). It is never in the database, so a copy of
 * the database alone (a backup, a dump, a stolen disk image of the database files) holds no
 * usable secret:
 *
 * - GAMEOPS_SECRETS_KEY in the backend's environment (32 bytes, as 64 hex digits or base64),
 *   for any database; required with PostgreSQL, where the backend refuses to store secrets
 *   without it (no key in a file next to a server that may run anywhere);
 * - else, for the embedded database in a data folder, the file `secrets.key` in that folder,
 *   made at first start with 32 random bytes, readable by its owner only (0600); back it up with
 *   the database, or the secrets cannot be read again;
 * - else, for an embedded database in memory (tests, the browser host), a key for this process,
 *   which lives exactly as long as the data it seals.
 */

export const SECRETS_KEY_ENV = 'GAMEOPS_SECRETS_KEY';
export const SECRETS_KEY_FILE = 'secrets.key';

export type SecretsKeySource = 'env' | 'file' | 'memory' | 'given';

export type SecretsKeyState =
  | { available: true; key: Buffer; id: string; source: SecretsKeySource }
  | { available: false; source: 'missing' };

export const NO_SECRETS_KEY: SecretsKeyState = { available: false, source: 'missing' };

/**
 * What a backend without a sealing key says: once in its log at start, in /health, and in each
 * refused call (50300), so an operator learns it before typing a secret.
 */
export const NO_SECRETS_KEY_TEXT = {
  en:
    'This server has no key to encrypt stored secrets, so it does not store or show them. Set ' +
    `${SECRETS_KEY_ENV} (32 bytes: 64 hex digits or base64, e.g. from \`openssl rand -base64 32\`) ` +
    "in the backend's environment and restart it.",
  'zh-CN':
    `此服务器没有用于加密存储密钥的密钥，因此不存储也不显示密钥。请在后端的环境中设置 ${SECRETS_KEY_ENV}` +
    '（32 字节：64 位十六进制或 base64，例如 `openssl rand -base64 32` 的输出）并重启。',
} as const;

/**
 * A short fingerprint of the key, stored with each sealed secret: a secret sealed under another
 * key (a database restored without its key file) is then reported as such, not as corruption.
 */
export function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('gameops secrets key id').digest('hex').slice(0, 16);
}

export function secretsKeyOf(key: Buffer, source: SecretsKeySource): SecretsKeyState {
  if (key.length !== 32) throw new Error('a secrets key is 32 bytes');
  return { available: true, key, id: keyIdOf(key), source };
}

/** 32 bytes from 64 hex digits or from base64 / base64url text; anything else is an error that says what is wanted. */
export function parseKeyText(text: string, where: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t)
    ? Buffer.from(t, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)
      ? Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  if (!key || key.length !== 32) {
    throw new Error(
      `${where} must hold a 32-byte key as 64 hex digits or 44 characters of base64 ` +
        '(e.g. the output of `openssl rand -base64 32`)',
    );
  }
  return key;
}

/** The data folder's key file: read, or made once (exclusive create, 0600). */
export function keyFromDataDir(dataDir: string): Buffer {
  const path = join(dataDir, SECRETS_KEY_FILE);
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('base64')}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // A file someone made readable by others is put back to owner-only (where the OS has modes).
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return parseKeyText(readFileSync(path, 'utf8'), path);
}

export interface KeySetting {
  kind: 'pglite' | 'postgres';
  /** The embedded database's folder; absent for an in-memory or PostgreSQL database. */
  dataDir?: string | undefined;
  env: NodeJS.ProcessEnv;
}

/** Which key this backend seals with, by the rules above. A malformed key setting stops the start. */
export function resolveSecretsKey(s: KeySetting): SecretsKeyState {
  const fromEnv = s.env[SECRETS_KEY_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '')
    return secretsKeyOf(parseKeyText(fromEnv, SECRETS_KEY_ENV), 'env');
  if (s.kind === 'postgres') return NO_SECRETS_KEY;
  if (s.dataDir) return secretsKeyOf(keyFromDataDir(s.dataDir), 'file');
  return secretsKeyOf(randomBytes(32), 'memory');
}
