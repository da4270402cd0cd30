import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../backend.js';
import { migrateToLatest } from './migrations.js';
import { maintainOnce, startMaintenance, workFor, type TableWork } from './maintenance.js';
import { openDatabase, type OpenedDatabase } from './open.js';

/**
 * The embedded database's stand-in for autovacuum: which tables need a pass (autovacuum's own
 * thresholds), a pass on PGlite (vacuumed and analysed, recorded as a system event), the timer
 * (one pass at a time, none after close), and the backend running it on PGlite only.
 */

const stats = (table: string, live: number, dead = 0, ins = 0, mod = 0) => ({
  table,
  live,
  dead,
  insertedSinceVacuum: ins,
  modifiedSinceAnalyze: mod,
});

describe('which tables need a pass', () => {
  it('follows autovacuum: dead rows or many new rows for a vacuum, changed rows for an analyse', () => {
    expect(
      workFor([
        stats('quiet', 10_000, 50, 100, 500),
        stats('deleted', 1000, 251),
        stats('grown', 1000, 0, 1201),
        stats('updated', 1000, 0, 0, 151),
        stats('small', 0, 51),
      ]),
    ).toEqual([
      { table: 'deleted', vacuum: true, analyze: false },
      { table: 'grown', vacuum: true, analyze: false },
      { table: 'updated', vacuum: false, analyze: true },
      { table: 'small', vacuum: true, analyze: false },
    ]);
    // At the thresholds themselves, nothing (autovacuum acts only above them).
    expect(workFor([stats('edge', 1000, 250, 1200, 150)])).toEqual([]);
  });
});

describe('a pass on the embedded database', () => {
  let opened: OpenedDatabase;
  const now = () => new Date('2026-11-23T12:00:00Z');

  beforeAll(async () => {
    opened = await openDatabase({});
    await migrateToLatest(opened.db);
    await maintainOnce(opened.db, now); // whatever the migrations left
  });
  afterAll(async () => {
    await opened?.close();
  });

  const lastVacuum = async (table: string) =>
    (
      await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
        where relname = ${table}`.execute(opened.db)
    ).rows[0]?.at ?? null;

  it('vacuums and analyses a table that lost many rows, records it, and then has nothing to do', async () => {
    await sql`insert into system_events (at, kind, level, game, subject, detail)
      select now(), 'test.churn', 'info', null, 'row ' || g, '{}'::jsonb
      from generate_series(1, 2000) g`.execute(opened.db);
    await sql`delete from system_events where kind = 'test.churn'`.execute(opened.db);
    const before = await lastVacuum('system_events');

    const work = await maintainOnce(opened.db, now);
    expect(work).toContainEqual({ table: 'system_events', vacuum: true, analyze: true });
    expect(await lastVacuum('system_events')).not.toEqual(before);
    const event = await opened.db
      .selectFrom('system_events')
      .select(['kind', 'subject'])
      .where('kind', '=', 'backend.maintained')
      .executeTakeFirstOrThrow();
    expect(event.subject.split(', ')).toContain('system_events');

    expect(await maintainOnce(opened.db, now)).toEqual([]);
  });

  it('runs passes on a timer, one after another, and none once closed', async () => {
    const passes: TableWork[][] = [];
    let second!: () => void;
    const twoPasses = new Promise<void>((resolve) => (second = resolve));
    const m = startMaintenance({
      db: opened.db,
      firstDelayMs: 1,
      everyMs: 1,
      log: { error: () => undefined },
      onPass: (w) => {
        passes.push(w);
        if (passes.length === 2) second();
      },
    });
    await twoPasses;
    await m.close();
    const seen = passes.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes.length).toBe(seen);
  });
});

describe('the backend', () => {
  it('runs the passes on its embedded database, and stops them before it closes', async () => {
    let pass!: (w: TableWork[]) => void;
    const passed = new Promise<TableWork[]>((resolve) => (pass = resolve));
    const backend = await startBackend({
      seedPlayers: 0,
      serverWatch: false,
      maintenance: { firstDelayMs: 1, onPass: (w) => pass(w) },
    });
    try {
      expect(backend.maintenance).not.toBeNull();
      expect(Array.isArray(await passed)).toBe(true);
    } finally {
      await backend.close();
    }
  });
});
