import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../shared/api/orders.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { startBackend } from '../backend.js';
import { ApiClient, backendKinds, postgresUrl, TEST_SCRYPT } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { forkTs, nextMessage } from '../../tests/support/processes.js';
import type { ChildProcess } from 'node:child_process';
import { DELIVERY_LEASE_MS } from './backoff.js';
import { fleetGrantOf, usesFleet } from './delivery.js';
import { CRASH_AFTER_PAID_ENV } from './ledger/payment.js';

/**
 * A backend process killed with SIGKILL between paid and delivered (the ledger's test hook,
 * right after the payment's commit) and started again on the same data once the payment's own
 * delivery would have had its time: the backend delivers the order by itself at start, exactly
 * once (the game received one request, the history one payment and one delivery), and an
 * operator's resend afterwards changes nothing.
 */

/** How the process ended: its exit code, or the signal that killed it. */
function ended(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the backend process did not end')), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(postgresUrl(), name);
});

describe.each(backendKinds())('a crash between paid and delivered, on %s', (kind) => {
  it('is delivered by the restarted backend by itself, exactly once', async () => {
    let where: { dataDir: string } | { databaseUrl: string };
    let env: NodeJS.ProcessEnv;
    if (kind === 'postgres') {
      const name = `t_crash_${randomBytes(5).toString('hex')}`;
      databases.push(name);
      const databaseUrl = await createDatabase(postgresUrl(), name);
      where = { databaseUrl };
      env = { DATABASE_URL: databaseUrl, GAMEOPS_DATA_DIR: '' };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'gameops-crash-'));
      dirs.push(dataDir);
      where = { dataDir };
      env = { GAMEOPS_DATA_DIR: dataDir, DATABASE_URL: '' };
    }

    const child = forkTs('server/orders/crash-child.ts', [], { ...env, [CRASH_AFTER_PAID_ENV]: '1' });
    const { orderId } = await nextMessage(
      child,
      (m): m is { type: 'order'; orderId: string } =>
        typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'order',
      120_000,
    );
    // The process really died at the crash point, killed, without closing anything.
    expect(await ended(child, 60_000)).toEqual({ code: null, signal: 'SIGKILL' });

    // Paid is committed: before the restart, the order is paid, undelivered, and queued.
    // The backend comes back once the payment's own delivery would have had its time.
    const backend = await startBackend({
      ...where,
      demo: true,
      auth: { scrypt: TEST_SCRYPT },
      clock: () => Date.now() + DELIVERY_LEASE_MS,
      redelivery: { everyMs: 0 },
    });
    try {
      await backend.serverWatch?.leading;
      // The job's run at start.
      expect(await backend.redelivery?.started).toBeGreaterThanOrEqual(1);
      const api = new ApiClient(backend.url);
      const token = (await api.login('admin')).authToken;
      const get = async () => {
        const r = await api.call<OrderDetail>(ENDPOINTS['orders.get'], { game: 'ymmj', orderId }, token);
        expect(r.body.Status.Code).toBe(Codes.OK);
        return r.body.Data;
      };
      const db = backend.database.db;
      /** How many delivery requests the game received for the order. */
      const received = async () => {
        if (usesFleet(db)) return fleetGrantOf(db, 'ymmj', orderId)?.requests ?? 0;
        return (
          await db.selectFrom('game_deliveries').select('order_id').where('order_id', '=', orderId).execute()
        ).length;
      };

      const after = await get();
      expect(after).toMatchObject({
        state: 'delivered',
        deliveryAttempts: 1,
        nextDeliveryAt: null,
        providerRef: 'WX-CRASH-1',
      });
      expect(after.history.map((e) => [e.to, e.action, e.by])).toEqual([
        ['created', 'create', 'admin'],
        ['paying', 'pay', 'provider:wechat'],
        ['paid', 'notice', 'provider:wechat'],
        ['delivered', 'retry', 'system'],
      ]);
      expect(await received()).toBe(1);

      // Running again, or an operator's resend, grants nothing more.
      await backend.redelivery?.runDue();
      const resend = await api.call<OrderDetail>(
        ENDPOINTS['orders.resend'],
        { game: 'ymmj', orderId, reason: 'after the crash' },
        token,
      );
      expect(resend.body.Data).toMatchObject({ state: 'delivered', deliveryAttempts: 1 });
      expect((await get()).history.filter((e) => e.to === 'delivered' || e.to === 'paid')).toHaveLength(2);
      expect(await received()).toBe(1);
    } finally {
      await backend.close();
    }
  }, 240_000);
});
