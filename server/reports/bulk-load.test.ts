import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrations.js';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { seedGame } from '../seed/games.js';
import { backendKinds, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { CRASH_GAME, writeBatch } from './crash-writes.js';
import { withReportsRebuiltAfter } from './rollups.js';
import { rollups } from './test-kit.js';

/**
 * A bulk load with the reports' triggers off and the rollups counted once after it
 * (`withReportsRebuiltAfter`, what the reports bench seeds with): the same writes made through the
 * triggers in one database and in bulk in another leave the same rollups, the triggers keep
 * counting afterwards, and a load that fails leaves the triggers on and the rollups untouched.
 */

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(postgresUrl(), name);
});

async function fresh(kind: string, now: Date): Promise<OpenedDatabase> {
  let target: { dataDir: string } | { databaseUrl: string };
  if (kind === 'postgres') {
    const name = `t_reports_bulk_${randomBytes(5).toString('hex')}`;
    databases.push(name);
    target = { databaseUrl: await createDatabase(postgresUrl(), name) };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'gameops-reports-bulk-'));
    dirs.push(dataDir);
    target = { dataDir };
  }
  const opened = await openDatabase(target);
  await migrateToLatest(opened.db);
  // Players with their seeded activity, so the batches' sign-ins fill cohorts too.
  await seedGame(opened.db, CRASH_GAME, 60, now);
  return opened;
}

async function reportTriggersOn(db: Kysely<Database>): Promise<boolean[]> {
  const { rows } = await sql<{ on: boolean }>`
    select tgenabled = 'O' as on from pg_trigger where tgname like 'reports\\_%' order by tgname`.execute(db);
  return rows.map((r) => r.on);
}

describe.each(backendKinds())('a bulk load of what the reports count on %s', (kind) => {
  it('leaves the rollups the triggers keep, and the triggers on', async () => {
    const now = new Date();
    const [byTriggers, inBulk] = [await fresh(kind, now), await fresh(kind, now)];
    try {
      // The same batches (new sign-ins, players, shop purchases, orders; the second refunds,
      // fails and deletes payments of the first): one by one through the triggers, or in bulk.
      for (const b of [1, 2]) await writeBatch(byTriggers.db, b, now);
      await inBulk.db.transaction().execute((trx) =>
        withReportsRebuiltAfter(trx, [CRASH_GAME], async () => {
          for (const b of [1, 2]) await writeBatch(trx, b, now);
        }),
      );
      const kept = await rollups(byTriggers.db, CRASH_GAME);
      expect(kept['report_money_provider']?.length).toBeGreaterThan(0);
      expect(kept['report_cohorts']?.length).toBeGreaterThan(0);
      expect(await rollups(inBulk.db, CRASH_GAME)).toEqual(kept);
      // Every trigger of the reports is on again: the next batch is counted as it goes in.
      const on = await reportTriggersOn(inBulk.db);
      expect(on.length).toBe(8);
      expect(on.every(Boolean)).toBe(true);
      for (const o of [byTriggers, inBulk]) await writeBatch(o.db, 3, now);
      expect(await rollups(inBulk.db, CRASH_GAME)).toEqual(await rollups(byTriggers.db, CRASH_GAME));

      // A load that fails half-way: nothing of it stays, the triggers are on, the rollups as they were.
      const before = await rollups(inBulk.db, CRASH_GAME);
      await expect(
        inBulk.db.transaction().execute((trx) =>
          withReportsRebuiltAfter(trx, [CRASH_GAME], async () => {
            await writeBatch(trx, 4, now);
            throw new Error('the load failed');
          }),
        ),
      ).rejects.toThrow('the load failed');
      expect((await reportTriggersOn(inBulk.db)).every(Boolean)).toBe(true);
      expect(await rollups(inBulk.db, CRASH_GAME)).toEqual(before);
      // Outside a transaction it refuses: the triggers would stay off for everyone meanwhile.
      await expect(withReportsRebuiltAfter(inBulk.db, [CRASH_GAME], async () => undefined)).rejects.toThrow(
        'in a transaction',
      );
    } finally {
      await byTriggers.close();
      await inBulk.close();
    }
  }, 300_000);
});
