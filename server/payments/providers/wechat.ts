import { createCipheriv, createDecipheriv, createSign, randomBytes } from 'node:crypto';
import { header, rsaSha256Verify, jsonAnswer, staleness, liveRefundNotBuilt, randomDigits } from './types.js';
import type { NoticeRequest, ProviderModule, SandboxNotice, VerifyResult } from './types.js';

/**
 * WeChat Pay API v3 payment notices (微信支付 APIv3 支付通知). WeChat signs with its platform
 * private key: SHA256-RSA over `timestamp\nnonce\nbody\n`, base64, in Wechatpay-Signature, with
 * Wechatpay-Timestamp (Unix seconds), Wechatpay-Nonce and Wechatpay-Serial (the platform
 * certificate's serial). The payment itself is in `resource`, sealed with AEAD_AES_256_GCM under
 * the merchant's APIv3 key (32 bytes), with the resource's nonce and associated_data. The
 * merchant answers 200 with {"code":"SUCCESS"}; anything else makes WeChat retry.
 */

export interface WechatKeys {
  mchid: string;
  appid: string;
  /** The platform certificate's serial, as Wechatpay-Serial names it. */
  serial: string;
  /** The platform public key (PEM) that notices are checked against. */
  platformPublicKey: string;
  /** Only the sandbox holds WeChat's side of the pair. */
  platformPrivateKey?: string | undefined;
  /** The merchant's APIv3 key: 32 ASCII characters. */
  apiV3Key: string;
}

interface Transaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: string;
  trade_state: string;
  trade_state_desc: string;
  success_time?: string;
  amount: { total: number; payer_total: number; currency: string; payer_currency: string };
}

function sealResource(key: string, plaintext: string, nonce: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return ct.toString('base64');
}

function openResource(key: string, ciphertext: string, nonce: string, aad: string): string {
  const raw = Buffer.from(ciphertext, 'base64');
  if (raw.length < 17) throw new Error('resource ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const nonceText = (n: number) => randomBytes(n).toString('base64url').slice(0, n);

/** Beijing time with its offset, as WeChat writes times: 2026-01-15T17:00:00+08:00. */
function rfc3339Cst(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * What a refused notice says it is about, when its resource opens under our APIv3 key (shown to
 * operators with the refusal; the signature, not the seal, is what makes a notice WeChat's).
 */
function claimedOf(body: string, keys: WechatKeys): { orderId?: string; providerRef?: string } {
  try {
    const r = (
      JSON.parse(body) as { resource?: { ciphertext?: string; nonce?: string; associated_data?: string } }
    ).resource;
    if (!r?.ciphertext || !r.nonce) return {};
    const tx = JSON.parse(
      openResource(keys.apiV3Key, r.ciphertext, r.nonce, r.associated_data ?? ''),
    ) as Partial<Transaction>;
    return {
      ...(typeof tx.out_trade_no === 'string' ? { orderId: tx.out_trade_no } : {}),
      ...(typeof tx.transaction_id === 'string' ? { providerRef: tx.transaction_id } : {}),
    };
  } catch {
    return {};
  }
}

export const wechat: ProviderModule<WechatKeys> = {
  id: 'wechat',

  refund(_order, mode) {
    if (mode === 'live') return liveRefundNotBuilt('wechat');
    // WeChat Pay's refund_id: 50 and 30 digits; a sandbox refund succeeds at once.
    return { refundRef: `50${randomDigits(30)}`, status: 'SUCCESS' };
  },

  sign(n: SandboxNotice, keys: WechatKeys): NoticeRequest {
    if (!keys.platformPrivateKey) throw new Error('only the sandbox signs WeChat Pay notices');
    const transaction: Transaction = {
      mchid: keys.mchid,
      appid: keys.appid,
      out_trade_no: n.orderId,
      transaction_id: n.providerRef,
      trade_type: 'NATIVE',
      trade_state: n.paid ? 'SUCCESS' : 'PAYERROR',
      trade_state_desc: n.paid ? '支付成功' : '支付失败',
      ...(n.paid ? { success_time: rfc3339Cst(n.at) } : {}),
      amount: { total: n.amount, payer_total: n.amount, currency: n.currency, payer_currency: n.currency },
    };
    const resourceNonce = nonceText(12);
    const aad = 'transaction';
    const body = JSON.stringify({
      id: n.noticeKey,
      create_time: rfc3339Cst(n.at),
      resource_type: 'encrypt-resource',
      event_type: n.paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
      summary: n.paid ? '支付成功' : '支付失败',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealResource(keys.apiV3Key, JSON.stringify(transaction), resourceNonce, aad),
        associated_data: aad,
        nonce: resourceNonce,
      },
    });
    const timestamp = String(Math.floor(n.at.getTime() / 1000));
    const nonce = nonceText(32);
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(keys.platformPrivateKey, 'base64');
    return {
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': keys.serial,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      contentType: 'application/json',
      body,
    };
  },

  verify(req: NoticeRequest, keys: WechatKeys, now: Date): VerifyResult {
    const timestamp = header(req, 'wechatpay-timestamp');
    const nonce = header(req, 'wechatpay-nonce');
    const signature = header(req, 'wechatpay-signature');
    const serial = header(req, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) {
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'the Wechatpay-Timestamp, -Nonce, -Signature or -Serial header is missing',
      };
    }
    if (serial !== keys.serial) {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: `signed with platform certificate ${serial.slice(0, 64)}, not ${keys.serial}`,
        ...claimedOf(req.body, keys),
      };
    }
    const good = rsaSha256Verify(`${timestamp}\n${nonce}\n${req.body}\n`, keys.platformPublicKey, signature);
    if (!good) {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: 'Wechatpay-Signature does not match the platform key',
        ...claimedOf(req.body, keys),
      };
    }
    if (!/^\d{1,12}$/.test(timestamp)) {
      return { ok: false, outcome: 'malformed', detail: 'Wechatpay-Timestamp is not Unix seconds' };
    }
    const old = staleness(new Date(Number(timestamp) * 1000), now);
    if (old) return { ok: false, outcome: 'stale', detail: old, ...claimedOf(req.body, keys) };

    let tx: Transaction;
    let eventId: string;
    try {
      const event = JSON.parse(req.body) as {
        id?: unknown;
        resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
      };
      const r = event.resource;
      if (typeof event.id !== 'string' || !r || r.algorithm !== 'AEAD_AES_256_GCM')
        throw new Error('no resource');
      if (typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') throw new Error('no ciphertext');
      eventId = event.id;
      const aad = typeof r.associated_data === 'string' ? r.associated_data : '';
      tx = JSON.parse(openResource(keys.apiV3Key, r.ciphertext, r.nonce, aad)) as Transaction;
    } catch {
      // The signature held, so WeChat sent it: a resource we cannot open means another APIv3 key.
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'the resource does not open with the APIv3 key, or the body is not a WeChat Pay event',
      };
    }
    if (
      typeof tx.out_trade_no !== 'string' ||
      typeof tx.transaction_id !== 'string' ||
      !Number.isInteger(tx.amount?.total) ||
      typeof tx.amount?.currency !== 'string'
    ) {
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'the transaction lacks out_trade_no, transaction_id or amount',
      };
    }
    if (tx.mchid !== keys.mchid) {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: `the transaction is for merchant ${tx.mchid}, not ${keys.mchid}`,
        orderId: tx.out_trade_no,
      };
    }
    return {
      ok: true,
      notice: {
        noticeKey: `wechat:${eventId}`,
        orderId: tx.out_trade_no,
        providerRef: tx.transaction_id,
        amount: tx.amount.total,
        currency: tx.amount.currency,
        paid: tx.trade_state === 'SUCCESS',
        status: tx.trade_state,
      },
    };
  },

  accepted: jsonAnswer(200, { code: 'SUCCESS' }),
  refused: (detail) => jsonAnswer(401, { code: 'FAIL', message: detail }),
};
