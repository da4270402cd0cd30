import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { recordSystemEvent } from './system-events.js';

/** The backend's own events: written on start and migration, and never failing their caller. */
describe.each(backendKinds())('system events on %s', (kind) => {
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records that the backend migrated and started', async () => {
    const rows = await t.backend.database.db.selectFrom('system_events').selectAll().orderBy('id').execute();
    const kinds = rows.map((r) => r.kind);
    expect(kinds).toContain('backend.migrated');
    expect(kinds).toContain('backend.started');
    const migrated = rows.find((r) => r.kind === 'backend.migrated');
    expect(migrated?.subject).toContain('0001_foundation');
  });

  it('stores any text, a NUL included, and never throws', async () => {
    await recordSystemEvent(t.backend.database.db, {
      at: new Date(),
      kind: 'test.odd',
      subject: 'a\u0000b',
      detail: { x: 'c\u0000' },
    });
    const row = await t.backend.database.db
      .selectFrom('system_events')
      .selectAll()
      .where('kind', '=', 'test.odd')
      .executeTakeFirstOrThrow();
    expect(row.subject).toBe('a\uFFFDb');
    const errors: unknown[] = [];
    await recordSystemEvent(
      t.backend.database.db,
      { at: new Date(Number.NaN), kind: 'test.bad-date' },
      { error: (obj) => errors.push(obj) },
    );
    expect(errors).toHaveLength(1);
  });
});
