import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import {
  PROVIDERS,
  type NoticeOutcome,
  type OrderDetail,
  type PaymentNotice,
  type Provider,
} from '../../shared/api/orders.js';
import type { ProviderStatus, paymentsEndpoints } from '../../shared/api/payments.js';
import { Codes } from '../../shared/codes.js';
import { listPage } from '../db/paging.js';
import { signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { ordersLedger } from '../orders/port.js';
import { payServerHandlers } from '../payServer/handlers.js';
import { isAccepting } from '../payServer/state.js';
import { keyringOf } from './keys.js';
import { toSandboxRefund } from './refunds.js';
import { receiveNotice, storedRequest, toNotice, type NoticeRow } from './notify.js';
import { checkoutNonce } from './checkout-nonce.js';
import { checkoutUrl, notifyUrl } from './routes.js';

/**
 * The payment service (pay.*: orders players buy, their checkout and state) and the admin side
 * of payments (payOrders.*, payProviders.*); the pay-server session is server/payServer's.
 */

type Endpoints = typeof paymentsEndpoints;

const REFUSED: readonly NoticeOutcome[] = ['badSignature', 'stale', 'malformed'];

/** New orders and payments wait while the pay server is shut down (notices still count). */
async function mustAccept(ctx: HandlerContext): Promise<void> {
  if (await isAccepting(ctx.db)) return;
  throw problem(
    Codes.UNAVAILABLE,
    'The pay server is shut down: it takes no new orders or payments until a SUPER starts it again',
    '支付服务器已关闭：在超级管理员重新启动之前，不接受新订单和支付',
  );
}

/** A provider reference in the provider's own shape (what its checkout would hand back). */
function newProviderRef(p: Provider, now: Date): string {
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const alnum = (n: number) =>
    Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[randomInt(34)]).join('');
  switch (p) {
    case 'wechat':
      return `4200${digits(6)}${day}${digits(10)}`;
    case 'alipay':
      return `${day}22001${digits(14)}`;
    case 'paypal':
      return alnum(17);
    case 'payssion':
      return `T${alnum(15)}`;
  }
}

async function mustFindNotice(ctx: HandlerContext, id: number): Promise<NoticeRow> {
  const row = await ctx.db.selectFrom('payment_notices').selectAll().where('id', '=', id).executeTakeFirst();
  if (row) return row;
  throw problem(Codes.NOT_FOUND, `No payment notice #${id}`, `没有支付通知 #${id}`);
}

/** Runs a stored notice through verification again (judged at when it first arrived). */
async function resend(ctx: HandlerContext, row: NoticeRow): Promise<PaymentNotice> {
  const request = storedRequest(row);
  if (!request) {
    throw problem(
      Codes.CONFLICT,
      `Payment notice #${row.id} was stored without its request, so it cannot be verified again`,
      `支付通知 #${row.id} 未保存原始请求，无法再次验证`,
    );
  }
  const { notice } = await receiveNotice(ctx.deps, row.provider as Provider, request, {
    db: ctx.db,
    now: ctx.now,
    resent: true,
    judgedAt: row.received_at,
    log: ctx.log,
    afterCommit: ctx.afterCommit,
  });
  ctx.audit.before = toNotice(row);
  ctx.audit.after = notice;
  return notice;
}

function auditOrder(ctx: HandlerContext, before: OrderDetail | null, after: OrderDetail): OrderDetail {
  ctx.audit.target = after.orderId;
  ctx.audit.game = after.game;
  ctx.audit.before = before;
  ctx.audit.after = after;
  return after;
}

const paymentHandlers: HandlerMap<Omit<Endpoints, keyof typeof payServerHandlers>> = {
  'payOrders.list': async (input, ctx) => {
    const { start, end, ...filters } = input;
    return ordersLedger.searchOrders(ctx.db, { ...filters, from: start, to: end }, ctx.lang);
  },

  'payOrders.resend': async (input, ctx) => {
    const before = await ordersLedger.orderDetail(ctx.db, input.orderId, ctx.lang);
    const op = signedInOf(ctx).operator;
    const after = await ordersLedger.resendOrder(ctx, {
      orderId: input.orderId,
      by: op.name,
      reason: input.reason,
      now: ctx.now,
    });
    return auditOrder(ctx, before, after);
  },

  'payOrders.resendWebhook': async (input, ctx) => {
    const order = await ordersLedger.orderDetail(ctx.db, input.orderId, ctx.lang);
    ctx.audit.target = order.orderId;
    ctx.audit.game = order.game;
    const row = await ctx.db
      .selectFrom('payment_notices')
      .selectAll()
      .where('order_id', '=', order.orderId)
      .where('provider', '=', 'paypal')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      throw problem(
        Codes.NOT_FOUND,
        `Order ${order.orderId} has no PayPal notice to send again`,
        `订单 ${order.orderId} 没有可重发的 PayPal 通知`,
      );
    }
    return resend(ctx, row);
  },

  'payProviders.list': async (_input, ctx) => {
    const keyring = await keyringOf(ctx.deps, ctx.db, (m) => ctx.log.warn(m));
    const since = new Date(ctx.now.getTime() - 24 * 3600_000);
    const counts = await ctx.db
      .selectFrom('payment_notices')
      .select(['provider', 'outcome', sql<number>`count(*)::int`.as('n')])
      .where('received_at', '>=', since)
      .groupBy(['provider', 'outcome'])
      .execute();
    const last = await ctx.db
      .selectFrom('payment_notices')
      .select(['provider', sql<Date | string>`max(received_at)`.as('at')])
      .groupBy('provider')
      .execute();
    const providers: ProviderStatus[] = PROVIDERS.map((p) => {
      const mine = counts.filter((c) => c.provider === p);
      const at = last.find((l) => l.provider === p)?.at;
      const source = keyring[p];
      return {
        provider: p,
        mode: source.mode === 'sandbox' ? 'sandbox' : 'live',
        enabled: source.mode !== 'misconfigured',
        notifyUrl: notifyUrl(ctx.deps, p),
        lastNoticeAt: at ? new Date(at).toISOString() : null,
        noticesApplied: mine.filter((c) => c.outcome === 'applied').reduce((s, c) => s + c.n, 0),
        noticesRefused: mine
          .filter((c) => REFUSED.includes(c.outcome as NoticeOutcome))
          .reduce((s, c) => s + c.n, 0),
      };
    });
    return { providers };
  },

  'payProviders.notices': async (input, ctx) => {
    let q = ctx.db.selectFrom('payment_notices');
    if (input.provider) q = q.where('provider', '=', input.provider);
    if (input.outcome) q = q.where('outcome', '=', input.outcome);
    if (input.orderId) q = q.where('order_id', '=', input.orderId);
    return listPage(q, q.selectAll().orderBy('received_at', 'desc').orderBy('id', 'desc'), input, toNotice);
  },

  'payProviders.refunds': async (input, ctx) => {
    let q = ctx.db.selectFrom('pay_sandbox_refunds');
    if (input.provider) q = q.where('provider', '=', input.provider);
    if (input.orderId) q = q.where('order_id', '=', input.orderId);
    return listPage(q, q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'), input, toSandboxRefund);
  },

  'payProviders.resendNotice': async (input, ctx) => {
    const row = await mustFindNotice(ctx, input.noticeId);
    ctx.audit.target = `notice #${row.id}`;
    return resend(ctx, row);
  },

  'pay.order': async (input, ctx) => {
    await mustAccept(ctx);
    const op = signedInOf(ctx).operator;
    const detail = await ordersLedger.createPurchaseOrder(
      ctx.db,
      {
        game: input.game,
        playerId: input.playerId,
        productId: input.productId,
        requestId: input.requestId,
        by: op.name,
        now: ctx.now,
      },
      ctx.lang,
    );
    auditOrder(ctx, null, detail);
    // The target is the player, as for orders.create (the order id is in `after`): what an
    // operator searches the log by.
    ctx.audit.target = input.playerId;
    return detail;
  },

  'pay.status': async (input, ctx) => {
    const o = await ordersLedger.orderDetail(ctx.db, input.orderId, ctx.lang);
    return { orderId: o.orderId, state: o.state, paymentStatus: o.paymentStatus };
  },

  'pay.do': async (input, ctx) => {
    await mustAccept(ctx);
    const { provider } = input;
    const keyring = await keyringOf(ctx.deps, ctx.db, (m) => ctx.log.warn(m));
    const source = keyring[provider];
    if (source.mode !== 'sandbox') {
      throw problem(
        Codes.UNAVAILABLE,
        source.mode === 'live'
          ? `${provider} is in live mode: the reference backend verifies its notices but does not open checkouts at ${provider}; open the checkout from your payment integration`
          : `${provider} is not configured: ${source.missing.join(', ')} missing`,
        source.mode === 'live'
          ? `${provider} 为正式模式：参考后端只验证其支付通知，不在 ${provider} 创建收银台，请由你的支付集成创建`
          : `${provider} 未配置完整：缺少 ${source.missing.join('、')}`,
      );
    }
    const order = await ordersLedger.orderDetail(ctx.db, input.orderId, ctx.lang);
    const again = order.state === 'paying' && order.provider === provider && order.providerRef;
    const providerRef = again ? order.providerRef! : newProviderRef(provider, ctx.now);
    if (!again)
      await ordersLedger.startPaying(ctx.db, { orderId: order.orderId, provider, providerRef, now: ctx.now });
    return {
      orderId: order.orderId,
      provider,
      providerRef,
      checkoutUrl: checkoutUrl(
        ctx.deps,
        provider,
        order.orderId,
        checkoutNonce(source.keys, provider, order.orderId),
      ),
      sandbox: true,
    };
  },

  'pay.detail': async (input, ctx) => ordersLedger.orderDetail(ctx.db, input.orderId, ctx.lang),
};

export const paymentsHandlers: HandlerMap<Endpoints> = { ...paymentHandlers, ...payServerHandlers };
