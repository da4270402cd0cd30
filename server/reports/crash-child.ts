import { startCrashBackend } from '../../tests/support/crash-backend.js';
import { CRASH_PLAYERS, writeBatch } from './crash-writes.js';

/**
 * The backend process of server/reports/crash.test.ts: starts the reference backend on the data
 * it is given (GAMEOPS_DATA_DIR or DATABASE_URL), then writes batch after batch (crash-writes.ts).
 * Before each batch it tells the test its number over IPC, after each its commit; the test kills
 * the process with SIGKILL in the middle of one.
 */

async function main(): Promise<void> {
  const backend = await startCrashBackend(CRASH_PLAYERS);
  const now = new Date();
  // Until the test kills it (a bound, so a lost test never leaves it writing for ever).
  for (let b = 1; b <= 200; b++) {
    process.send?.({ type: 'batch', b });
    await writeBatch(backend.database.db, b, now);
    process.send?.({ type: 'committed', b });
  }
  await backend.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
