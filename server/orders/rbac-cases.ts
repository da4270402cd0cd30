import type { ordersFeature } from '../../shared/api/orders.js';
import { playerIdOf } from '../seed/players.js';
import { insertTestOrder } from './test-kit.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of orders (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof ordersFeature> = {
  'orders.search': async () => ({ game: RBAC_GAME, paymentStatus: ['Completed'], pageSize: 5 }),
  'orders.get': async (f) => ({ game: RBAC_GAME, orderId: await testOrder(f, 'delivered') }),
  'orders.create': async (f) => ({
    game: RBAC_GAME,
    playerId: playerIdOf(RBAC_GAME, 1),
    grant: { kind: 'amount' },
    amount: 100,
    requestId: `rbac-${f.unique()}-request`,
    reason: RBAC_REASON,
  }),
  'orders.approve': async (f) => ({ game: RBAC_GAME, orderId: await pendingOrder(f), reason: RBAC_REASON }),
  'orders.reject': async (f) => ({ game: RBAC_GAME, orderId: await pendingOrder(f), reason: RBAC_REASON }),
  'orders.resend': async (f) => ({
    game: RBAC_GAME,
    orderId: await testOrder(f, 'paid'),
    reason: RBAC_REASON,
  }),
  'orders.refund': async (f) => ({
    game: RBAC_GAME,
    orderId: await testOrder(f, 'delivered'),
    reason: RBAC_REASON,
  }),
  'orders.cancel': async (f) => ({
    game: RBAC_GAME,
    orderId: await testOrder(f, 'created'),
    reason: RBAC_REASON,
  }),
  'orders.bulk': async (f) => ({
    game: RBAC_GAME,
    action: 'cancel',
    orderIds: [await testOrder(f, 'created'), await testOrder(f, 'paying')],
    reason: RBAC_REASON,
  }),
  'orders.settings': async () => ({ game: RBAC_GAME }),
  'orders.saveSettings': async (f) => ({
    game: RBAC_GAME,
    approvalThreshold: 60_000 + Number(f.unique()),
    reason: RBAC_REASON,
  }),
};

/** An order of its own for a call of the matrix, in the state the call needs. */
const testOrder = (f: RbacFixture, state: 'created' | 'paying' | 'paid' | 'delivered') =>
  insertTestOrder(f.db, { game: RBAC_GAME, state, at: f.now() });

/** A manual order waiting for approval, made by someone no caller of the matrix is. */
const pendingOrder = (f: RbacFixture) =>
  insertTestOrder(f.db, {
    game: RBAC_GAME,
    state: 'created',
    at: f.now(),
    kind: 'manual',
    approval: 'pending',
    createdBy: 'rbac-creator',
  });
