import { createSign } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  header,
  rsaSha256Verify,
  jsonAnswer,
  staleness,
  toMajor,
  toMinor,
  liveRefundNotBuilt,
  randomAlnum,
} from './types.js';
import type { NoticeRequest, ProviderModule, SandboxNotice, VerifyResult } from './types.js';

/**
 * PayPal webhooks. PayPal signs with the private key of the certificate named by
 * paypal-cert-url: SHA256withRSA (paypal-auth-algo), base64 in paypal-transmission-sig, over
 * `transmissionId|transmissionTime|webhookId|crc32(body)` (the CRC32 of the raw body as an
 * unsigned decimal). The receiver checks it with that certificate's public key and its own
 * webhook id, and answers any 2xx. PAYMENT.CAPTURE.COMPLETED carries the capture: its id (the
 * provider reference), amount and custom_id (our order id).
 */

export interface PaypalKeys {
  webhookId: string;
  /** The certificate URL PayPal names; a notice naming another one is refused. */
  certUrl: string;
  /** The public key of that certificate (PEM). */
  publicKey: string;
  /** Only the sandbox holds PayPal's side of the pair. */
  privateKey?: string | undefined;
}

export const PAYPAL_ALGO = 'SHA256withRSA';

export function paypalSignedText(id: string, time: string, webhookId: string, body: string): string {
  return `${id}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8')) >>> 0}`;
}

interface Capture {
  id?: unknown;
  status?: unknown;
  custom_id?: unknown;
  invoice_id?: unknown;
  amount?: { currency_code?: unknown; value?: unknown };
}

/** What a refused webhook says it is about (shown to operators with the refusal, never trusted). */
function claimedOf(body: string): { orderId?: string; providerRef?: string } {
  try {
    const r = (JSON.parse(body) as { resource?: Capture }).resource;
    const orderId = typeof r?.custom_id === 'string' ? r.custom_id : undefined;
    const providerRef = typeof r?.id === 'string' ? r.id : undefined;
    return { ...(orderId ? { orderId } : {}), ...(providerRef ? { providerRef } : {}) };
  } catch {
    return {};
  }
}

export const paypal: ProviderModule<PaypalKeys> = {
  id: 'paypal',

  refund(_order, mode) {
    if (mode === 'live') return liveRefundNotBuilt('paypal');
    // PayPal's refund id: 17 letters and digits, like a capture's.
    return { refundRef: randomAlnum(17), status: 'COMPLETED' };
  },

  sign(n: SandboxNotice, keys: PaypalKeys): NoticeRequest {
    if (!keys.privateKey) throw new Error('only the sandbox signs PayPal webhooks');
    const time = n.at.toISOString();
    const body = JSON.stringify({
      id: n.noticeKey,
      create_time: time,
      resource_type: 'capture',
      event_type: n.paid ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED',
      summary: n.paid ? 'Payment completed' : 'Payment denied',
      resource: {
        id: n.providerRef,
        status: n.paid ? 'COMPLETED' : 'DENIED',
        amount: { currency_code: n.currency, value: toMajor(n.amount, n.currency) },
        custom_id: n.orderId,
        invoice_id: n.orderId,
        create_time: time,
      },
    });
    const transmissionId = `${n.noticeKey}-t`;
    const sig = createSign('RSA-SHA256')
      .update(paypalSignedText(transmissionId, time, keys.webhookId, body))
      .sign(keys.privateKey, 'base64');
    return {
      headers: {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-auth-algo': PAYPAL_ALGO,
        'paypal-cert-url': keys.certUrl,
      },
      contentType: 'application/json',
      body,
    };
  },

  verify(req: NoticeRequest, keys: PaypalKeys, now: Date): VerifyResult {
    const refused = (outcome: 'badSignature' | 'stale' | 'malformed', detail: string): VerifyResult => ({
      ok: false,
      outcome,
      detail,
      ...claimedOf(req.body),
    });
    const id = header(req, 'paypal-transmission-id');
    const time = header(req, 'paypal-transmission-time');
    const sig = header(req, 'paypal-transmission-sig');
    const algo = header(req, 'paypal-auth-algo');
    const certUrl = header(req, 'paypal-cert-url');
    if (!id || !time || !sig || !algo || !certUrl) {
      return refused(
        'malformed',
        'a paypal-transmission-id, -time, -sig, -auth-algo or -cert-url header is missing',
      );
    }
    if (algo !== PAYPAL_ALGO)
      return refused('badSignature', `paypal-auth-algo ${algo} is not ${PAYPAL_ALGO}`);
    if (certUrl !== keys.certUrl) {
      return refused(
        'badSignature',
        `signed with the certificate at ${certUrl.slice(0, 120)}, not the configured one`,
      );
    }
    const good = rsaSha256Verify(paypalSignedText(id, time, keys.webhookId, req.body), keys.publicKey, sig);
    if (!good)
      return refused('badSignature', 'paypal-transmission-sig does not match the certificate and webhook id');
    const old = staleness(new Date(time), now);
    if (old) return refused('stale', old);

    let event: { id?: unknown; event_type?: unknown; resource?: Capture };
    try {
      event = JSON.parse(req.body) as typeof event;
    } catch {
      return { ok: false, outcome: 'malformed', detail: 'the body is not JSON' };
    }
    const r = event.resource ?? {};
    const orderId =
      typeof r.custom_id === 'string'
        ? r.custom_id
        : typeof r.invoice_id === 'string'
          ? r.invoice_id
          : undefined;
    const currency = typeof r.amount?.currency_code === 'string' ? r.amount.currency_code : undefined;
    const amount =
      currency && typeof r.amount?.value === 'string' ? toMinor(r.amount.value, currency) : undefined;
    if (
      typeof event.id !== 'string' ||
      typeof r.id !== 'string' ||
      !orderId ||
      !currency ||
      amount === undefined
    ) {
      return {
        ok: false,
        outcome: 'malformed',
        detail: 'the event lacks its id, or the capture its id, custom_id or amount',
        orderId,
      };
    }
    const eventType = typeof event.event_type === 'string' ? event.event_type : '';
    return {
      ok: true,
      notice: {
        noticeKey: `paypal:${event.id}`,
        orderId,
        providerRef: r.id,
        amount,
        currency,
        paid: eventType === 'PAYMENT.CAPTURE.COMPLETED' && r.status === 'COMPLETED',
        status: eventType,
      },
    };
  },

  accepted: jsonAnswer(200, { received: true }),
  refused: (detail) => jsonAnswer(400, { error: detail }),
};
