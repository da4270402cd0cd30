import { startBackend, type RunningBackend } from '../../server/backend.js';

/**
 * The backend a crash test's child process runs (server/orders/crash-child.ts,
 * server/reports/crash-child.ts): on the data the test hands it (GAMEOPS_DATA_DIR or DATABASE_URL),
 * the demo operators and `seedPlayers` made-up players a game, cheap scrypt, no server watch. One
 * start-up, so both tests kill the same backend.
 */
export function startCrashBackend(seedPlayers: number): Promise<RunningBackend> {
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = process.env['GAMEOPS_DATA_DIR'] || undefined;
  return startBackend({
    ...(databaseUrl ? { databaseUrl } : { dataDir }),
    demo: true,
    seedPlayers,
    auth: { scrypt: { N: 1024, r: 8, p: 1 } },
    serverWatch: false,
  });
}
