import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { PROVIDERS, type Provider } from '../../shared/api/orders.js';
import type { Database } from '../db/schema.js';
import type { ServerDeps } from '../http/context.js';
import { open, seal } from '../platform/seal.js';
import type { AlipayKeys } from './providers/alipay.js';
import type { PaypalKeys } from './providers/paypal.js';
import type { PayssionKeys } from './providers/payssion.js';
import type { WechatKeys } from './providers/wechat.js';

/**
 * Each provider's keys: live credentials from the backend's environment when they are all there
 * (README: GAMEOPS_PAY_<PROVIDER>_…), else the sandbox's keys, made once per database (RSA 2048
 * pairs and random secrets) and stored sealed with the server's secrets key. Without a secrets
 * key (PostgreSQL without GAMEOPS_SECRETS_KEY) the sandbox keys live in this process only: they
 * are made again at the next start, and notices stored before it no longer verify.
 */

export interface ProviderKeys {
  wechat: WechatKeys;
  alipay: AlipayKeys;
  paypal: PaypalKeys;
  payssion: PayssionKeys;
}

export type KeySource<P extends Provider> =
  | { mode: 'sandbox'; keys: ProviderKeys[P]; stored: boolean }
  | { mode: 'live'; keys: ProviderKeys[P] }
  /** Some live settings are there and some are not: the provider is off until they are fixed. */
  | { mode: 'misconfigured'; missing: string[] };

export type Keyring = { [P in Provider]: KeySource<P> };

// ---- live credentials -----------------------------------------------------------------------

const ENV = {
  wechat: ['MCHID', 'APPID', 'SERIAL', 'PLATFORM_PUBLIC_KEY', 'APIV3_KEY'],
  alipay: ['APP_ID', 'SELLER_ID', 'PUBLIC_KEY'],
  paypal: ['WEBHOOK_ID', 'CERT_URL', 'CERT'],
  payssion: ['API_KEY', 'SECRET_KEY'],
} as const satisfies Record<Provider, readonly string[]>;

export const envName = (p: Provider, name: string): string => `GAMEOPS_PAY_${p.toUpperCase()}_${name}`;

/** Every setting a provider's live mode reads, for the README and error messages. */
export const LIVE_SETTINGS: Record<Provider, string[]> = Object.fromEntries(
  PROVIDERS.map((p) => [p, ENV[p].map((n) => envName(p, n))]),
) as Record<Provider, string[]>;

/** A PEM given inline (with \n written as two characters, as env files do) or as a file path. */
function pemOf(value: string): string {
  const v = value.trim();
  if (v.startsWith('-----BEGIN')) return v.replace(/\\n/g, '\n');
  return readFileSync(v, 'utf8');
}

/** A public key in PEM from a PEM key or certificate (PayPal and WeChat hand out certificates). */
function publicPem(value: string): string {
  return createPublicKey(pemOf(value)).export({ type: 'spki', format: 'pem' }).toString();
}

/** The live keys of one provider from the environment, or undefined when none of them is set. */
export function liveKeysFromEnv<P extends Provider>(p: P, env: NodeJS.ProcessEnv): KeySource<P> | undefined {
  const names = ENV[p];
  const values = names.map((n) => env[envName(p, n)]?.trim() ?? '');
  if (values.every((v) => v === '')) return undefined;
  const missing = names.filter((_, i) => values[i] === '').map((n) => envName(p, n));
  if (missing.length > 0) return { mode: 'misconfigured', missing };
  const v = (n: string) => env[envName(p, n)]?.trim() ?? '';
  const keys: ProviderKeys[Provider] =
    p === 'wechat'
      ? {
          mchid: v('MCHID'),
          appid: v('APPID'),
          serial: v('SERIAL'),
          platformPublicKey: publicPem(v('PLATFORM_PUBLIC_KEY')),
          apiV3Key: v('APIV3_KEY'),
        }
      : p === 'alipay'
        ? { appId: v('APP_ID'), sellerId: v('SELLER_ID'), alipayPublicKey: publicPem(v('PUBLIC_KEY')) }
        : p === 'paypal'
          ? { webhookId: v('WEBHOOK_ID'), certUrl: v('CERT_URL'), publicKey: publicPem(v('CERT')) }
          : { apiKey: v('API_KEY'), secretKey: v('SECRET_KEY') };
  if (p === 'wechat' && Buffer.byteLength((keys as WechatKeys).apiV3Key) !== 32) {
    return { mode: 'misconfigured', missing: [`${envName('wechat', 'APIV3_KEY')} (32 characters)`] };
  }
  return { mode: 'live', keys: keys as ProviderKeys[P] };
}

// ---- sandbox keys ---------------------------------------------------------------------------

function rsaPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const alnum = (n: number) =>
  Array.from(randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[b % 57]).join(
    '',
  );

/** Fresh sandbox keys for one provider. */
export function makeSandboxKeys<P extends Provider>(p: P): ProviderKeys[P] {
  const made: ProviderKeys[Provider] =
    p === 'wechat'
      ? (() => {
          const pair = rsaPair();
          return {
            mchid: '1900000109',
            appid: 'wxsandbox0gameops',
            serial: randomBytes(20).toString('hex').toUpperCase(),
            platformPublicKey: pair.publicKey,
            platformPrivateKey: pair.privateKey,
            apiV3Key: alnum(32),
          };
        })()
      : p === 'alipay'
        ? (() => {
            const pair = rsaPair();
            return {
              appId: '9021000100000000',
              sellerId: '2088000000000001',
              alipayPublicKey: pair.publicKey,
              alipayPrivateKey: pair.privateKey,
            };
          })()
        : p === 'paypal'
          ? (() => {
              const pair = rsaPair();
              return {
                webhookId: `WH-SANDBOX-${alnum(17)}`,
                certUrl: `https://api.sandbox.paypal.com/v1/notifications/certs/CERT-SANDBOX-${alnum(12)}`,
                publicKey: pair.publicKey,
                privateKey: pair.privateKey,
              };
            })()
          : { apiKey: alnum(16), secretKey: alnum(32) };
  return made as ProviderKeys[P];
}

const aadOf = (p: Provider) => `gameops pay sandbox keys|${p}`;

async function sandboxKeys<P extends Provider>(
  db: Kysely<Database>,
  deps: Pick<ServerDeps, 'secrets'>,
  p: P,
  log: (msg: string) => void,
): Promise<KeySource<P>> {
  const s = deps.secrets;
  if (!s.available) {
    log(
      `the ${p} sandbox keys live in this process only (no secrets key to seal them with): notices ` +
        'stored now will not verify again after a restart; set GAMEOPS_SECRETS_KEY to keep them',
    );
    return { mode: 'sandbox', keys: makeSandboxKeys(p), stored: false };
  }
  const read = () =>
    db.selectFrom('pay_sandbox_keys').selectAll().where('provider', '=', p).executeTakeFirst();
  let row = await read();
  if (row && row.key_id !== s.id) {
    // Sealed under another secrets key (a database restored without its key): unreadable, so
    // the sandbox starts over; its old notices no longer verify.
    log(`the ${p} sandbox keys were sealed with another secrets key; new ones are made`);
    await db.deleteFrom('pay_sandbox_keys').where('provider', '=', p).execute();
    row = undefined;
  }
  if (!row) {
    const keys = makeSandboxKeys(p);
    await db
      .insertInto('pay_sandbox_keys')
      .values({
        provider: p,
        keys_sealed: seal(s.key, JSON.stringify(keys), aadOf(p)),
        key_id: s.id,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
    // Another process may have won the race: the stored ones are the keys.
    row = await read();
    if (!row) throw new Error(`the ${p} sandbox keys could not be stored`);
  }
  return {
    mode: 'sandbox',
    keys: JSON.parse(open(s.key, row.keys_sealed, aadOf(p))) as ProviderKeys[P],
    stored: true,
  };
}

/** Every provider's keys for this server, loaded once (made on first use). */
export async function loadKeyring(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  env: NodeJS.ProcessEnv,
  log: (msg: string) => void,
): Promise<Keyring> {
  const one = async <P extends Provider>(p: P): Promise<KeySource<P>> =>
    liveKeysFromEnv(p, env) ?? (await sandboxKeys(deps.db, deps, p, log));
  return {
    wechat: await one('wechat'),
    alipay: await one('alipay'),
    paypal: await one('paypal'),
    payssion: await one('payssion'),
  };
}

const KEYRINGS = new WeakMap<object, Promise<Keyring>>();

/**
 * The keyring of a running server (one per ServerDeps), made at the first payment call. `db` is
 * the caller's handle (a handler's transaction: on the embedded database a second handle would
 * wait for it). Keys read or made inside a transaction are not remembered, since the transaction
 * may yet roll their row back; the next call outside one reads what was committed.
 */
export function keyringOf(
  deps: ServerDeps,
  db: Kysely<Database>,
  log: (msg: string) => void,
): Promise<Keyring> {
  const cached = KEYRINGS.get(deps);
  if (cached) return cached;
  const k = loadKeyring({ db, secrets: deps.secrets }, process.env, log);
  if (db.isTransaction) return k;
  // A failure (database down) is not remembered either: the next call tries again.
  k.catch(() => KEYRINGS.delete(deps));
  KEYRINGS.set(deps, k);
  return k;
}
