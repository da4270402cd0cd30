import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test cluster; empty when PostgreSQL tests were skipped on purpose. */
    postgresUrl: string;
  }
}

/**
 * Starts one PostgreSQL cluster for the whole run; each test file creates its own database in it.
 * A cluster that cannot start fails the run, unless SKIP_POSTGRES=1 says to skip those tests
 * (never in CI): a silently skipped backend would look like a green run.
 */
let cluster: PostgresCluster | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const skip = process.env['SKIP_POSTGRES'] === '1' && process.env['CI'] !== 'true';
  try {
    cluster = await startPostgres();
    project.provide('postgresUrl', cluster.url);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    if (!skip) {
      throw new Error(
        `PostgreSQL could not start for the server tests: ${why}\n` +
          'Install postgresql-15 (see .ci/run), or set SKIP_POSTGRES=1 to run without the PostgreSQL tests.',
        { cause: err },
      );
    }
    console.warn(`\n[tests] SKIP_POSTGRES=1: PostgreSQL tests are skipped (${why})\n`);
    project.provide('postgresUrl', '');
  }
  return async () => {
    await cluster?.stop();
    cluster = undefined;
  };
}
