import type { systemLogsFeature } from '../../shared/api/systemLogs.js';
import { type RbacCases, type RbacFixture } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of systemLogs (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof systemLogsFeature> = {
  'systemLogs.audit': async () => ({}),
  'systemLogs.entry': async (f) => ({ entryId: await auditEntry(f) }),
  'systemLogs.export': async () => ({}),
  'systemLogs.events': async () => ({}),
  'systemLogs.eventKinds': async () => ({}),
};

/** The newest audit entry (the matrix has written many by the time this runs, sign-ins first). */
async function auditEntry(f: RbacFixture): Promise<number> {
  const newest = () =>
    f.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const row = (await newest()) ?? (await f.t.api.login('super').then(newest));
  if (!row) throw new Error('a sign-in left no audit entry');
  return Number(row.id);
}
