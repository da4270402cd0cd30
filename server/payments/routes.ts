import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDERS, orderIdSchema, type Provider } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import type { ServerDeps } from '../http/context.js';
import { languageOf, problem } from '../http/problem.js';
import { ordersLedger } from '../orders/port.js';
import { NONCE_PARAM, nonceMatches } from './checkout-nonce.js';
import { keyringOf } from './keys.js';
import { countRefusedNotice } from './notice-limit.js';
import { PROVIDER_MODULES, keptHeaders, receiveNotice, sandboxNoticeKey } from './notify.js';
import { checkoutPage, resultPage } from './sandbox-page.js';
import { toMajor } from './providers/types.js';

/**
 * The payment routes outside the endpoint table, because providers, not the console, call them
 * in their own formats:
 *
 * - POST /api/v1/pay/notify/{provider}: a provider's payment notice (notify.ts), answered the
 *   way that provider expects;
 * - GET  /api/v1/pay/sandbox/{provider}/checkout/{orderId}?nonce=…: the sandbox's checkout page,
 *   with Pay and Decline (English or Chinese by Accept-Language);
 * - POST /api/v1/pay/sandbox/{provider}/pay/{orderId}?nonce=…: Pay makes the sandbox sign a
 *   notice and POST it to the notify route over loopback HTTP, exactly as the provider would.
 *   Decline sends nothing: the order stays paying, and the player may pay it later (as with a
 *   closed checkout). Both need the order's nonce (checkout-nonce.ts), which only the link pay.do
 *   hands out carries, and Pay answers only its own page (the Origin a browser sends).
 *
 * A notice that does not verify counts against its address's limit (notice-limit.ts).
 *
 * They live in their own Fastify scope, whose bodies are kept as raw text (signatures cover the
 * exact bytes) and which takes form-encoded bodies (Alipay, Payssion); the console's endpoints
 * outside it still take JSON only.
 */

const BASE = SERVICE_BASE_PATHS.payment;
export const NOTIFY_PATH = `${BASE}/notify`;
export const SANDBOX_PATH = `${BASE}/sandbox`;

const SERVERS = new WeakMap<object, FastifyInstance>();

/** The backend's own origin (http://127.0.0.1:port), once it listens. */
export function loopbackOrigin(deps: ServerDeps): string | undefined {
  const app = SERVERS.get(deps);
  const address = app?.server.address() as AddressInfo | string | null | undefined;
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '::1' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

/** Where providers and players reach this backend: GAMEOPS_PAY_PUBLIC_URL, else its own origin. */
export function publicOrigin(deps: ServerDeps): string {
  const configured = process.env['GAMEOPS_PAY_PUBLIC_URL']?.trim().replace(/\/+$/, '');
  return configured || loopbackOrigin(deps) || 'http://127.0.0.1';
}

export const notifyUrl = (deps: ServerDeps, p: Provider): string =>
  `${publicOrigin(deps)}${NOTIFY_PATH}/${p}`;
export const checkoutUrl = (deps: ServerDeps, p: Provider, orderId: string, nonce: string): string =>
  `${publicOrigin(deps)}${SANDBOX_PATH}/${p}/checkout/${orderId}?${NONCE_PARAM}=${nonce}`;

const unknownProvider = (p: string) =>
  problem(
    Codes.NOT_FOUND,
    `No payment provider "${p.slice(0, 40)}"; the providers are ${PROVIDERS.join(', ')}`,
    `没有支付渠道“${p.slice(0, 40)}”，支付渠道为 ${PROVIDERS.join('、')}`,
  );

function providerOf(p: string): Provider {
  if ((PROVIDERS as readonly string[]).includes(p)) return p as Provider;
  throw unknownProvider(p);
}

function orderIdOf(raw: string): string {
  const parsed = orderIdSchema.safeParse(raw);
  if (!parsed.success) {
    throw problem(
      Codes.VALIDATION,
      'An order id is 6 to 40 letters and digits',
      '订单号为 6 到 40 位字母和数字',
    );
  }
  return parsed.data;
}

const SANDBOX_ROUTE = new RegExp(`^${SANDBOX_PATH}/([^/]+)/(checkout|pay)/[^/]+/?$`);

/**
 * Which of these routes the desktop's embedded backend answers without its launch key (which
 * main alone holds, server/platform/launch-key.ts): the sandbox's checkout (GET checkout/{orderId},
 * POST pay/{orderId}), because the page is opened in a browser, which sends no such header. Only
 * while that provider is in sandbox mode, and they take nothing without the order's nonce, which
 * only the link pay.do gave main carries (checkout-nonce.ts), and Pay only from its own page.
 *
 * Notices are not exempt: the embedded backend listens on loopback, where no provider can reach
 * it, so the only genuine notices it gets are its own sandbox's, which carry the key
 * (ServerDeps.selfHeaders); any other local caller, a web page included, is refused before it
 * can add a line to the notice log. A standalone server has no launch key: providers post there.
 *
 * Every other route, the console's endpoints included, still needs the key.
 */
export async function paymentsLaunchKeyExempt(
  req: { method: string; path: string },
  deps: ServerDeps,
): Promise<boolean> {
  const m = SANDBOX_ROUTE.exec(req.path);
  if (!m) return false;
  const [, provider = '', step] = m;
  if (step === 'checkout' ? req.method !== 'GET' && req.method !== 'HEAD' : req.method !== 'POST')
    return false;
  if (!(PROVIDERS as readonly string[]).includes(provider)) return false;
  const keyring = await keyringOf(deps, deps.db, () => undefined);
  return keyring[provider as Provider].mode === 'sandbox';
}

export function registerPaymentRoutes(app: FastifyInstance, deps: ServerDeps): void {
  SERVERS.set(deps, app);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, async (req, reply) => {
      const provider = providerOf(req.params.provider);
      const now = new Date(deps.clock());
      const beforeRefusal = () =>
        countRefusedNotice(deps.db, req.ip, now, {
          log: req.log,
          retryAfter: (s) => void reply.header('retry-after', String(s)),
        });
      const received = await receiveNotice(
        deps,
        provider,
        {
          headers: keptHeaders(req.headers),
          contentType: req.headers['content-type'] ?? '',
          body: typeof req.body === 'string' ? req.body : '',
        },
        { db: deps.db, now, log: req.log, beforeRefusal },
      );
      return reply.code(received.answer.status).type(received.answer.contentType).send(received.answer.body);
    });

    scope.get<SandboxRequest>(`${SANDBOX_PATH}/:provider/checkout/:orderId`, async (req, reply) => {
      const lang = languageOf(req.headers['accept-language']);
      const { provider, order, nonce } = await sandboxOrder(deps, req, lang);
      return pageReply(reply).send(
        checkoutPage(lang, {
          provider,
          orderId: order.orderId,
          grant: order.grantLabel,
          amount: `${toMajor(order.amount, order.currency)} ${order.currency}`,
          payUrl: `${SANDBOX_PATH}/${provider}/pay/${order.orderId}?${NONCE_PARAM}=${nonce}`,
        }),
      );
    });

    scope.post<SandboxRequest>(`${SANDBOX_PATH}/:provider/pay/:orderId`, async (req, reply) =>
      sandboxPay(deps, req, reply),
    );
  });
}

type SandboxRequest = {
  Params: { provider: string; orderId: string };
  Querystring: Record<string, string | string[] | undefined>;
};

/**
 * The sandbox's pages: nothing loads from elsewhere, no other site may frame them (a page that
 * framed one could make a person press Pay), the form posts only here, and the link with its
 * nonce is neither cached nor sent on as a referrer.
 */
function pageReply(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

/**
 * The order a sandbox page is about: the link must carry its nonce (checked before the order is
 * read, so a caller without it learns nothing of the order), and it must be paying with this
 * provider, in sandbox mode.
 */
async function sandboxOrder(deps: ServerDeps, req: FastifyRequest<SandboxRequest>, lang: 'en' | 'zh-CN') {
  const provider = providerOf(req.params.provider);
  const orderId = orderIdOf(req.params.orderId);
  const keyring = await keyringOf(deps, deps.db, (m) => req.log.warn(m));
  const source = keyring[provider];
  if (source.mode !== 'sandbox') {
    throw problem(
      Codes.NOT_FOUND,
      `${provider} takes real payments here (live mode), so it has no sandbox checkout`,
      `${provider} 在此为正式模式，没有沙箱收银台`,
    );
  }
  const nonce = req.query[NONCE_PARAM];
  if (!nonceMatches(nonce, source.keys, provider, orderId)) {
    throw problem(
      Codes.FORBIDDEN,
      `This sandbox checkout link is not complete (its ${NONCE_PARAM} is missing or wrong): start the payment on the order's page again and open the link it gives`,
      `此沙箱收银台链接不完整（${NONCE_PARAM} 缺失或错误）：请在订单页面重新发起支付，并打开给出的链接`,
    );
  }
  const order = await ordersLedger.orderDetail(deps.db, orderId, lang);
  if (
    order.provider !== provider ||
    (order.state !== 'paying' && order.state !== 'paid' && order.state !== 'delivered')
  ) {
    throw problem(
      Codes.CONFLICT,
      `Order ${orderId} is not being paid with ${provider} (it is ${order.state}${order.provider ? ` with ${order.provider}` : ''})`,
      `订单 ${orderId} 未在通过 ${provider} 支付（当前为 ${order.state}${order.provider ? `，渠道 ${order.provider}` : ''}）`,
    );
  }
  return { provider, order, nonce: nonce as string };
}

/**
 * Pay and Decline answer only the checkout page itself: a browser posting from any other site
 * says so in Origin (every browser sends it on a cross-site POST). A request without Origin is
 * not a browser's form, and still needs the nonce.
 */
function assertOwnPage(deps: ServerDeps, req: FastifyRequest): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  // GAMEOPS_PAY_PUBLIC_URL may name a path under its origin; a browser's Origin never does.
  const originOf = (url: string | undefined) => (url && URL.canParse(url) ? new URL(url).origin : null);
  if (origin !== 'null' && [publicOrigin(deps), loopbackOrigin(deps)].some((u) => originOf(u) === origin))
    return;
  const shown = origin.slice(0, 100);
  throw problem(
    Codes.FORBIDDEN,
    `The sandbox's Pay and Decline answer only its own checkout page, not a page of ${shown}`,
    `沙箱的“支付”和“拒绝”只响应其自己的收银台页面，不响应来自 ${shown} 的页面`,
  );
}

async function sandboxPay(
  deps: ServerDeps,
  req: FastifyRequest<SandboxRequest>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const lang = languageOf(req.headers['accept-language']);
  assertOwnPage(deps, req);
  const { provider, order } = await sandboxOrder(deps, req, lang);
  const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const html = (ok: boolean, text: { en: string; 'zh-CN': string }) =>
    pageReply(reply).send(resultPage(lang, ok, order.orderId, text[lang]));
  if (form.get('action') === 'decline') {
    return html(false, {
      en: 'Payment declined. The order stays waiting for payment; it can be paid later.',
      'zh-CN': '已拒绝支付。订单仍在等待支付，之后可以再付。',
    });
  }
  const keyring = await keyringOf(deps, deps.db, (m) => req.log.warn(m));
  const source = keyring[provider];
  if (source.mode !== 'sandbox' || !order.providerRef)
    throw new Error('sandboxOrder let a non-sandbox order through');
  const signed = (PROVIDER_MODULES[provider] as (typeof PROVIDER_MODULES)['paypal']).sign(
    {
      orderId: order.orderId,
      providerRef: order.providerRef,
      amount: order.amount,
      currency: order.currency,
      paid: true,
      noticeKey: sandboxNoticeKey(provider),
      at: new Date(deps.clock()),
    },
    source.keys as never,
  );
  const origin = loopbackOrigin(deps);
  if (!origin) throw new Error('the backend does not listen, so the sandbox cannot post its notice');
  // As the provider would: over HTTP to the notify route, so the path is the provider's own; with
  // the embedded backend's launch key, which its notify route asks of every caller.
  const res = await fetch(`${origin}${NOTIFY_PATH}/${provider}`, {
    method: 'POST',
    headers: { ...deps.selfHeaders, ...signed.headers, 'content-type': signed.contentType },
    body: signed.body,
  });
  const answer = await res.text();
  const after = await ordersLedger.orderDetail(deps.db, order.orderId, lang);
  const last = [...after.notices].sort((a, b) => b.id - a.id)[0];
  const ok = res.ok && (after.state === 'paid' || after.state === 'delivered');
  return html(ok, {
    en: ok
      ? `Paid. The order is ${after.state}.`
      : `The backend answered ${res.status} ${answer.slice(0, 200)}; notice: ${last ? `${last.outcome}, ${last.detail}` : 'none'}.`,
    'zh-CN': ok
      ? `支付成功。订单状态：${after.state}。`
      : `后端回复 ${res.status} ${answer.slice(0, 200)}；通知：${last ? `${last.outcome}，${last.detail}` : '无'}。`,
  });
}
