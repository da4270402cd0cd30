import type { Kysely, Selectable } from 'kysely';
import type { Provider } from '../../shared/api/orders.js';
import type { SandboxRefund } from '../../shared/api/payments.js';
import { Codes } from '../../shared/codes.js';
import type { Database } from '../db/schema.js';
import type { PaySandboxRefundsTable } from './tables.js';
import type { ServerDeps } from '../http/context.js';
import { problem } from '../http/problem.js';
import { keyringOf } from './keys.js';
import { PROVIDER_MODULES } from './notify.js';
import type { ProviderModule, RefundDone } from './providers/types.js';

/**
 * The provider's side of an order's refund (orders.refund and bulk refund, server/orders): the
 * order's provider module is asked to give the money back before the order changes.
 *
 * - Sandbox: the sandbox takes the refund at once; it is recorded in pay_sandbox_refunds (what
 *   the provider would keep: its refund id, amount, who and why), in the caller's transaction,
 *   so the record and the order's refund commit or roll back together.
 * - Live: refused with 50300 (live refunds are not built here), and the order is left as it was.
 * - Misconfigured: refused with 50300 naming the missing settings.
 */

export interface RefundedPayment {
  order_id: string;
  provider: string;
  provider_ref: string | null;
  amount: number;
  currency: string;
}

export interface ProviderRefundStep {
  /** The caller's handle: the transaction that also refunds the order. */
  db: Kysely<Database>;
  deps: ServerDeps;
  by: string;
  reason: string;
  now: Date;
  log: (msg: string) => void;
}

export async function refundWithProvider(
  row: RefundedPayment,
  step: ProviderRefundStep,
): Promise<RefundDone> {
  const provider = row.provider as Provider;
  if (!row.provider_ref) {
    throw problem(
      Codes.CONFLICT,
      `Order ${row.order_id} has no ${provider} payment reference, so ${provider} cannot be asked to refund it`,
      `订单 ${row.order_id} 没有 ${provider} 支付单号，无法向 ${provider} 申请退款`,
    );
  }
  const source = (await keyringOf(step.deps, step.db, step.log))[provider];
  if (source.mode === 'misconfigured') {
    throw problem(
      Codes.UNAVAILABLE,
      `${provider} is not configured (${source.missing.join(', ')} missing), so it cannot refund; the order is left as it was`,
      `${provider} 未配置完整（缺少 ${source.missing.join('、')}），无法退款；订单保持不变`,
    );
  }
  const mod = PROVIDER_MODULES[provider] as ProviderModule<unknown>;
  const done = mod.refund(
    { orderId: row.order_id, providerRef: row.provider_ref, amount: row.amount, currency: row.currency },
    source.mode,
  );
  await step.db
    .insertInto('pay_sandbox_refunds')
    .values({
      provider,
      order_id: row.order_id,
      provider_ref: row.provider_ref,
      refund_ref: done.refundRef,
      amount: row.amount,
      currency: row.currency,
      status: done.status,
      refunded_by: step.by,
      reason: step.reason,
      at: step.now,
    })
    .execute();
  return done;
}

/** A refund row as payProviders.refunds lists it. */
export function toSandboxRefund(row: Selectable<PaySandboxRefundsTable>): SandboxRefund {
  return {
    id: row.id,
    provider: row.provider as Provider,
    orderId: row.order_id,
    providerRef: row.provider_ref,
    refundRef: row.refund_ref,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    refundedBy: row.refunded_by,
    reason: row.reason,
    at: new Date(row.at).toISOString(),
  };
}
