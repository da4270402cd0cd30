import { THEMES } from './../players/themes/index.js';
import { startCrashBackend } from '../../tests/support/crash-backend.js';
import { playerIdOf } from '../seed/players.js';
import { createPurchaseOrder } from './ledger/create.js';
import { deliverOrder } from './ledger/deliver.js';
import { applyPayment, startPaying } from './ledger/payment.js';

/**
 * The backend process of server/orders/crash.test.ts: starts the reference backend on the data
 * it is given (GAMEOPS_DATA_DIR or DATABASE_URL), opens and starts paying an order, tells the test
 * its id over IPC, then applies the payment and delivers it, as a payment notice does. Run with
 * GAMEOPS_TEST_CRASH_AFTER_PAID=1, the process dies right after the paid commit (ledger.ts), so
 * the delivery never starts.
 */

const GAME = 'ymmj';

async function main(): Promise<void> {
  const backend = await startCrashBackend(20);
  const db = backend.database.db;
  const now = new Date();
  const pack = THEMES[GAME].recharge[0];
  if (!pack) throw new Error('no recharge pack');
  const order = await createPurchaseOrder(db, {
    game: GAME,
    playerId: playerIdOf(GAME, 2),
    productId: pack.id,
    requestId: `crash-test-${process.pid}`,
    by: 'admin',
    now,
  });
  await startPaying(db, { orderId: order.orderId, provider: 'wechat', providerRef: 'WX-CRASH-1', now });
  process.send?.({ type: 'order', orderId: order.orderId });
  await applyPayment(db, {
    orderId: order.orderId,
    provider: 'wechat',
    providerRef: 'WX-CRASH-1',
    amount: pack.price,
    currency: THEMES[GAME].currency,
    now,
    by: 'provider:wechat',
  });
  // Only without the crash hook: deliver and stop cleanly.
  await deliverOrder(
    { db, deps: { db, kind: backend.database.kind }, lang: 'en' },
    order.orderId,
    'system',
    new Date(),
  );
  await backend.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
