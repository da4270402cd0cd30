import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { raiseAlert } from './port.js';

/**
 * An alert that another feature raises inside its own transaction (a failing delivery) wakes a
 * waiting long-poll when that transaction commits, on both databases, and not at all when it
 * rolls back: the announcement travels with the transaction (the notify bus), and the hub reads
 * the log before it wakes anyone.
 */
describe.each(backendKinds())('alerts raised in a caller’s transaction, on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await startTestBackend(kind, { seedPlayers: 0, serverWatch: { tickMs: 0, demo: false } });
    token = (await t.api.login('super')).authToken;
  });
  afterAll(() => t?.close());

  const lastSeq = async () =>
    (await t.api.call<{ last: number }>(ENDPOINTS['serverWatch.events'], {}, token)).body.Data.last;
  const poll = (after: number, wait: number) =>
    t.api.call<{ events: WatchAlert[]; last: number }>(
      ENDPOINTS['serverWatch.events'],
      { after, wait },
      token,
    );
  /** Raises a delivery alert in a transaction of its own that commits, or throws after raising. */
  const raiseIn = (orderId: string, commit: boolean) => {
    const db = t.backend.database.db;
    return db.transaction().execute(async (trx) => {
      await raiseAlert(
        { db: trx, root: db, kind: t.backend.database.kind },
        new Date(),
        {
          kind: 'delivery',
          game: 'ymmj',
          delivery: { orderId, attempts: 5, error: { en: 'no answer', 'zh-CN': '无应答' } },
        },
        async () => true,
      );
      if (!commit) throw new Error('rolled back');
    });
  };

  it('wakes the long-poll once the transaction commits', async () => {
    const after = await lastSeq();
    const started = Date.now();
    const answer = poll(after, 20);
    await new Promise((r) => setTimeout(r, 100));
    await raiseIn('wake-me', true);
    const got = await answer;
    expect(got.body.Data.events.map((e) => e.delivery?.orderId)).toEqual(['wake-me']);
    // Well before the poll's 20 s and the hub's 5 s safety poll: woken, not found by a timer.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('leaves the long-poll waiting when the transaction rolls back', async () => {
    const after = await lastSeq();
    const answer = poll(after, 1);
    await new Promise((r) => setTimeout(r, 100));
    await expect(raiseIn('never', false)).rejects.toThrow('rolled back');
    const got = await answer;
    expect(got.body.Data).toMatchObject({ events: [], last: after });
  });
});
