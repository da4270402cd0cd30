import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { compileOnce } from './compiled.js';
import { migrateToLatest } from './migrations.js';
import { openDatabase, type OpenedDatabase } from './open.js';

/**
 * A query compiled once answers each call with that call's values, on either database, in a
 * transaction as outside one, and refuses a builder that does anything but place its values.
 */

describe.each(backendKinds())('compileOnce on %s', (kind) => {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: await createDatabase(postgresUrl(), dbName) })
        : await openDatabase();
    await migrateToLatest(opened.db);
    const at = new Date('2026-01-01T00:00:00Z');
    await opened.db
      .insertInto('players')
      .values(
        ['a', 'b', 'c'].map((id, k) => ({
          game: 'ymmj',
          id,
          num: k + 1,
          name: `player ${id}`,
          level: 10 * (k + 1),
          state: 'active',
          created_at: at,
          last_login_at: at,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await opened.close();
    if (kind === 'postgres') await dropDatabase(postgresUrl(), dbName);
  });

  it('builds the query once and answers every call with its own values', async () => {
    let builds = 0;
    const byLevel = compileOnce((db, p: { game: string; from: number; to: Date }) => {
      builds += 1;
      return db
        .selectFrom('players')
        .select(['id', 'level'])
        .where('game', '=', p.game)
        .where('level', '>=', p.from)
        .where(sql<boolean>`created_at < ${p.to}`)
        .orderBy('id');
    });
    const later = new Date('2027-01-01T00:00:00Z');
    expect(await byLevel(opened.db, { game: 'ymmj', from: 20, to: later })).toEqual([
      { id: 'b', level: 20 },
      { id: 'c', level: 30 },
    ]);
    expect(await byLevel(opened.db, { game: 'ymmj', from: 30, to: later })).toEqual([{ id: 'c', level: 30 }]);
    expect(await byLevel(opened.db, { game: 'ymmj', from: 0, to: new Date('2025-01-01T00:00:00Z') })).toEqual(
      [],
    );
    expect(await byLevel(opened.db, { game: 'other', from: 0, to: later })).toEqual([]);
    // Inside a transaction, with the values of that call, seeing the transaction's own writes.
    await opened.db.transaction().execute(async (trx) => {
      await trx.updateTable('players').set({ level: 99 }).where('id', '=', 'a').execute();
      expect(await byLevel(trx, { game: 'ymmj', from: 50, to: later })).toEqual([{ id: 'a', level: 99 }]);
    });
    expect(builds).toBe(1);
  });

  it('refuses a builder that leaves a value out, or reads one, on its first call', async () => {
    const leavesOut = compileOnce((db, p: { game: string; id: string }) =>
      db.selectFrom('players').select('id').where('game', '=', p.game),
    );
    await expect(leavesOut(opened.db, { game: 'ymmj', id: 'a' })).rejects.toThrow(/does not use id/);
    const reads = compileOnce((db, p: { id: string }) =>
      db.selectFrom('players').select('id').where('id', '=', p.id.trim()),
    );
    await expect(reads(opened.db, { id: ' a ' })).rejects.toThrow(TypeError);
  });
});
