import { createHash, timingSafeEqual } from 'node:crypto';
import {
  formParams,
  jsonAnswer,
  textAnswer,
  toMajor,
  toMinor,
  liveRefundNotBuilt,
  randomAlnum,
} from './types.js';
import type { NoticeRequest, ProviderModule, SandboxNotice, VerifyResult } from './types.js';

/**
 * Payssion payment notifications: a form-encoded POST whose `notify_sig` is the MD5 (hex) of
 * `api_key|pm_id|amount|currency|order_id|state|secret_key`. The merchant answers 200. Payssion
 * signs no time, so freshness cannot be judged: a replay is caught by its transaction id (the
 * notice key) and by the order no longer paying.
 */

export interface PayssionKeys {
  apiKey: string;
  secretKey: string;
}

export function payssionSig(
  keys: PayssionKeys,
  pmId: string,
  amount: string,
  currency: string,
  orderId: string,
  state: string,
): string {
  return createHash('md5')
    .update([keys.apiKey, pmId, amount, currency, orderId, state, keys.secretKey].join('|'), 'utf8')
    .digest('hex');
}

const PM_ID = 'sandbox_payssion';

export const payssion: ProviderModule<PayssionKeys> = {
  id: 'payssion',

  refund(_order, mode) {
    if (mode === 'live') return liveRefundNotBuilt('payssion');
    // Payssion's refund transaction id: R and 15 letters and digits.
    return { refundRef: `R${randomAlnum(15)}`, status: 'refunded' };
  },

  sign(n: SandboxNotice, keys: PayssionKeys): NoticeRequest {
    const amount = toMajor(n.amount, n.currency);
    const state = n.paid ? 'completed' : 'failed';
    const params = new URLSearchParams({
      app_name: 'GameOps',
      pm_id: PM_ID,
      transaction_id: n.providerRef,
      order_id: n.orderId,
      amount,
      paid: n.paid ? amount : '0.00',
      net: n.paid ? amount : '0.00',
      currency: n.currency,
      state,
      notify_id: n.noticeKey,
      notify_sig: payssionSig(keys, PM_ID, amount, n.currency, n.orderId, state),
    });
    return { headers: {}, contentType: 'application/x-www-form-urlencoded', body: params.toString() };
  },

  verify(req: NoticeRequest, keys: PayssionKeys): VerifyResult {
    const p = formParams(req.body);
    if (!p) return { ok: false, outcome: 'malformed', detail: 'a field appears twice in the notice' };
    const f = (k: string) => p.get(k) ?? '';
    const claimed = { orderId: p.get('order_id'), providerRef: p.get('transaction_id') };
    const sig = f('notify_sig').toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(sig))
      return { ok: false, outcome: 'malformed', detail: 'notify_sig is missing or not an MD5', ...claimed };
    const want = payssionSig(keys, f('pm_id'), f('amount'), f('currency'), f('order_id'), f('state'));
    if (!timingSafeEqual(Buffer.from(want, 'hex'), Buffer.from(sig, 'hex'))) {
      return {
        ok: false,
        outcome: 'badSignature',
        detail: 'notify_sig does not match the API and secret keys',
        ...claimed,
      };
    }
    const amount = toMinor(f('amount'), f('currency'));
    if (!claimed.orderId || !claimed.providerRef || amount === undefined || !f('currency') || !f('state')) {
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'order_id, transaction_id, amount, currency or state is missing or unreadable',
        ...claimed,
      };
    }
    return {
      ok: true,
      notice: {
        // Payssion may send several notices for one transaction as its state moves on.
        noticeKey: `payssion:${claimed.providerRef}:${f('state')}`,
        orderId: claimed.orderId,
        providerRef: claimed.providerRef,
        amount,
        currency: f('currency'),
        paid: f('state') === 'completed',
        status: f('state'),
      },
    };
  },

  accepted: textAnswer(200, 'ok'),
  refused: (detail) => jsonAnswer(400, { error: detail }),
};
