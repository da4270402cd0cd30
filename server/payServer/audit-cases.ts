import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit cases of the pay-server session and switch, for server/audit/audit.test.ts. The
 * shutdown case leaves the pay server shut down and the start case (run right after) starts it,
 * so the cases after these find it taking orders.
 */

async function switchTo(t: TestBackend, token: string, id: 'payServer.shutdown' | 'payServer.start') {
  const r = await t.api.call(ENDPOINTS[id], { reason: 'audit case setup' }, token);
  if (r.body.Status.Code !== Codes.OK) throw new Error(JSON.stringify(r.body.Status));
}

export const auditCases: AuditCases = {
  'payServer.signIn': {
    ok: async () => ({ input: {}, target: 'super', reason: null }),
    error: async () => ({ input: { operator: 'someone else' }, code: Codes.VALIDATION }),
    check: (before, after) => {
      expect(before).toBeNull();
      // When it ends, never the token.
      expect(Object.keys(after as object)).toEqual(['expiredAt']);
    },
  },
  'payServer.shutdown': {
    ok: async (t, token) => {
      await switchTo(t, token, 'payServer.start');
      return { input: { reason: 'provider outage' }, target: 'pay server', reason: 'provider outage' };
    },
    error: async () => ({ input: { reason: ' ' }, code: Codes.VALIDATION }),
    check: (before, after) => {
      expect(before).toMatchObject({ accepting: true });
      expect(after).toMatchObject({ accepting: false, changedBy: 'super', reason: 'provider outage' });
    },
  },
  'payServer.start': {
    ok: async (t, token) => {
      await switchTo(t, token, 'payServer.shutdown');
      return { input: { reason: 'provider back' }, target: 'pay server', reason: 'provider back' };
    },
    error: async () => ({ input: {}, code: Codes.VALIDATION }),
    check: (before, after) => {
      expect(before).toMatchObject({ accepting: false });
      expect(after).toMatchObject({ accepting: true, changedBy: 'super', reason: 'provider back' });
    },
  },
};
