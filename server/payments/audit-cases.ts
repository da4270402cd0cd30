import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import type { TestBackend } from '../../tests/support/backends.js';
import { insertTestOrder } from '../orders/test-kit.js';
import { playerIdOf } from '../seed/players.js';
import { insertTestNotice } from './test-kit.js';

/** The audit cases of payments, for server/audit/audit.test.ts (pay.order runs with a pay-server token). */

const GAME: GameId = 'ymmj';
const MISSING_ORDER = 'GOY20200101NOSUCHORDER';
let n = 0;

const db = (t: TestBackend) => t.backend.database.db;
const at = (t: TestBackend) => new Date(t.clock.now);

export const auditCases: AuditCases = {
  'pay.order': {
    ok: async () => ({
      input: { game: GAME, playerId: playerIdOf(GAME, 7), productId: 22001, requestId: `audit-pay-${++n}` },
      target: playerIdOf(GAME, 7),
      reason: null,
      game: GAME,
    }),
    error: async () => ({
      input: { game: GAME, playerId: playerIdOf(GAME, 7), productId: 99_999, requestId: `audit-pay-${++n}` },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({
        kind: 'purchase',
        state: 'created',
        createdBy: 'super',
        playerId: playerIdOf(GAME, 7),
      });
    },
  },
  'payOrders.resend': {
    ok: async (t) => {
      const orderId = await insertTestOrder(db(t), { game: GAME, state: 'paid', at: at(t) });
      return {
        input: { orderId, reason: 'player reports no gems' },
        target: orderId,
        reason: 'player reports no gems',
        game: GAME,
      };
    },
    error: async () => ({
      input: { orderId: MISSING_ORDER, reason: 'player reports no gems' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ state: 'paid' });
      expect(after).toMatchObject({ state: 'delivered' });
    },
  },
  'payOrders.resendWebhook': {
    ok: async (t) => {
      const orderId = await insertTestOrder(db(t), { game: GAME, state: 'paying', at: at(t) });
      await insertTestNotice(db(t), { orderId, at: at(t) });
      return {
        input: { orderId, reason: 'check the webhook' },
        target: orderId,
        reason: 'check the webhook',
        game: GAME,
      };
    },
    error: async (t) => ({
      // An order without a PayPal notice: nothing to send again.
      input: {
        orderId: await insertTestOrder(db(t), { game: GAME, state: 'paying', at: at(t) }),
        reason: 'check the webhook',
      },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ provider: 'paypal', resent: false });
      // The stored body is no PayPal webhook: verified again, it is refused again.
      expect(after).toMatchObject({ provider: 'paypal', resent: true, outcome: 'malformed' });
    },
  },
  'payProviders.resendNotice': {
    ok: async (t) => {
      const id = await insertTestNotice(db(t), { orderId: null, provider: 'alipay', at: at(t) });
      return {
        input: { noticeId: id, reason: 'verify it again' },
        target: `notice #${id}`,
        reason: 'verify it again',
      };
    },
    error: async () => ({
      input: { noticeId: 987_654_321, reason: 'verify it again' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ provider: 'alipay', resent: false });
      expect(after).toMatchObject({ provider: 'alipay', resent: true, outcome: 'malformed' });
    },
  },
};
