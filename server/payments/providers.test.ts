import { describe, expect, it } from 'vitest';
import type { Provider } from '../../shared/api/orders.js';
import { liveKeysFromEnv, makeSandboxKeys, type ProviderKeys } from './keys.js';
import { PROVIDER_MODULES } from './notify.js';
import { alipaySignContent } from './providers/alipay.js';
import {
  toMajor,
  toMinor,
  type NoticeRequest,
  type ProviderModule,
  type SandboxNotice,
} from './providers/types.js';

/**
 * Each provider's sandbox signs a notice the way that provider documents, and the backend's
 * verification takes it back exactly, and refuses it when anything signed is changed, when it
 * was signed with another key, or when it is too old or from the future.
 */

const NOW = new Date(Date.UTC(2026, 0, 15, 9, 0, 0));
const KEYS: { [P in Provider]: ProviderKeys[P] } = {
  wechat: makeSandboxKeys('wechat'),
  alipay: makeSandboxKeys('alipay'),
  paypal: makeSandboxKeys('paypal'),
  payssion: makeSandboxKeys('payssion'),
};
const OTHER: { [P in Provider]: ProviderKeys[P] } = {
  wechat: {
    ...makeSandboxKeys('wechat'),
    serial: KEYS.wechat.serial,
    apiV3Key: KEYS.wechat.apiV3Key,
    mchid: KEYS.wechat.mchid,
  },
  alipay: { ...makeSandboxKeys('alipay'), appId: KEYS.alipay.appId },
  paypal: { ...makeSandboxKeys('paypal'), certUrl: KEYS.paypal.certUrl, webhookId: KEYS.paypal.webhookId },
  payssion: { ...makeSandboxKeys('payssion'), apiKey: KEYS.payssion.apiKey },
};

const notice = (over: Partial<SandboxNotice> = {}): SandboxNotice => ({
  orderId: 'GOY20260115ABCDEFGH12',
  providerRef: 'REF123456789',
  amount: 64_800,
  currency: 'CNY',
  paid: true,
  noticeKey: 'KEY-0001',
  at: NOW,
  ...over,
});

const mod = <P extends Provider>(p: P) => PROVIDER_MODULES[p] as ProviderModule<ProviderKeys[P]>;

/** The same request with the amount written differently in its signed part (not re-signed). */
function withChangedAmount(p: Provider, req: NoticeRequest): NoticeRequest {
  if (p === 'alipay' || p === 'payssion') {
    const field = p === 'alipay' ? 'total_amount' : 'amount';
    const params = new URLSearchParams(req.body);
    params.set(field, '0.01');
    return { ...req, body: params.toString() };
  }
  if (p === 'paypal') return { ...req, body: req.body.replace('"648.00"', '"0.01"') };
  // WeChat's amount is sealed inside the resource: change a byte of the ciphertext.
  const event = JSON.parse(req.body) as { resource: { ciphertext: string } };
  const ct = Buffer.from(event.resource.ciphertext, 'base64');
  ct[5] = (ct[5] ?? 0) ^ 1;
  event.resource.ciphertext = ct.toString('base64');
  return { ...req, body: JSON.stringify(event) };
}

describe.each(['wechat', 'alipay', 'paypal', 'payssion'] as const)('%s notices', (p) => {
  it('round-trips: what the sandbox signs, the backend reads back', () => {
    const req = mod(p).sign(notice(), KEYS[p]);
    const r = mod(p).verify(req, KEYS[p], NOW);
    expect(r).toEqual({
      ok: true,
      notice: {
        noticeKey: `${p}:${p === 'payssion' ? 'REF123456789:completed' : 'KEY-0001'}`,
        orderId: 'GOY20260115ABCDEFGH12',
        providerRef: 'REF123456789',
        amount: 64_800,
        currency: 'CNY',
        paid: true,
        status: expect.any(String) as string,
      },
    });
  });

  it('reads a payment that did not complete as not paid', () => {
    const r = mod(p).verify(mod(p).sign(notice({ paid: false }), KEYS[p]), KEYS[p], NOW);
    expect(r.ok && r.notice.paid).toBe(false);
  });

  it('carries another currency and its amount', () => {
    const r = mod(p).verify(mod(p).sign(notice({ currency: 'USD', amount: 199 }), KEYS[p]), KEYS[p], NOW);
    expect(r.ok && [r.notice.amount, r.notice.currency]).toEqual([199, 'USD']);
  });

  it('refuses a changed amount', () => {
    const req = withChangedAmount(p, mod(p).sign(notice(), KEYS[p]));
    const r = mod(p).verify(req, KEYS[p], NOW);
    expect(r.ok).toBe(false);
    // WeChat's signature covers the body, so a changed resource fails it before the seal is opened.
    if (!r.ok) expect(r.outcome).toBe('badSignature');
  });

  it('refuses a notice signed with another key', () => {
    const r = mod(p).verify(mod(p).sign(notice(), OTHER[p]), KEYS[p], NOW);
    expect(r).toMatchObject({ ok: false, outcome: 'badSignature' });
  });

  it('refuses a body that is not a notice at all', () => {
    const r = mod(p).verify({ headers: {}, contentType: 'text/plain', body: 'hello' }, KEYS[p], NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(['malformed', 'badSignature']).toContain(r.outcome);
  });

  if (p === 'payssion') {
    it('signs no time, so an old notice still verifies (replays are caught by its key)', () => {
      const req = mod(p).sign(notice({ at: new Date(NOW.getTime() - 3600_000) }), KEYS[p]);
      expect(mod(p).verify(req, KEYS[p], NOW).ok).toBe(true);
    });
  } else {
    it('refuses a notice sent more than 5 minutes ago, and one from the future', () => {
      const old = mod(p).sign(notice({ at: new Date(NOW.getTime() - 6 * 60_000) }), KEYS[p]);
      expect(mod(p).verify(old, KEYS[p], NOW)).toMatchObject({
        ok: false,
        outcome: 'stale',
        detail: expect.stringContaining('6 minutes ago') as string,
      });
      const future = mod(p).sign(notice({ at: new Date(NOW.getTime() + 10 * 60_000) }), KEYS[p]);
      expect(mod(p).verify(future, KEYS[p], NOW)).toMatchObject({
        ok: false,
        outcome: 'stale',
        detail: expect.stringContaining('in the future') as string,
      });
      const recent = mod(p).sign(notice({ at: new Date(NOW.getTime() - 4 * 60_000) }), KEYS[p]);
      expect(mod(p).verify(recent, KEYS[p], NOW).ok).toBe(true);
    });
  }
});

describe('provider formats', () => {
  it('WeChat: headers, signed text and a sealed resource', () => {
    const req = PROVIDER_MODULES.wechat.sign(notice(), KEYS.wechat);
    expect(Object.keys(req.headers).sort()).toEqual([
      'wechatpay-nonce',
      'wechatpay-serial',
      'wechatpay-signature',
      'wechatpay-signature-type',
      'wechatpay-timestamp',
    ]);
    expect(req.headers['wechatpay-timestamp']).toBe(String(NOW.getTime() / 1000));
    const body = JSON.parse(req.body) as { resource: Record<string, string> };
    expect(body.resource).toMatchObject({ algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' });
    expect(req.body).not.toContain('GOY20260115ABCDEFGH12');
    // A resource that does not open under the APIv3 key (another merchant's) is malformed.
    const r = PROVIDER_MODULES.wechat.verify(req, { ...KEYS.wechat, apiV3Key: 'x'.repeat(32) }, NOW);
    expect(r).toMatchObject({ ok: false, outcome: 'malformed' });
  });

  it('Alipay: signs the sorted parameters without sign, sign_type and empty values', () => {
    const params = new Map([
      ['b', '2'],
      ['sign', 'zzz'],
      ['a', '1'],
      ['sign_type', 'RSA2'],
      ['c', ''],
      ['subject', 'a b&c'],
    ]);
    expect(alipaySignContent(params)).toBe('a=1&b=2&subject=a b&c');
    const req = PROVIDER_MODULES.alipay.sign(notice(), KEYS.alipay);
    const p = new URLSearchParams(req.body);
    expect(p.get('notify_time')).toBe('2026-01-15 17:00:00');
    expect(p.get('total_amount')).toBe('648.00');
    expect(p.get('sign_type')).toBe('RSA2');
    const wrongApp = PROVIDER_MODULES.alipay.verify(req, { ...KEYS.alipay, appId: '9021000000000999' }, NOW);
    expect(wrongApp).toMatchObject({ ok: false, outcome: 'badSignature' });
  });

  it('PayPal: transmission headers, and a certificate URL other than the configured one is refused', () => {
    const req = PROVIDER_MODULES.paypal.sign(notice(), KEYS.paypal);
    expect(req.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(req.headers['paypal-transmission-time']).toBe(NOW.toISOString());
    const moved = { ...req, headers: { ...req.headers, 'paypal-cert-url': 'https://evil.example/cert' } };
    expect(PROVIDER_MODULES.paypal.verify(moved, KEYS.paypal, NOW)).toMatchObject({
      ok: false,
      outcome: 'badSignature',
    });
    const otherHook = PROVIDER_MODULES.paypal.verify(req, { ...KEYS.paypal, webhookId: 'WH-OTHER' }, NOW);
    expect(otherHook).toMatchObject({ ok: false, outcome: 'badSignature' });
  });

  it('Payssion: notify_sig is the MD5 of the pipe-joined fields with the secret', () => {
    const req = PROVIDER_MODULES.payssion.sign(notice(), KEYS.payssion);
    const p = new URLSearchParams(req.body);
    expect(p.get('notify_sig')).toMatch(/^[0-9a-f]{32}$/);
    expect(p.get('state')).toBe('completed');
  });

  it('amounts: minor units to text and back, refusing more decimals than the currency has', () => {
    expect(toMajor(64_800, 'CNY')).toBe('648.00');
    expect(toMajor(5, 'USD')).toBe('0.05');
    expect(toMajor(500, 'JPY')).toBe('500');
    expect(toMinor('648.00', 'CNY')).toBe(64_800);
    expect(toMinor('648', 'CNY')).toBe(64_800);
    expect(toMinor('0.5', 'USD')).toBe(50);
    expect(toMinor('0.505', 'USD')).toBeUndefined();
    expect(toMinor('1.5', 'JPY')).toBeUndefined();
    expect(toMinor('-1', 'USD')).toBeUndefined();
  });

  it('live credentials: all of a provider, none (sandbox), or some (misconfigured, named)', () => {
    const pem = KEYS.alipay.alipayPublicKey.replace(/\n/g, '\\n');
    expect(liveKeysFromEnv('alipay', {})).toBeUndefined();
    expect(
      liveKeysFromEnv('alipay', {
        GAMEOPS_PAY_ALIPAY_APP_ID: '2021000000000001',
        GAMEOPS_PAY_ALIPAY_SELLER_ID: '2088000000000009',
        GAMEOPS_PAY_ALIPAY_PUBLIC_KEY: pem,
      }),
    ).toMatchObject({ mode: 'live', keys: { appId: '2021000000000001' } });
    expect(liveKeysFromEnv('payssion', { GAMEOPS_PAY_PAYSSION_API_KEY: 'k' })).toEqual({
      mode: 'misconfigured',
      missing: ['GAMEOPS_PAY_PAYSSION_SECRET_KEY'],
    });
    // A live key verifies what the matching private key signed (as the provider would sign it).
    const live = liveKeysFromEnv('alipay', {
      GAMEOPS_PAY_ALIPAY_APP_ID: KEYS.alipay.appId,
      GAMEOPS_PAY_ALIPAY_SELLER_ID: KEYS.alipay.sellerId,
      GAMEOPS_PAY_ALIPAY_PUBLIC_KEY: pem,
    });
    if (live?.mode !== 'live') throw new Error('expected live keys');
    expect(
      PROVIDER_MODULES.alipay.verify(PROVIDER_MODULES.alipay.sign(notice(), KEYS.alipay), live.keys, NOW).ok,
    ).toBe(true);
  });
});
