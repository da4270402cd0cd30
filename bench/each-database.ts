import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres, type PostgresCluster } from '../tests/support/postgres.js';
import { BENCH_POSTGRES_SETTINGS } from './postgres-settings.js';

export type BenchDatabase = 'pglite' | 'postgres';

/** Where a bench's backend or database opens: a PGlite data folder, or a PostgreSQL URL. */
export type BenchTarget = { dataDir: string } | { databaseUrl: string };

/**
 * Runs a script bench on PGlite (a fresh data folder) and then PostgreSQL 15 (a cluster of its
 * own, database `bench_<name>`), or on one of them when BENCH_DB says which; cleans up after
 * each, also when the bench fails. Exits 1 on a failure, so `npm run bench` sees it.
 */
export function benchOnEachDatabase(
  name: string,
  bench: (kind: BenchDatabase, target: BenchTarget) => Promise<void>,
): void {
  const run = async () => {
    const which = process.env['BENCH_DB'];
    if (!which || which === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), `gameops-bench-${name}-`));
      try {
        await bench('pglite', { dataDir: dir });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (!which || which === 'postgres') {
      let cluster: PostgresCluster | undefined;
      try {
        cluster = await startPostgres(BENCH_POSTGRES_SETTINGS);
        await bench('postgres', { databaseUrl: await createDatabase(cluster.url, `bench_${name}`) });
      } finally {
        await cluster?.stop();
      }
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
