import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditCase, AuditCases } from '../../tests/support/audit-case.js';
import type { TestBackend } from '../../tests/support/backends.js';
import { playerIdOf } from '../seed/players.js';
import { insertTestOrder } from './test-kit.js';

/** The audit cases of orders, for server/audit/audit.test.ts: each entry keeps the order before and after. */

const GAME: GameId = 'ymmj';
let n = 0;

const order = (t: TestBackend, state: 'created' | 'paid' | 'delivered', more: { pending?: boolean } = {}) =>
  insertTestOrder(t.backend.database.db, {
    game: GAME,
    state,
    at: new Date(t.clock.now),
    ...(more.pending
      ? { kind: 'manual' as const, approval: 'pending' as const, createdBy: 'audit-creator' }
      : {}),
  });

/** A step on one order: ok from `okState`, refused (40900) from `badState`, and the state after. */
function step(
  okState: 'created' | 'paid' | 'delivered',
  badState: 'created' | 'paid' | 'delivered',
  after: string,
  pending = false,
): AuditCase {
  return {
    ok: async (t) => {
      const orderId = await order(t, okState, { pending });
      return {
        input: { game: GAME, orderId, reason: 'audit step' },
        target: orderId,
        reason: 'audit step',
        game: GAME,
      };
    },
    error: async (t) => ({
      input: { game: GAME, orderId: await order(t, badState), reason: 'audit step' },
      code: Codes.CONFLICT,
    }),
    check: (before, afterValue) => {
      expect(before).toMatchObject({ state: okState });
      expect(afterValue).toMatchObject({ state: after });
    },
  };
}

export const auditCases: AuditCases = {
  'orders.create': {
    ok: async () => ({
      input: {
        game: GAME,
        playerId: playerIdOf(GAME, 6),
        grant: { kind: 'amount' },
        amount: 300,
        requestId: `audit-create-${++n}`,
        reason: 'audit grant',
      },
      target: playerIdOf(GAME, 6),
      reason: 'audit grant',
      game: GAME,
    }),
    error: async () => ({
      input: {
        game: GAME,
        playerId: '76561190000000001',
        grant: { kind: 'amount' },
        amount: 300,
        requestId: `audit-create-${++n}`,
        reason: 'audit grant',
      },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ kind: 'manual', amount: 300, state: 'delivered', approval: 'notNeeded' });
    },
  },
  'orders.approve': step('created', 'created', 'delivered', true),
  'orders.reject': step('created', 'paid', 'cancelled', true),
  'orders.resend': step('paid', 'created', 'delivered'),
  'orders.refund': step('delivered', 'created', 'refunded'),
  'orders.cancel': step('created', 'paid', 'cancelled'),
  'orders.bulk': {
    ok: async (t) => ({
      input: { game: GAME, action: 'cancel', orderIds: [await order(t, 'created')], reason: 'audit bulk' },
      target: 'cancel × 1',
      reason: 'audit bulk',
      game: GAME,
    }),
    error: async () => ({
      input: { game: GAME, action: 'cancel', orderIds: [], reason: 'audit bulk' },
      code: Codes.VALIDATION,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ results: [{ ok: true, state: 'cancelled' }] });
    },
  },
  'orders.saveSettings': {
    ok: async () => ({
      input: { game: GAME, approvalThreshold: 70_000, reason: 'audit policy' },
      target: GAME,
      reason: 'audit policy',
      game: GAME,
    }),
    error: async () => ({
      input: { game: GAME, approvalThreshold: 70_000, reason: 'audit policy' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ approvalThreshold: 50_000 });
      expect(after).toMatchObject({ approvalThreshold: 70_000, updatedBy: 'super' });
    },
  },
};
