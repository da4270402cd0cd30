import { createSign } from 'node:crypto';
import {
  formParams,
  rsaSha256Verify,
  staleness,
  textAnswer,
  toMajor,
  toMinor,
  liveRefundNotBuilt,
} from './types.js';
import type { NoticeRequest, ProviderModule, SandboxNotice, VerifyResult } from './types.js';

/**
 * Alipay asynchronous notices (异步通知). A form-encoded POST; Alipay signs with its private key:
 * RSA2 (SHA256withRSA), base64, over every parameter except `sign` and `sign_type` and those
 * with empty values, sorted by name and joined as `k=v&k=v` with the values as they are (not
 * URL-encoded). The merchant checks it with the Alipay public key of its app, checks `app_id`,
 * and answers the text `success`; anything else makes Alipay retry. `notify_time` (Beijing time,
 * `yyyy-MM-dd HH:mm:ss`) is signed, so it is what freshness is judged by.
 */

export interface AlipayKeys {
  appId: string;
  /** The seller's Alipay user id (2088…). */
  sellerId: string;
  alipayPublicKey: string;
  /** Only the sandbox holds Alipay's side of the pair. */
  alipayPrivateKey?: string | undefined;
}

/** The text Alipay signs: sorted, no sign/sign_type, no empty values, raw values. */
export function alipaySignContent(params: Map<string, string>): string {
  return [...params.entries()]
    .filter(([k, v]) => k !== 'sign' && k !== 'sign_type' && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Beijing time, as Alipay writes it: 2026-01-15 17:00:00. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function parseBeijingTime(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export const alipay: ProviderModule<AlipayKeys> = {
  id: 'alipay',

  refund(order, mode) {
    if (mode === 'live') return liveRefundNotBuilt('alipay');
    // Alipay names a refund by the merchant's out_request_no; its answer confirms with fund_change Y.
    return { refundRef: `RF${order.orderId}`, status: 'fund_change=Y' };
  },

  sign(n: SandboxNotice, keys: AlipayKeys): NoticeRequest {
    if (!keys.alipayPrivateKey) throw new Error('only the sandbox signs Alipay notices');
    const params = new Map<string, string>([
      ['notify_time', beijingTime(n.at)],
      ['notify_type', 'trade_status_sync'],
      ['notify_id', n.noticeKey],
      ['app_id', keys.appId],
      ['charset', 'utf-8'],
      ['version', '1.0'],
      ['sign_type', 'RSA2'],
      ['trade_no', n.providerRef],
      ['out_trade_no', n.orderId],
      ['seller_id', keys.sellerId],
      ['trade_status', n.paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED'],
      ['total_amount', toMajor(n.amount, n.currency)],
      ['subject', `GameOps order ${n.orderId}`],
      ...(n.paid ? ([['gmt_payment', beijingTime(n.at)]] as [string, string][]) : []),
    ]);
    // Alipay's amounts are in yuan; a cross-border trade in another currency names it.
    if (n.currency !== 'CNY') params.set('trans_currency', n.currency);
    const sign = createSign('RSA-SHA256')
      .update(alipaySignContent(params), 'utf8')
      .sign(keys.alipayPrivateKey, 'base64');
    params.set('sign', sign);
    return {
      headers: {},
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
      body: new URLSearchParams([...params.entries()]).toString(),
    };
  },

  verify(req: NoticeRequest, keys: AlipayKeys, now: Date): VerifyResult {
    const p = formParams(req.body);
    if (!p) return { ok: false, outcome: 'malformed', detail: 'a parameter appears twice in the notice' };
    const claimed = { orderId: p.get('out_trade_no'), providerRef: p.get('trade_no') };
    const sign = p.get('sign');
    if (!sign)
      return { ok: false, outcome: 'malformed', detail: 'the notice has no sign parameter', ...claimed };
    if (p.get('sign_type') !== 'RSA2') {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: `sign_type ${p.get('sign_type') ?? '(none)'} is not RSA2`,
        ...claimed,
      };
    }
    const good = rsaSha256Verify(alipaySignContent(p), keys.alipayPublicKey, sign);
    if (!good)
      return {
        ok: false,
        outcome: 'badSignature',
        detail: 'sign does not match the Alipay public key',
        ...claimed,
      };
    if (p.get('app_id') !== keys.appId) {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: `the notice is for app ${p.get('app_id') ?? '(none)'}, not ${keys.appId}`,
        ...claimed,
      };
    }
    const sentAt = parseBeijingTime(p.get('notify_time') ?? '');
    if (!sentAt)
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'notify_time is not yyyy-MM-dd HH:mm:ss',
        ...claimed,
      };
    const old = staleness(sentAt, now);
    if (old) return { ok: false, outcome: 'stale', detail: old, ...claimed };

    const notifyId = p.get('notify_id');
    const status = p.get('trade_status') ?? '';
    const currency = p.get('trans_currency') ?? 'CNY';
    const amount = toMinor(p.get('total_amount') ?? '', currency);
    if (!notifyId || !claimed.orderId || !claimed.providerRef || amount === undefined || !status) {
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'notify_id, out_trade_no, trade_no, total_amount or trade_status is missing or unreadable',
        ...claimed,
      };
    }
    return {
      ok: true,
      notice: {
        noticeKey: `alipay:${notifyId}`,
        orderId: claimed.orderId,
        providerRef: claimed.providerRef,
        amount,
        currency,
        paid: PAID.has(status),
        status,
      },
    };
  },

  accepted: textAnswer(200, 'success'),
  refused: () => textAnswer(400, 'fail'),
};
