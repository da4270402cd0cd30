import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNATURE_SUFFIX, publicKeyText, signUpdateFile } from '../main/updater/signature.js';

/**
 * The release side of update signatures (main/updater/signature.ts): the key from the release
 * machine's environment, checked against the keys the app is built with, and a `.sig` beside
 * every file the update feed's `latest*.yml` / `beta*.yml` name.
 */

const require = createRequire(import.meta.url);

/** The public keys built into the app (main/updater/electron.ts imports the same file). */
export const UPDATE_KEYS_FILE = fileURLToPath(new URL('../build/update-signing-keys.json', import.meta.url));

export function builtInUpdateKeys(keysFile = UPDATE_KEYS_FILE): string[] {
  return (JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: string[] }).keys;
}

/**
 * A new signing key pair (`npm run update-key`): the private key to `privateKeyPath` (PKCS#8
 * PEM, owner-only, never over an existing file), its public half into the keys file, replacing
 * the keys there or, with `add`, joining them. Returns the public key as the file lists it.
 */
export function createUpdateKey(opts: { privateKeyPath: string; keysFile?: string; add?: boolean }): string {
  const keysFile = opts.keysFile ?? UPDATE_KEYS_FILE;
  const current = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: string[] };
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // 'wx': fails when the file exists, so an existing key is never overwritten.
  writeFileSync(opts.privateKeyPath, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
    mode: 0o600,
    flag: 'wx',
  });
  const added = publicKeyText(publicKey);
  const keys = [...(opts.add ? current.keys : []), added];
  writeFileSync(keysFile, `${JSON.stringify({ ...current, keys }, null, 2)}\n`);
  return added;
}

type Env = Record<string, string | undefined>;

export type SigningKey = { key: KeyObject; problem: null } | { key: null; problem: string };

/**
 * GAMEOPS_UPDATE_SIGNING_KEY: the private key's PEM (inline, `\n` allowed) or the path of its
 * file; GAMEOPS_UPDATE_SIGNING_KEY_PASSPHRASE when the PEM is encrypted. It must be Ed25519 and
 * match a key in build/update-signing-keys.json: a release signed with any other key would be
 * refused by every installed copy.
 */
export function updateSigningKey(env: Env, trusted: readonly string[]): SigningKey {
  const raw = env['GAMEOPS_UPDATE_SIGNING_KEY']?.trim();
  if (!raw) {
    return {
      key: null,
      problem:
        'an update feed needs GAMEOPS_UPDATE_SIGNING_KEY (the private key that signs updates, a PEM or its file): the app installs only signed updates',
    };
  }
  let pem: string;
  if (raw.includes('-----BEGIN')) pem = raw.replace(/\\n/g, '\n');
  else if (existsSync(raw)) pem = readFileSync(raw, 'utf8');
  else return { key: null, problem: `GAMEOPS_UPDATE_SIGNING_KEY is neither a PEM nor a file: ${raw}` };
  let key: KeyObject;
  try {
    const passphrase = env['GAMEOPS_UPDATE_SIGNING_KEY_PASSPHRASE'];
    key = createPrivateKey(passphrase ? { key: pem, passphrase } : pem);
  } catch (err) {
    return {
      key: null,
      problem: `GAMEOPS_UPDATE_SIGNING_KEY cannot be read as a private key (${(err as Error).message})`,
    };
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    return {
      key: null,
      problem: `GAMEOPS_UPDATE_SIGNING_KEY is an ${key.asymmetricKeyType ?? 'unknown'} key; updates are signed with Ed25519 (npm run update-key)`,
    };
  }
  if (!trusted.includes(publicKeyText(key))) {
    return {
      key: null,
      problem:
        'GAMEOPS_UPDATE_SIGNING_KEY does not match a key in build/update-signing-keys.json, so installed copies would refuse its updates (npm run update-key makes a pair and records its public key)',
    };
  }
  return { key, problem: null };
}

interface UpdateInfoFile {
  version?: unknown;
  path?: unknown;
  files?: { url?: unknown }[];
}

/**
 * Signs every file that an update-info file of `version` in `dir` names (latest.yml,
 * beta-linux.yml, ...; those of earlier builds left in the folder are not this release's), once
 * each, writing `<file>.sig` beside it. Returns the files signed. A named file that is not in
 * `dir` stops the release: the feed would point at something unsigned.
 */
export async function signReleaseFiles(dir: string, key: KeyObject, version: string): Promise<string[]> {
  const yaml = require('js-yaml') as { load(text: string): unknown };
  const signed = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => /^(latest|beta|alpha)(-[a-z0-9]+)*\.yml$/.test(n))) {
    const info = yaml.load(readFileSync(join(dir, name), 'utf8')) as UpdateInfoFile | null;
    if (info?.version !== version) continue;
    const files = new Set<string>();
    for (const f of info?.files ?? []) if (typeof f.url === 'string') files.add(f.url);
    if (typeof info?.path === 'string') files.add(info.path);
    for (const url of files) {
      const file = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '');
      const seen = signed.get(file);
      if (seen !== undefined) {
        if (seen !== version) throw new Error(`${file} is named as version ${seen} and as ${version}`);
        continue;
      }
      const path = join(dir, file);
      if (!file || !existsSync(path)) throw new Error(`${name} names ${url}, which is not in ${dir}`);
      writeFileSync(`${path}${SIGNATURE_SUFFIX}`, await signUpdateFile(path, file, version, key));
      signed.set(file, version);
    }
  }
  return [...signed.keys()].sort();
}
