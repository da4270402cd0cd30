import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { migrateToLatest } from '../db/migrations.js';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import { backendKinds, postgresUrl, type BackendKind } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { recordAudit, recordAuditSafely, storableJson, type AuditRecord } from './record.js';

/**
 * No input can make an audit entry go missing: whatever a refused call carried is made storable,
 * and the entry of a failed call (written on its own, after its transaction rolled back) is kept
 * even when its first write fails; when the database takes nothing at all, the log has it.
 */

const base: AuditRecord = {
  at: new Date(Date.UTC(2026, 0, 15, 9)),
  operatorId: null,
  operator: 'someone',
  action: 'test.audit',
  outcome: 'error',
  code: Codes.VALIDATION,
  clientIp: '127.0.0.1',
};

function capturingLog() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, error: (obj: object, msg: string) => void lines.push({ obj, msg }) };
}

describe('storableJson', () => {
  it('makes every string storable, keys included, and keeps the shape', () => {
    expect(storableJson({ 'k\u0000': ['a\u0000b', 1, null, true], n: { d: new Date(0) } })).toEqual({
      'k\uFFFD': ['a\uFFFDb', 1, null, true],
      n: { d: '1970-01-01T00:00:00.000Z' },
    });
    expect(storableJson('\uD800lone')).toBe('\uFFFDlone');
    expect(storableJson(10n)).toBe('10');
  });

  it('summarises what is too deep (a cycle too) instead of recursing without end', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle['self'] = cycle;
    const out = JSON.stringify(storableJson(cycle));
    expect(out).toContain('[nested too deep to record]');
  });
});

async function openKind(kind: BackendKind): Promise<{ opened: OpenedDatabase; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const opened = await openDatabase({});
    return { opened, drop: async () => undefined };
  }
  const name = `t_audit_${randomBytes(4).toString('hex')}`;
  const opened = await openDatabase({ databaseUrl: await createDatabase(postgresUrl(), name) });
  return { opened, drop: () => dropDatabase(postgresUrl(), name) };
}

describe.each(backendKinds())('writing audit entries on %s', (kind) => {
  let db: OpenedDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ opened: db, drop } = await openKind(kind));
    await migrateToLatest(db.db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const rowsOf = (action: string) =>
    db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('stores a refused call whose every text holds a NUL or broken Unicode', async () => {
    await recordAudit(db.db, {
      ...base,
      action: 'test.nul',
      operator: 'op\u0000',
      target: 't\u0000',
      reason: 'why\u0000\uDC00',
      game: 'g\u0001',
      clientIp: '1\u0000',
      before: { 'k\u0000': 'v\u0000' },
      after: ['\u0000'],
    });
    const [row] = await rowsOf('test.nul');
    expect(row).toMatchObject({
      operator: 'op\uFFFD',
      target: 't\uFFFD',
      reason: 'why\uFFFD\uFFFD',
      game: 'g\uFFFD',
      client_ip: '1\uFFFD',
      before: { 'k\uFFFD': 'v\uFFFD' },
      after: ['\uFFFD'],
    });
  });

  it('a value JSON cannot hold is recorded as such, not thrown', async () => {
    const hostile = {
      toJSON() {
        throw new Error('no JSON for you');
      },
    };
    await recordAudit(db.db, { ...base, action: 'test.hostile', before: { inner: hostile } });
    const [row] = await rowsOf('test.hostile');
    expect(row?.before).toEqual({ unrecordable: 'this value could not be written as JSON' });
  });

  it('a failed first write (an operator deleted meanwhile) is written again without the operator id', async () => {
    const log = capturingLog();
    const written = await recordAuditSafely(
      db.db,
      { ...base, action: 'test.gone', operatorId: 987654, operator: 'deleted-meanwhile', before: { a: 1 } },
      log,
    );
    expect(written).toBe(true);
    const [row] = await rowsOf('test.gone');
    expect(row).toMatchObject({ operator: 'deleted-meanwhile', operator_id: null, outcome: 'error' });
    expect(log.lines.map((l) => l.msg)).toEqual([
      'audit entry written without its operator id and before/after',
    ]);
  });

  it('when the database takes nothing, the whole entry goes to the log', async () => {
    const gone = await openKind(kind);
    await migrateToLatest(gone.opened.db);
    await gone.opened.close();
    const log = capturingLog();
    const written = await recordAuditSafely(
      gone.opened.db,
      { ...base, action: 'test.nodb', operator: 'op', reason: 'kept in the log\u0000' },
      log,
    );
    await gone.drop();
    expect(written).toBe(false);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.msg).toMatch(/AUDIT ENTRY NOT WRITTEN/);
    expect(log.lines[0]?.obj).toMatchObject({
      audit: { action: 'test.nodb', reason: 'kept in the log\uFFFD' },
    });
  });
});
