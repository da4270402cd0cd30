import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { migrateToLatest } from './migrations.js';
import { openDatabase, type OpenedDatabase } from './open.js';
import { PREPARED_ENV, preparedWanted, statementNamer } from './prepared.js';

/**
 * Prepared statements on PostgreSQL: a query with parameters is prepared once per connection
 * under a name made from its text (seen in pg_prepared_statements), answers as before, and
 * GAMEOPS_PG_PREPARED=0 (a pooler that cannot keep them) sends them unnamed.
 */

describe('statement names', () => {
  it('gives one text one name, different texts different names, and stops naming new texts at the bound', () => {
    const nameOf = statementNamer(2);
    const a = nameOf('select $1');
    expect(a).toMatch(/^g_[\w-]+$/);
    expect(nameOf('select $1')).toBe(a);
    const b = nameOf('select $1, $2');
    expect(b).not.toBe(a);
    expect(nameOf('select $1, $2, $3')).toBeUndefined();
    expect(nameOf('select $1')).toBe(a);
  });

  it('is on unless the setting says 0, false, off or no', () => {
    expect(preparedWanted({})).toBe(true);
    expect(preparedWanted({ [PREPARED_ENV]: '1' })).toBe(true);
    for (const off of ['0', 'false', 'OFF', ' no '])
      expect(preparedWanted({ [PREPARED_ENV]: off })).toBe(false);
  });
});

describe.skipIf(!postgresUrl())('prepared statements on PostgreSQL', () => {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    databaseUrl = await createDatabase(postgresUrl(), dbName);
    const first = await openDatabase({ databaseUrl });
    await migrateToLatest(first.db);
    await first.close();
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    delete process.env[PREPARED_ENV];
  });
  afterAll(() => dropDatabase(postgresUrl(), dbName));

  /** Runs a parameterised query twice on one connection; what that connection has prepared. */
  async function preparedAfterQueries(): Promise<{ statement: string }[]> {
    opened = await openDatabase({ databaseUrl, poolSize: 1 });
    const db = opened.db;
    return db.connection().execute(async (conn) => {
      for (const n of [7, 8]) {
        const row = await conn
          .selectFrom('operators')
          .select((eb) => eb.val(n).as('n'))
          .where('id', '=', -n)
          .executeTakeFirst();
        expect(row).toBeUndefined();
      }
      const echo = await sql<{ v: number }>`select ${41}::int + 1 as v`.execute(conn);
      expect(echo.rows[0]?.v).toBe(42);
      await sql`select 1 as plain`.execute(conn);
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where name like 'g\\_%'`.execute(conn);
      return rows;
    });
  }

  it('prepares each query once per connection under a name, and answers as before', async () => {
    const rows = await preparedAfterQueries();
    const operators = rows.filter((r) => r.statement.includes('from "operators"'));
    expect(operators).toHaveLength(1);
    expect(rows.some((r) => r.statement.includes('::int + 1'))).toBe(true);
    // A statement without parameters keeps the simple protocol: nothing to prepare.
    expect(rows.some((r) => r.statement.includes('as plain'))).toBe(false);
  });

  it('sends them unnamed with GAMEOPS_PG_PREPARED=0', async () => {
    process.env[PREPARED_ENV] = '0';
    expect(await preparedAfterQueries()).toEqual([]);
  });
});
