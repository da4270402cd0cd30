import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, postgresUrl, type BackendKind } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import type { FeatureMigration } from '../feature.js';
import { SERVER_FEATURES } from '../features.js';
import {
  MIGRATIONS,
  gatherMigrations,
  migrateToLatest,
  pendingMigrations,
  runMigrations,
  type NamedMigration,
} from './migrations.js';
import { openDatabase, type OpenedDatabase } from './open.js';

/**
 * Migrations are named per feature and ordered by what each feature needs; databases migrated under the
 * former global counter (`0018_orders`, Kysely's Migrator) upgrade with nothing run twice and
 * nothing lost, into the same schema a new database gets.
 */

const up = async () => {};
const named = (...names: string[]): NamedMigration[] => names.map((name) => ({ name, migration: { up } }));

describe('the order of migrations', () => {
  it('runs the platform first, then each feature after the features it needs, each in its own order', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names[0]).toBe('platform/0001_foundation');
    const features = [...new Set(names.map((n) => n.slice(0, n.lastIndexOf('/'))))];
    // Each feature's migrations together, numbered from 0001 up without a gap.
    for (const f of features) {
      const own = names.filter((n) => n.startsWith(`${f}/`));
      expect(own.map((n) => Number(n.slice(f.length + 1, f.length + 5)))).toEqual(own.map((_, i) => i + 1));
      expect(names.indexOf(own.at(-1) ?? '') - names.indexOf(own[0] ?? '')).toBe(own.length - 1);
    }
    // A feature's migrations after those of every feature it needs (the reports' triggers are on
    // the orders' and the players' tables; moderation's first tables are the players feature's).
    for (const f of SERVER_FEATURES) {
      if (!features.includes(f.id)) continue;
      for (const need of f.needs ?? []) expect(features.indexOf(need)).toBeLessThan(features.indexOf(f.id));
    }
    expect(SERVER_FEATURES.find((f) => f.id === 'reports')?.needs).toEqual(['orders', 'players']);
    expect(features.indexOf('players')).toBeLessThan(features.indexOf('moderation'));
  });

  it('gathers from sources in their order, whatever the names', () => {
    const m = (): FeatureMigration => ({ up });
    const got = gatherMigrations([
      { id: 'zeta', migrations: { '0002_b': m(), '0001_a': m() } },
      { id: 'alpha', migrations: { '0001_c': m() } },
      { id: 'none' },
    ]);
    expect(got.map((g) => g.name)).toEqual(['zeta/0001_a', 'zeta/0002_b', 'alpha/0001_c']);
  });

  it('refuses names that would leave the order unclear', () => {
    const m = (was?: string): FeatureMigration => (was ? { up, was } : { up });
    expect(() => gatherMigrations([{ id: 'f', migrations: { '0018_orders': m(), '18_x': m() } }])).toThrow(
      'migration 18_x (f) is not named NNNN_words',
    );
    expect(() => gatherMigrations([{ id: 'f', migrations: { '0001_a': m(), '0001_b': m() } }])).toThrow(
      'two migrations of f share the number 0001',
    );
    expect(() =>
      gatherMigrations([
        { id: 'f', migrations: { '0001_a': m('0003_a') } },
        { id: 'g', migrations: { '0001_b': m('0003_a') } },
      ]),
    ).toThrow('two migrations were 0003_a');
  });

  it('lets a feature add a migration after a later feature ran one, never below its own last', () => {
    const all = named('platform/0001_a', 'orders/0001_a', 'orders/0002_b', 'payments/0001_a');
    expect(pendingMigrations(all, ['platform/0001_a', 'orders/0001_a', 'payments/0001_a'])).toEqual([all[2]]);
    expect(() => pendingMigrations(all, ['platform/0001_a', 'orders/0002_b'])).toThrow(
      'migration orders/0001_a is new but orders/0002_b of the same feature ran already',
    );
    expect(() => pendingMigrations(all, ['platform/0001_a', 'todo/0001_a'])).toThrow(
      /migrated by a newer version \(it ran todo\/0001_a, unknown to this one\)/,
    );
    expect(pendingMigrations(all, [], 'orders/0001_a').map((m) => m.name)).toEqual([
      'platform/0001_a',
      'orders/0001_a',
    ]);
    expect(() => pendingMigrations(all, [], 'orders/0009_z')).toThrow('there is no migration orders/0009_z');
  });
});

/** Main's migrations as main ran them: under their former names, by Kysely's Migrator. */
const FORMER: Record<string, Migration> = Object.fromEntries(
  MIGRATIONS.flatMap((m) => (m.migration.was ? [[m.migration.was, m.migration]] : [])),
);

async function migrateAsMain(db: Kysely<unknown>, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => FORMER } });
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error;
}

/** Tables, columns, constraints, indexes, triggers and functions: what a migration makes. */
async function schemaOf(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable,
      coalesce(column_default, '')) as line
    from information_schema.columns where table_schema = 'public' and table_name not like 'kysely%'
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
    from pg_constraint
    where connamespace = 'public'::regnamespace and conrelid::regclass::text not like 'kysely%'
    union all
    select format('index %s', indexdef) from pg_indexes
    where schemaname = 'public' and tablename not like 'kysely%'
    union all
    select format('trigger %s %s', tgrelid::regclass, pg_get_triggerdef(oid))
    from pg_trigger where not tgisinternal
    union all
    select format('function %s', pg_get_functiondef(p.oid)) from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 1`.execute(db);
  return rows.map((r) => r.line);
}

async function recorded(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Running every migration twice over takes a while on a loaded machine (PGlite most). */
const MIGRATING = 120_000;

describe.each(backendKinds())('databases migrated under the former names on %s', (kind: BackendKind) => {
  // One database, emptied before each case: a new embedded database takes long to start.
  let opened: OpenedDatabase | undefined;
  const dbName = `t_migrations_${Date.now().toString(36)}`;

  beforeAll(async () => {
    opened =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: await createDatabase(postgresUrl(), dbName), poolSize: 2 })
        : await openDatabase();
  });

  async function fresh(): Promise<Kysely<unknown>> {
    const db = opened?.db as unknown as Kysely<unknown>;
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return db;
  }

  afterAll(async () => {
    await opened?.close();
    if (kind === 'postgres') await dropDatabase(postgresUrl(), dbName);
  });

  let newSchema: string[] = [];

  it(
    'a new database runs every migration once, under its per-feature name',
    async () => {
      const db = await fresh();
      const report = await migrateToLatest(db);
      expect(report).toEqual({ applied: MIGRATIONS.map((m) => m.name), created: true });
      expect(await recorded(db)).toEqual(MIGRATIONS.map((m) => m.name).sort());
      expect(await migrateToLatest(db)).toEqual({ applied: [], created: false });
      newSchema = await schemaOf(db);
      expect(newSchema.length).toBeGreaterThan(100);
      // One name per capability: nothing of gift codes is left under the former names.
      expect(newSchema.filter((l) => /\bcode_(batches|redemptions)/.test(l))).toEqual([]);
      expect(newSchema.filter((l) => /\bgift_code_(batches|redemptions)\b/.test(l)).length).toBeGreaterThan(
        10,
      );
      expect(newSchema.filter((l) => /\bwatch_(checks|incidents|maintenance|mutes|events)/.test(l))).toEqual(
        [],
      );
      expect(
        newSchema.filter((l) => /\bserver_watch_(checks|incidents|maintenance|mutes|events)\b/.test(l))
          .length,
      ).toBeGreaterThan(20);
    },
    MIGRATING,
  );

  it(
    'a database main migrated is renamed, runs nothing twice, keeps its rows and ends like a new one',
    async () => {
      const db = await fresh();
      await migrateAsMain(db);
      const at = new Date('2026-11-01T00:00:00Z');
      await sql`insert into operators (phone, name, password_hash, created_at, updated_at)
      values ('13900000001', 'kept', 'x', ${at}, ${at})`.execute(db);
      await sql`insert into todo_items (operator_id, name, expire_at, created_at)
      select id, 'kept to-do', ${at}, ${at} from operators`.execute(db);
      await sql`insert into code_batches (game, kind, name, prefix, channel, grant_spec, valid_from,
          valid_until, uses_per_code, uses_per_player, total, reason, created_by, created_at)
        values ('ymmj', 'activeCode', 'kept', 'K', '', '{}', ${at}, ${at}, 1, 1, 0, 'r', 'super', ${at})`.execute(
        db,
      );

      const report = await migrateToLatest(db);
      // Main ran every migration that has a former name; only those after it run here.
      expect(report).toEqual({
        applied: MIGRATIONS.filter((m) => !m.migration.was).map((m) => m.name),
        created: false,
      });
      expect(await recorded(db)).toEqual(MIGRATIONS.map((m) => m.name).sort());
      const { rows } = await sql<{ name: string }>`
      select t.name from todo_items t join operators o on o.id = t.operator_id where o.name = 'kept'`.execute(
        db,
      );
      expect(rows).toEqual([{ name: 'kept to-do' }]);
      // Renamed since (giftCodes/0002_one_name), rows and all; its ids go on from the same sequence.
      const batches = await sql<{ id: number; name: string; next: number }>`
        select id, name, nextval('gift_code_batches_id_seq')::int as next from gift_code_batches`.execute(db);
      expect(batches.rows).toEqual([{ id: 1, name: 'kept', next: 2 }]);
      expect(await schemaOf(db)).toEqual(newSchema);
    },
    MIGRATING,
  );

  it(
    'a database an older release migrated part of the way runs the rest in the per-feature order',
    async () => {
      const db = await fresh();
      // Main's first eighteen: up to the orders (0018_orders), before the payments' tables.
      await migrateAsMain(db, '0018_orders');
      const before = await recorded(db);
      expect(before).toHaveLength(18);

      const report = await migrateToLatest(db);
      const ranBefore = new Set(
        MIGRATIONS.filter((m) => before.includes(m.migration.was ?? '')).map((m) => m.name),
      );
      expect(report.applied).toEqual(MIGRATIONS.filter((m) => !ranBefore.has(m.name)).map((m) => m.name));
      expect(report.applied).toContain('payments/0001_payments');
      expect(report.applied).not.toContain('orders/0001_orders');
      expect(await recorded(db)).toEqual(MIGRATIONS.map((m) => m.name).sort());
      expect(await schemaOf(db)).toEqual(newSchema);
    },
    MIGRATING,
  );

  it(
    'a database of the release before one name per capability finds its rows under the new names',
    async () => {
      const db = await fresh();
      // In the features' order (by needs, then by id): gift codes run before server watch.
      const renames = ['giftCodes/0004_audit_actions', 'serverWatch/0004_one_name'];
      await runMigrations(
        db,
        MIGRATIONS.filter((m) => !renames.includes(m.name)),
      );
      const at = new Date('2026-11-01T00:00:00Z');
      await sql`insert into audit_log (at, operator, action, game, target, outcome, code, client_ip)
        values (${at}, 'super', 'activeCodes.create', 'ymmj', 'batch 1', 'ok', 0, '127.0.0.1'),
          (${at}, 'super', 'shopTickets.create', 'ymmj', 'batch 2', 'ok', 0, '127.0.0.1')`.execute(db);
      await sql`insert into watched_servers (name, game, check_kind, check_spec, target, interval_sec,
          timeout_ms, failures_to_down, notify_kind, created_at, updated_at, updated_by)
        values ('kept', 'ymmj', 'tcp', '{}', '127.0.0.1:1', 30, 1000, 2, 'game', ${at}, ${at}, 'super')`.execute(
        db,
      );
      await sql`insert into watch_incidents (server_id, down_since, detected_at, last_alert_at)
        select id, ${at}, ${at}, ${at} from watched_servers`.execute(db);
      await sql`insert into watch_events (at, kind, game, server_name, notify)
        values (${at}, 'down', 'ymmj', 'kept', true)`.execute(db);

      const report = await migrateToLatest(db);
      expect(report.applied).toEqual(renames);
      const actions = await sql<{ action: string; target: string }>`
        select action, target from audit_log order by id`.execute(db);
      expect(actions.rows).toEqual([
        { action: 'giftCodes.create', target: 'batch 1' },
        { action: 'shopTickets.create', target: 'batch 2' },
      ]);
      // Rows and their ids kept; the next id goes on from the same sequence, under its new name.
      const incidents = await sql<{ id: number; next: number }>`
        select id, nextval('server_watch_incidents_id_seq')::int as next from server_watch_incidents`.execute(
        db,
      );
      expect(incidents.rows).toEqual([{ id: 1, next: 2 }]);
      const events = await sql<{ seq: number; kind: string; next: number }>`
        select seq::int, kind, nextval('server_watch_events_seq_seq')::int as next from server_watch_events`.execute(
        db,
      );
      expect(events.rows).toEqual([{ seq: 1, kind: 'down', next: 2 }]);
      expect(await schemaOf(db)).toEqual(newSchema);
    },
    MIGRATING,
  );

  it('a failed migration leaves nothing of its run behind, and says which failed', async () => {
    const db = await fresh();
    const failing: NamedMigration[] = [
      ...MIGRATIONS.slice(0, 1),
      {
        name: 'broken/0001_oops',
        migration: {
          async up(d) {
            await sql`create table half_made (id integer)`.execute(d);
            await sql`select * from no_such_table`.execute(d);
          },
        },
      },
    ];
    await expect(runMigrations(db, failing)).rejects.toThrow(
      /Database migration broken\/0001_oops failed: .*no_such_table/,
    );
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name in ('operators', 'half_made')`.execute(db);
    expect(rows[0]?.n).toBe(0);
  });
});

describe.runIf(backendKinds().includes('postgres'))('two backends starting at once on PostgreSQL', () => {
  const name = `t_mig_race_${Date.now().toString(36)}`;
  const opened: OpenedDatabase[] = [];

  afterAll(async () => {
    for (const db of opened) await db.close();
    await dropDatabase(postgresUrl(), name);
  });

  it('take turns: every migration runs once', async () => {
    const url = await createDatabase(postgresUrl(), name);
    opened.push(
      await openDatabase({ databaseUrl: url, poolSize: 2 }),
      await openDatabase({ databaseUrl: url, poolSize: 2 }),
    );
    const reports = await Promise.all(opened.map((o) => migrateToLatest(o.db)));
    const applied = reports.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(MIGRATIONS.map((m) => m.name).sort());
    expect(reports.filter((r) => r.created)).toHaveLength(1);
    expect(await recorded(opened[0]?.db as unknown as Kysely<unknown>)).toEqual(applied);
  });
});
