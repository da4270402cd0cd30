import type { paymentsFeature } from '../../shared/api/payments.js';
import { playerIdOf } from '../seed/players.js';
import { insertTestOrder } from '../orders/test-kit.js';
import { insertTestNotice } from './test-kit.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of payments (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof paymentsFeature> = {
  'payServer.signIn': async () => ({}),
  'payServer.status': async () => ({}),
  // Shut down, then started again by the next entry: the payment calls after them find it open.
  'payServer.shutdown': async () => ({ reason: RBAC_REASON }),
  'payServer.start': async () => ({ reason: RBAC_REASON }),
  'payOrders.list': async (f) => ({
    start: new Date(f.t.clock.now - 86_400_000).toISOString(),
    end: new Date(f.t.clock.now + 60_000).toISOString(),
    pageSize: 5,
  }),
  'payOrders.resend': async (f) => ({ orderId: await testOrder(f, 'paid'), reason: RBAC_REASON }),
  'payOrders.resendWebhook': async (f) => {
    const orderId = await testOrder(f, 'paying');
    await insertTestNotice(f.db, { orderId, at: f.now() });
    return { orderId, reason: RBAC_REASON };
  },
  'payProviders.list': async () => ({}),
  'payProviders.notices': async () => ({ provider: 'paypal', pageSize: 5 }),
  'payProviders.refunds': async () => ({ provider: 'paypal', pageSize: 5 }),
  'payProviders.resendNotice': async (f) => ({
    noticeId: await insertTestNotice(f.db, { orderId: null, at: f.now() }),
    reason: RBAC_REASON,
  }),
  'pay.order': async (f) => ({
    game: RBAC_GAME,
    playerId: playerIdOf(RBAC_GAME, 1),
    productId: 22001,
    requestId: `rbac-${f.unique()}`,
  }),
  'pay.status': async (f) => ({ orderId: await testOrder(f, 'delivered') }),
  'pay.do': async (f) => ({ provider: 'wechat', orderId: await testOrder(f, 'created') }),
  'pay.detail': async (f) => ({ orderId: await testOrder(f, 'delivered') }),
};

/** An order of its own for a call of the matrix, in the state the call needs. */
const testOrder = (f: RbacFixture, state: 'created' | 'paying' | 'paid' | 'delivered') =>
  insertTestOrder(f.db, { game: RBAC_GAME, state, at: f.now() });
