import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDERS, orderIdSchema, type Provider } from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import type { ServerDeps } from '../http/context.js';
import { languageOf, problem } from '../http/problem.js';
import { orderDetail } from '../orders/ledger.js';
import { keyringOf } from './keys.js';
import { PROVIDER_MODULES, keptHeaders, receiveNotice, sandboxNoticeKey } from './notify.js';
import { checkoutPage, resultPage } from './sandbox-page.js';
import { toMajor } from './providers/types.js';

/**
 * The payment routes outside the endpoint table, because providers, not the console, call them
 * in their own formats:
 *
 * - POST /api/v1/pay/notify/{provider}: a provider's payment notice (notify.ts), answered the
 *   way that provider expects;
 * - GET  /api/v1/pay/sandbox/{provider}/checkout/{orderId}: the sandbox's checkout page, with
 *   Pay and Decline (English or Chinese by Accept-Language);
 * - POST /api/v1/pay/sandbox/{provider}/pay/{orderId}: Pay makes the sandbox sign a notice and
 *   POST it to the notify route over loopback HTTP, exactly as the provider would. Decline sends
 *   nothing: the order stays paying, and the player may pay it later (as with a closed checkout).
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
export const checkoutUrl = (deps: ServerDeps, p: Provider, orderId: string): string =>
  `${publicOrigin(deps)}${SANDBOX_PATH}/${p}/checkout/${orderId}`;

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

const NOTIFY_ROUTE = new RegExp(`^${NOTIFY_PATH}/[^/]+/?$`);
const SANDBOX_ROUTE = new RegExp(`^${SANDBOX_PATH}/([^/]+)/(checkout|pay)/[^/]+/?$`);

/**
 * Which of these routes the desktop's embedded backend answers without its launch key (which
 * main alone holds, server/http/launch-key.ts), and why:
 *
 * - a provider's notice (POST notify/{provider}): the provider cannot know the key, and needs
 *   none: a notice changes nothing unless its signature checks out against the provider's key
 *   (notify.ts), and a refused one is only recorded;
 * - the sandbox's checkout (GET checkout/{orderId}, POST pay/{orderId}): the page is opened in a
 *   browser, which sends no such header. Only while that provider is in sandbox mode, where
 *   paying moves no real money; in live mode they stay behind the key (and answer 40400 anyway).
 *
 * Every other route, the console's endpoints included, still needs the key.
 */
export async function paymentsLaunchKeyExempt(
  req: { method: string; path: string },
  deps: ServerDeps,
): Promise<boolean> {
  if (req.method === 'POST' && NOTIFY_ROUTE.test(req.path)) return true;
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
      const received = await receiveNotice(
        deps,
        provider,
        {
          headers: keptHeaders(req.headers),
          contentType: req.headers['content-type'] ?? '',
          body: typeof req.body === 'string' ? req.body : '',
        },
        { db: deps.db, now, log: req.log },
      );
      return reply.code(received.answer.status).type(received.answer.contentType).send(received.answer.body);
    });

    scope.get<{ Params: { provider: string; orderId: string } }>(
      `${SANDBOX_PATH}/:provider/checkout/:orderId`,
      async (req, reply) => {
        const lang = languageOf(req.headers['accept-language']);
        const { provider, order } = await sandboxOrder(deps, req, lang);
        return reply.type('text/html; charset=utf-8').send(
          checkoutPage(lang, {
            provider,
            orderId: order.orderId,
            grant: order.grantLabel,
            amount: `${toMajor(order.amount, order.currency)} ${order.currency}`,
            payUrl: `${SANDBOX_PATH}/${provider}/pay/${order.orderId}`,
          }),
        );
      },
    );

    scope.post<{ Params: { provider: string; orderId: string } }>(
      `${SANDBOX_PATH}/:provider/pay/:orderId`,
      async (req, reply) => sandboxPay(deps, req, reply),
    );
  });
}

/** The order a sandbox page is about: it must be paying with this provider, in sandbox mode. */
async function sandboxOrder(
  deps: ServerDeps,
  req: FastifyRequest<{ Params: { provider: string; orderId: string } }>,
  lang: 'en' | 'zh-CN',
) {
  const provider = providerOf(req.params.provider);
  const orderId = orderIdOf(req.params.orderId);
  const keyring = await keyringOf(deps, deps.db, (m) => req.log.warn(m));
  if (keyring[provider].mode !== 'sandbox') {
    throw problem(
      Codes.NOT_FOUND,
      `${provider} takes real payments here (live mode), so it has no sandbox checkout`,
      `${provider} 在此为正式模式，没有沙箱收银台`,
    );
  }
  const order = await orderDetail(deps.db, orderId, lang);
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
  return { provider, order };
}

async function sandboxPay(
  deps: ServerDeps,
  req: FastifyRequest<{ Params: { provider: string; orderId: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const lang = languageOf(req.headers['accept-language']);
  const { provider, order } = await sandboxOrder(deps, req, lang);
  const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const html = (ok: boolean, text: { en: string; 'zh-CN': string }) =>
    reply.type('text/html; charset=utf-8').send(resultPage(lang, ok, order.orderId, text[lang]));
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
  // As the provider would: over HTTP to the notify route, without the embedded backend's launch
  // key (the notify route needs none: paymentsLaunchKeyExempt), so the path is the provider's own.
  const res = await fetch(`${origin}${NOTIFY_PATH}/${provider}`, {
    method: 'POST',
    headers: { ...signed.headers, 'content-type': signed.contentType },
    body: signed.body,
  });
  const answer = await res.text();
  const after = await orderDetail(deps.db, order.orderId, lang);
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
