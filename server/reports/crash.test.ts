import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.js';
import { backendKinds, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { forkTs, nextMessage } from '../../tests/support/processes.js';
import { BATCH_ORDERS, CRASH_GAME } from './crash-writes.js';
import { rebuildReports } from './rollups.js';
import { rollups } from './test-kit.js';

/**
 * The rollups are kept by triggers in the transaction of the raw rows: a backend process killed
 * with SIGKILL in the middle of a large batch of writes (sign-ins, players, shop purchases,
 * orders paid, refunded, failed, deleted) leaves, once the database is opened again, every rollup
 * equal to a recount of the raw rows (the data repair's), and each batch in whole or not at all.
 */

type Where = { dataDir: string } | { databaseUrl: string };

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(postgresUrl(), name);
});

async function freshTarget(kind: string): Promise<{ where: Where; env: NodeJS.ProcessEnv }> {
  if (kind === 'postgres') {
    const name = `t_reports_crash_${randomBytes(5).toString('hex')}`;
    databases.push(name);
    const databaseUrl = await createDatabase(postgresUrl(), name);
    return { where: { databaseUrl }, env: { DATABASE_URL: databaseUrl, GAMEOPS_DATA_DIR: '' } };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gameops-reports-crash-'));
  dirs.push(dataDir);
  return { where: { dataDir }, env: { GAMEOPS_DATA_DIR: dataDir, DATABASE_URL: '' } };
}

type Told = { type: 'batch' | 'committed'; b: number };
const told =
  (type: Told['type'], b: number) =>
  (m: unknown): m is Told =>
    typeof m === 'object' && m !== null && (m as Told).type === type && (m as Told).b === b;

function killed(child: ChildProcess): Promise<string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

describe.each(backendKinds())('the reports after a backend killed mid-update, on %s', (kind) => {
  it('hold exactly a recount of the raw rows, with the killed batch in whole or not at all', async () => {
    const { where, env } = await freshTarget(kind);
    const child = forkTs('server/reports/crash-child.ts', [], env);
    let output = '';
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout?.resume();
    let committed = 0;
    child.on('message', (m: unknown) => {
      if (typeof m === 'object' && m !== null && (m as Told).type === 'committed') committed = (m as Told).b;
    });
    // Three batches committed, then killed while the fourth is being written: far enough into it
    // that its statements have begun (a batch takes a second or more). A failed wait kills it too.
    try {
      await nextMessage(child, told('batch', 4), 240_000);
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      child.kill('SIGKILL');
    }
    expect(await killed(child), output).toBe('SIGKILL');
    expect(committed).toBeGreaterThanOrEqual(3);

    const opened = await openDatabase(where);
    try {
      const db = opened.db;
      const { rows } = await sql<{ b: string; n: number }>`
        select substr(order_id, 4, 6) as b, count(*)::int as n from orders
        where order_id like 'GCR%' group by 1 order by 1`.execute(db);
      // Every batch committed is there, the killed one in whole (its commit came before the kill,
      // unheard) or not at all.
      const batches = rows.map((r) => Number(r.b));
      expect(batches).toEqual(Array.from({ length: batches.length }, (_, i) => i + 1));
      expect(batches.length).toBeGreaterThanOrEqual(committed);
      expect(batches.length).toBeLessThanOrEqual(committed + 1);
      // Each batch but the last lost the hundredth of its orders the next one deleted.
      expect(rows.map((r) => r.n)).toEqual(
        batches.map((b) => (b < batches.length ? BATCH_ORDERS - BATCH_ORDERS / 100 : BATCH_ORDERS)),
      );

      const kept = await rollups(db, CRASH_GAME);
      expect(kept['report_money_provider']?.length).toBeGreaterThan(0);
      await rebuildReports(db, CRASH_GAME);
      expect(await rollups(db, CRASH_GAME)).toEqual(kept);
    } finally {
      await opened.close();
    }
  }, 400_000);
});
