import type { giftCodesFeature } from '../../shared/api/giftCodes.js';
import type { CodeKind } from '../../shared/api/giftCodes.js';
import { insertTestBatch, signedRedeemInput } from './test-kit.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of giftCodes (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof giftCodesFeature> = {
  'giftCodes.batches': async () => ({ game: RBAC_GAME }),
  'giftCodes.create': async (f) => giftCreateInput(f, 'activeCode'),
  'giftCodes.batch': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
  }),
  'giftCodes.codes': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
  }),
  'giftCodes.export': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
    reason: RBAC_REASON,
  }),
  'giftCodes.setBatchEnabled': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
    enabled: false,
    reason: RBAC_REASON,
  }),
  'giftCodes.status': async (f) => ({
    game: RBAC_GAME,
    code: (await giftBatch(f, 'activeCode')).codes[0] ?? '',
  }),
  'giftCodes.setCodeEnabled': async (f) => ({
    game: RBAC_GAME,
    code: (await giftBatch(f, 'activeCode')).codes[0] ?? '',
    enabled: false,
    reason: RBAC_REASON,
  }),
  // Public: the game server's signed call, a fresh code and nonce each time.
  'giftCodes.redeem': async (f) =>
    signedRedeemInput(
      RBAC_GAME,
      (await giftBatch(f, 'activeCode')).codes[0] ?? '',
      'rbac-player',
      f.t.clock.now,
    ),
  'shopTickets.batches': async () => ({ game: RBAC_GAME }),
  'shopTickets.create': async (f) => giftCreateInput(f, 'shopTicket'),
  'shopTickets.batch': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
  }),
  'shopTickets.codes': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
  }),
  'shopTickets.export': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
    reason: RBAC_REASON,
  }),
  'shopTickets.setBatchEnabled': async (f) => ({
    game: RBAC_GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
    enabled: false,
    reason: RBAC_REASON,
  }),
  'shopTickets.status': async (f) => ({
    game: RBAC_GAME,
    code: (await giftBatch(f, 'shopTicket')).codes[0] ?? '',
  }),
  'shopTickets.setCodeEnabled': async (f) => ({
    game: RBAC_GAME,
    code: (await giftBatch(f, 'shopTicket')).codes[0] ?? '',
    enabled: false,
    reason: RBAC_REASON,
  }),
  'shopTickets.redeem': async (f) =>
    signedRedeemInput(
      RBAC_GAME,
      (await giftBatch(f, 'shopTicket')).codes[0] ?? '',
      'rbac-player',
      f.t.clock.now,
    ),
  'catalogue.items': async () => ({ game: RBAC_GAME }),
  'catalogue.shopItems': async () => ({ game: RBAC_GAME }),
  'catalogue.rechargePacks': async () => ({ game: RBAC_GAME }),
};

/** A batch of one code, straight in the database, for a gift-code call of the matrix to act on. */
const giftBatch = (f: RbacFixture, kind: CodeKind) =>
  insertTestBatch(f.db, RBAC_GAME, kind, { now: f.now() });

function giftCreateInput(f: RbacFixture, kind: CodeKind) {
  return {
    game: RBAC_GAME,
    name: `rbac-${f.unique()}`,
    count: 2,
    grant:
      kind === 'activeCode'
        ? { kind: 'items' as const, rewards: [{ itemId: 20001, count: 1 }] }
        : { kind: 'shopItem' as const, shopItemId: 21001, price: 0 },
    validFrom: f.now().toISOString(),
    validUntil: new Date(f.t.clock.now + 86_400_000).toISOString(),
    usesPerCode: 1,
    usesPerPlayer: 1,
    reason: RBAC_REASON,
  };
}
