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
import { exited, forkTs, nextMessage } from '../../tests/support/processes.js';
import { fleetGrantOf, usesFleet } from './delivery.js';
import { CRASH_AFTER_PAID_ENV, CRASH_EXIT_CODE } from './ledger.js';

/**
 * A backend process killed between paid and delivered (the ledger's test hook exits right after
 * the payment's commit) and started again on the same data: the order is paid and undelivered,
 * shown as such; a resend delivers it, once, and a second resend changes nothing.
 */

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(postgresUrl(), name);
});

describe.each(backendKinds())('a crash between paid and delivered, on %s', (kind) => {
  it('leaves the order paid and undelivered; a resend after the restart delivers it once', async () => {
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
    // The process really died at the crash point, without closing anything.
    expect(await exited(child, 60_000)).toBe(CRASH_EXIT_CODE);

    const backend = await startBackend({ ...where, demo: true, auth: { scrypt: TEST_SCRYPT } });
    try {
      await backend.serverWatch?.leading;
      const api = new ApiClient(backend.url);
      const token = (await api.login('admin')).authToken;
      const get = async () => {
        const r = await api.call<OrderDetail>(ENDPOINTS['orders.get'], { game: 'ymmj', orderId }, token);
        expect(r.body.Status.Code).toBe(Codes.OK);
        return r.body.Data;
      };
      const db = backend.database.db;
      const granted = async () => {
        if (usesFleet(db)) return fleetGrantOf(db, 'ymmj', orderId) ? 1 : 0;
        return (
          await db.selectFrom('game_deliveries').select('order_id').where('order_id', '=', orderId).execute()
        ).length;
      };

      const before = await get();
      expect(before).toMatchObject({
        state: 'paid',
        paymentStatus: 'Pending',
        deliveredAt: null,
        deliveryAttempts: 0,
        providerRef: 'WX-CRASH-1',
      });
      expect(before.history.map((e) => e.to)).toEqual(['created', 'paying', 'paid']);
      expect(await granted()).toBe(0);
      // It is among the game's unhandled orders.
      const unhandled = await api.call<{ items: { orderId: string }[] }>(
        ENDPOINTS['orders.search'],
        { game: 'ymmj', state: ['paid', 'deliveryFailed'], pageSize: 200 },
        token,
      );
      expect(unhandled.body.Data.items.map((o) => o.orderId)).toContain(orderId);

      const resend = () =>
        api.call<OrderDetail>(
          ENDPOINTS['orders.resend'],
          { game: 'ymmj', orderId, reason: 'after the crash' },
          token,
        );
      const first = await resend();
      expect(first.body.Data).toMatchObject({ state: 'delivered', deliveryAttempts: 1 });
      const second = await resend();
      expect(second.body.Data).toMatchObject({ state: 'delivered', deliveryAttempts: 1 });
      expect((await get()).history.filter((e) => e.to === 'delivered')).toHaveLength(1);
      expect(await granted()).toBe(1);
    } finally {
      await backend.close();
    }
  }, 240_000);
});
