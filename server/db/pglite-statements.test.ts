import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.js';
import { bindMessage, PGliteStatements, STATEMENT_CACHE_SIZE } from './pglite-statements.js';

interface Db {
  things: {
    id: Generated<number>;
    name: string;
    at: Date;
    tags: unknown;
    flag: Generated<boolean>;
    big: string | null;
  };
}

let pg: PGlite;
let statements: PGliteStatements;
let db: Kysely<Db>;

beforeEach(async () => {
  pg = await PGlite.create();
  statements = new PGliteStatements(pg);
  db = new Kysely<Db>({ dialect: new PGliteDialect(pg) });
  await sql`create table things (id serial primary key, name text unique not null, at timestamptz not null,
    tags jsonb, flag boolean not null default false, big bigint)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
});

/** Prepared statements the database holds (ours are named gameops_N). */
async function prepared(): Promise<number> {
  const r = await pg.query<{ n: number }>(
    `select count(*)::int as n from pg_prepared_statements where name like 'gameops_%'`,
  );
  return r.rows[0]?.n ?? 0;
}

describe('PGliteStatements', () => {
  it('round-trips values of each type as PGlite.query does', async () => {
    const at = new Date('2026-11-23T10:00:00.123Z');
    await statements.run('insert into things (name, at, tags, flag, big) values ($1, $2, $3, $4, $5)', [
      'a',
      at,
      JSON.stringify({ k: [1, 'é'] }),
      true,
      9007199254740993n,
    ]);
    const ours = await statements.run<Record<string, unknown>>('select * from things where name = $1', ['a']);
    const theirs = await pg.query<Record<string, unknown>>('select * from things where name = $1', ['a']);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]).toMatchObject({ name: 'a', at, tags: { k: [1, 'é'] }, flag: true });
    expect(String(ours.rows[0]?.['big'])).toBe('9007199254740993');
    expect(ours.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'tags', 'flag', 'big']);
  });

  it('prepares a statement once and reuses it with other values', async () => {
    for (let i = 0; i < 5; i++)
      await statements.run('insert into things (name, at) values ($1, $2)', [`n${i}`, new Date()]);
    const r = await statements.run<{ name: string }>(
      'select name from things where id > $1 order by id',
      [2],
    );
    expect(r.rows.map((x) => x.name)).toEqual(['n2', 'n3', 'n4']);
    expect(statements.cachedCount).toBe(2);
  });

  it('reports affected rows and the command', async () => {
    await statements.run("insert into things (name, at) values ('x', now()), ('y', now())", []);
    const r = await statements.run('update things set flag = $1 where flag = false', [true]);
    expect(r.affectedRows).toBe(2);
    expect(r.command).toBe('UPDATE');
    const none = await statements.run<{ id: number }>('select id from things where name = $1', ['zz']);
    expect(none.rows).toEqual([]);
  });

  it('gives PostgreSQL errors with their code, constraint and the query', async () => {
    await statements.run('insert into things (name, at) values ($1, now())', ['dup']);
    const err = await statements
      .run('insert into things (name, at) values ($1, now())', ['dup'])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      query: 'insert into things (name, at) values ($1, now())',
      params: ['dup'],
    });
    // A statement that does not parse is not kept, and the connection goes on working.
    await expect(statements.run('selec nothing where $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await statements.run<{ n: number }>('select count(*)::int as n from things', [])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('follows a table changed by DDL (no stale row shape)', async () => {
    await statements.run('insert into things (name, at) values ($1, now())', ['a']);
    expect(Object.keys((await statements.run('select * from things', [])).rows[0] as object)).not.toContain(
      'extra',
    );
    await statements.run("alter table things add column extra text default 'e'", []);
    const after = await statements.run<{ extra: string }>('select * from things', []);
    expect(after.rows[0]?.extra).toBe('e');
  });

  it('prepares again when a table changed by another path (outside a transaction)', async () => {
    await statements.run('insert into things (name, at) values ($1, now())', ['a']);
    await statements.run('select * from things where id = $1', [1]);
    await pg.exec("alter table things add column other text default 'o'");
    const r = await statements.run<{ other: string }>('select * from things where id = $1', [1]);
    expect(r.rows[0]?.other).toBe('o');
  });

  it('keeps at most STATEMENT_CACHE_SIZE statements and closes the ones it drops', async () => {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 20; i++)
      await statements.run(`select $1::int + ${i} as v`, [1]);
    expect(statements.cachedCount).toBe(STATEMENT_CACHE_SIZE);
    await statements.run('select 1 as one', []);
    expect(await prepared()).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
  });
});

describe('PGliteDialect over prepared statements', () => {
  it('runs transactions, rolls back on error and keeps the connection usable', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('things').values({ name: 'in', at: new Date() }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ name: 'rolled', at: new Date() }).execute();
        await trx.insertInto('things').values({ name: 'in', at: new Date() }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await db.selectFrom('things').select('name').orderBy('id').execute();
    expect(names.map((n) => n.name)).toEqual(['in']);
  });

  it('reports a commit that rolled back', async () => {
    await expect(
      db.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await sql`select 1/0`.execute(c).catch(() => undefined);
        const r = await sql<{ command: string }>`commit`.execute(c);
        return r.rows[0]?.command;
      }),
    ).resolves.toBe('ROLLBACK');
  });

  it('returns numAffectedRows for writes', async () => {
    const r = await db
      .insertInto('things')
      .values([
        { name: 'a', at: new Date() },
        { name: 'b', at: new Date() },
      ])
      .executeTakeFirst();
    expect(r.numInsertedOrUpdatedRows).toBe(2n);
  });
});

describe('bindMessage', () => {
  it('writes the same bytes as the protocol serializer', async () => {
    const { protocol } = await import('@electric-sql/pglite');
    const cases: [string, (string | null | Uint8Array)[]][] = [
      ['', []],
      ['gameops_1', ['a', null, 'é中😀', '']],
      ['gameops_22', [new Uint8Array([0, 1, 255]), 'x'.repeat(5000), null]],
    ];
    for (const [name, values] of cases)
      expect([...bindMessage(name, values)]).toEqual([
        ...protocol.serialize.bind({ statement: name, values }),
      ]);
  });
});
