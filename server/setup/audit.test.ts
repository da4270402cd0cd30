import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * First-run setup is audited though public (server/setup/audit-cases.ts): its entries are
 * recorded under the operator the call created, or as not signed in when refused.
 */

describe.each(backendKinds())('audited public calls on %s', (kind) => {
  const launchKey = 'audit-test-launch-key-0123456789abcdef';
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend(kind, { demo: false, launchKey, firstRun: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('setup.init is recorded under the operator it created, and a refused one as not signed in', async () => {
    const ep = ENDPOINTS['setup.init'];
    const input = {
      mode: 'super',
      phone: '13700000001',
      name: 'first-root',
      password: 'first-root-password',
    };
    expect((await t.api.call(ep, input)).body.Status.Code).toBe(Codes.OK);
    expect((await t.api.call(ep, { mode: 'demo' })).body.Status.Code).toBe(Codes.CONFLICT);

    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setup.init')
      .orderBy('id')
      .execute();
    const created = await t.backend.database.db
      .selectFrom('operators')
      .select('id')
      .where('phone', '=', '13700000001')
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.operator, r.operator_id, r.outcome, r.code, r.target])).toEqual([
      ['first-root', created.id, 'ok', Codes.OK, '13700000001'],
      ['(not signed in)', null, 'error', Codes.CONFLICT, 'demo'],
    ]);
    expect(rows[0]?.after).toMatchObject({ phone: '13700000001', name: 'first-root', roles: ['SUPER'] });
    expect(JSON.stringify(rows[0]?.after)).not.toMatch(/scrypt|first-root-password/);
    // The first super-admin sees what they did in their own log.
    const token = (await t.api.login('first-root', 'first-root-password')).authToken;
    const logs = await t.api.call<{ items: { action: string }[] }>(
      ENDPOINTS['users.logs'],
      { phone: '13700000001', kind: 'actions' },
      token,
    );
    expect(logs.body.Data.items.map((i) => i.action)).toEqual(['setup.init']);
  });
});
