import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrations.js';
import { openDatabase } from '../db/open.js';
import { backendKinds, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { CRASH_GAME, writeBatch } from './crash-writes.js';
import { rechargeStats } from './read.js';
import { rebuildReports } from './rollups.js';
import { rechargeGroups, recountRecharge, rollups } from './test-kit.js';
import { reportTimeZone } from './zone.js';

/**
 * Migration 0002 of the reports on a database that has payments already: the per-breakdown money
 * rollups it makes are filled from the one it drops, and equal the data repair's recount; the
 * recharge statistics then equal a plain count over the orders, and go on equal after more
 * payments, refunds, failed deliveries and deletions (the triggers now keep the new rollups).
 */

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(postgresUrl(), name);
});

async function freshTarget(kind: string): Promise<{ dataDir: string } | { databaseUrl: string }> {
  if (kind === 'postgres') {
    const name = `t_reports_money_${randomBytes(5).toString('hex')}`;
    databases.push(name);
    return { databaseUrl: await createDatabase(postgresUrl(), name) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gameops-reports-money-'));
  dirs.push(dataDir);
  return { dataDir };
}

describe.each(backendKinds())('the money breakdowns migration on %s', (kind) => {
  it('fills each breakdown from the payments made before it, then keeps them equal to a recount', async () => {
    const opened = await openDatabase(await freshTarget(kind));
    try {
      const db = opened.db;
      const now = new Date();
      await migrateToLatest(db, { until: 'reports/0001_reports' });
      // Payments of every outcome, the second batch refunding, failing and deleting the first's.
      await writeBatch(db, 1, now);
      await writeBatch(db, 2, now);
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from report_money where game = ${CRASH_GAME}`.execute(db);
      expect(rows[0]?.n ?? 0).toBeGreaterThan(0);

      await migrateToLatest(db);
      const filled = await rollups(db, CRASH_GAME);
      expect(filled['report_money_pack']?.length).toBeGreaterThan(0);
      await rebuildReports(db, CRASH_GAME);
      expect(await rollups(db, CRASH_GAME)).toEqual(filled);

      const zone = await reportTimeZone(db);
      const start = new Date(now.getTime() - 100 * 86_400_000).toISOString().slice(0, 10);
      const end = now.toISOString().slice(0, 10);
      const expectEqualRecount = async () => {
        const shown = await rechargeStats(db, { game: CRASH_GAME, start, end, now });
        const counted = await recountRecharge({ db, game: CRASH_GAME, zone, start, end });
        expect(counted.byPack.length).toBeGreaterThan(0);
        expect(rechargeGroups(shown)).toEqual(counted);
      };
      await expectEqualRecount();
      await writeBatch(db, 3, now);
      await expectEqualRecount();
      const kept = await rollups(db, CRASH_GAME);
      await rebuildReports(db, CRASH_GAME);
      expect(await rollups(db, CRASH_GAME)).toEqual(kept);
    } finally {
      await opened.close();
    }
    // A fresh database's migrations and three batches of thousands of rows: a minute on PGlite.
  }, 300_000);
});
