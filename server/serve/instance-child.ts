import { startBackend } from '../backend.js';
import { raiseAlert } from '../serverWatch/port.js';
import { LEADER_RETRY_SEC, type FromInstance, type ToInstance } from './instance-protocol.js';

/**
 * One backend instance of server/serve/instances.test.ts, in a process of its own so the test can
 * kill it: the reference backend on DATABASE_URL (with GAMEOPS_SECRETS_KEY from the environment,
 * as a deployed one), server watch's checker contested every second, the delivery job on. It
 * says `ready` with its URL over IPC, then answers the test's questions: whether it runs the
 * checks now, and, on request, raises an alert through server watch's port (as a failing order
 * delivery does) and says once it has committed.
 */

async function main(): Promise<void> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const backend = await startBackend({
    databaseUrl,
    demo: process.env['GAMEOPS_TEST_DEMO'] === '1',
    seedPlayers: Number(process.env['GAMEOPS_SEED'] ?? 0),
    auth: { scrypt: { N: 1024, r: 8, p: 1 } },
    serverWatch: { tickMs: 0, demo: false, leaderRetrySec: LEADER_RETRY_SEC },
  });
  const send = (m: FromInstance) => process.send?.(m);
  const db = backend.database.db;
  process.on('message', (m: ToInstance) => {
    if (m.type === 'leading?') send({ type: 'leading', leading: backend.serverWatch?.engine != null });
    if (m.type === 'raise') {
      void raiseAlert(
        { db, root: db, kind: backend.database.kind },
        new Date(),
        {
          kind: 'delivery',
          game: 'ymmj',
          delivery: {
            orderId: m.orderId,
            attempts: 5,
            error: { en: 'the game did not answer', 'zh-CN': '游戏未响应' },
          },
        },
        async () => true,
      ).then((raised) => send({ type: 'raised', orderId: m.orderId, raised }));
    }
  });
  // The test ends an instance by closing its IPC channel (or kills it).
  process.on('disconnect', () => {
    void backend.close().finally(() => process.exit(0));
  });
  send({ type: 'ready', url: backend.url });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
