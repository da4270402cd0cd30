import { createPublicKey, createVerify, randomInt, type KeyObject } from 'node:crypto';
import type { Provider } from '../../../shared/api/orders.js';
import { Codes } from '../../../shared/codes.js';
import { problem } from '../../http/problem.js';

/**
 * What every provider module shares: a notice as it travels over HTTP, what the backend reads
 * out of one it trusts, and why it refuses one it does not.
 */

/** A notice as HTTP carries it: the headers a provider signs or names, and the exact body bytes. */
export interface NoticeRequest {
  /** Lower-case header names. */
  headers: Record<string, string>;
  contentType: string;
  /** The body exactly as received (signatures cover these bytes, not a re-serialisation). */
  body: string;
}

/** What a sandbox is asked to sign: one payment result of one order. */
export interface SandboxNotice {
  orderId: string;
  /** The provider's own reference (its trade or capture id), as pay.do handed it out. */
  providerRef: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  paid: boolean;
  /** The provider's id of this notice (event id, notify id, transaction id). */
  noticeKey: string;
  /** When the provider sends it. */
  at: Date;
}

/** A notice whose signature and freshness checked out. */
export interface ParsedNotice {
  noticeKey: string;
  orderId: string;
  providerRef: string;
  amount: number;
  currency: string;
  paid: boolean;
  /** The provider's own word for the payment's state (SUCCESS, TRADE_SUCCESS, COMPLETED). */
  status: string;
}

export type Refusal = 'badSignature' | 'stale' | 'malformed';

export type VerifyResult =
  | { ok: true; notice: ParsedNotice }
  | {
      ok: false;
      outcome: Refusal;
      /** In English, for the log and the notices list. */
      detail: string;
      /** What the notice claims, when it could be read (never trusted, only shown). */
      orderId?: string | undefined;
      providerRef?: string | undefined;
    };

/** What the provider expects back. */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A paid order to give back, as its provider knows it. */
export interface RefundOrder {
  orderId: string;
  /** The payment's reference at the provider (its trade or capture id). */
  providerRef: string;
  /** Minor units of `currency`: the whole order (refunds here are never partial). */
  amount: number;
  currency: string;
}

/** What the provider answered to a refund. */
export interface RefundDone {
  /** The provider's reference of the refund (its refund id), in its own shape. */
  refundRef: string;
  /** The provider's own word for the refund's state (SUCCESS, COMPLETED, ...). */
  status: string;
}

/**
 * Refunds in live mode would call the provider's refund API with the merchant's credentials;
 * the reference backend does not (it verifies live notices only), so it says so, rather than
 * mark an order refunded while the money stays with the merchant.
 */
export function liveRefundNotBuilt(p: Provider): never {
  throw problem(
    Codes.UNAVAILABLE,
    `${p} is in live mode, and live refunds are not built in the reference backend: refund the ` +
      `payment in ${p}'s merchant console; the order is left as it was`,
    `${p} 为正式模式，参考后端未实现正式退款：请在 ${p} 商户后台退款；订单保持不变`,
  );
}

export type ProviderMode = 'sandbox' | 'live';

export interface ProviderModule<K> {
  id: Provider;
  /**
   * Gives a paid order's money back. Sandbox: the sandbox accepts it at once and hands out a
   * refund reference in the provider's shape (server/payments/refunds.ts records it); live:
   * liveRefundNotBuilt.
   */
  refund(order: RefundOrder, mode: ProviderMode): RefundDone;
  /** The sandbox's side: the HTTP request this provider would send for the notice. */
  sign(notice: SandboxNotice, keys: K): NoticeRequest;
  /** The backend's side: trust nothing until the signature and the time check out. */
  verify(request: NoticeRequest, keys: K, now: Date): VerifyResult;
  /** The answer to a notice the backend took (recorded, whatever it changed). */
  accepted: NoticeAnswer;
  /** The answer to a refused notice (the provider retries it later). */
  refused(detail: string): NoticeAnswer;
}

/** How far a notice's own time may be from the backend's clock (older, or ahead of it). */
export const MAX_NOTICE_AGE_MS = 5 * 60 * 1000;
/** Clocks drift: a notice this little ahead is not "from the future". */
export const CLOCK_SKEW_MS = 30 * 1000;

/** Why a notice's time is refused, or undefined when it is fresh. */
export function staleness(sentAt: Date, now: Date): string | undefined {
  const t = sentAt.getTime();
  if (!Number.isFinite(t)) return 'the notice carries no readable time';
  const age = now.getTime() - t;
  if (age > MAX_NOTICE_AGE_MS)
    return `sent ${describeAge(age)} ago (notices older than 5 minutes are refused)`;
  if (age < -CLOCK_SKEW_MS) return `dated ${describeAge(-age)} in the future`;
  return undefined;
}

function describeAge(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} seconds`;
  const m = Math.round(s / 60);
  if (m < 120) return `${m} minutes`;
  return `${Math.round(m / 60)} hours`;
}

/** Currencies without minor units (ISO 4217 exponent 0); every other one has two. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF']);

export function exponentOf(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** 1234 CNY fen → "12.34"; the text providers put in their notices. */
export function toMajor(minor: number, currency: string): string {
  const e = exponentOf(currency);
  if (e === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234; undefined for text that is not an amount with at most the currency's decimals. */
export function toMinor(major: string, currency: string): number | undefined {
  const e = exponentOf(currency);
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(major.trim());
  if (!m) return undefined;
  const frac = m[2] ?? '';
  if (frac.length > e && !/^0*$/.test(frac.slice(e))) return undefined;
  const cents = (frac + '00').slice(0, e);
  return Number(m[1]) * 10 ** e + (e > 0 ? Number(cents) : 0);
}

/** A header's value, or undefined. */
export function header(req: NoticeRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return v === undefined || v === '' ? undefined : v;
}

export const textAnswer = (status: number, body: string): NoticeAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});
export const jsonAnswer = (status: number, body: unknown): NoticeAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

/** The parameters of a form-encoded body, or undefined when a name repeats (which no provider sends). */
export function formParams(body: string): Map<string, string> | undefined {
  const params = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(body)) {
    if (params.has(k)) return undefined;
    params.set(k, v);
  }
  return params;
}

const PUBLIC_KEYS = new Map<string, KeyObject>();

/**
 * The key object of a PEM public key, parsed once: verifying with the PEM text itself parses it
 * again for every notice, which costs more than the RSA check.
 */
export function publicKeyOf(pem: string): KeyObject {
  let k = PUBLIC_KEYS.get(pem);
  if (!k) {
    k = createPublicKey(pem);
    // Few keys live at once (one per provider, more only in tests); keep the map from growing.
    if (PUBLIC_KEYS.size > 64) PUBLIC_KEYS.clear();
    PUBLIC_KEYS.set(pem, k);
  }
  return k;
}

/** SHA256withRSA over `text`, base64 signature; false for a bad key or signature, never a throw. */
export function rsaSha256Verify(text: string, publicPem: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(text, 'utf8')
      .verify(publicKeyOf(publicPem), signature, 'base64');
  } catch {
    return false;
  }
}

/** n random decimal digits (references in a provider's shape). */
export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');

/** n random upper-case letters and digits, without I and O (references in a provider's shape). */
export const randomAlnum = (n: number): string =>
  Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[randomInt(34)]).join('');
