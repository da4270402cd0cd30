import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit cases of the to-do list, for server/audit/audit.test.ts: a call that succeeds, one
 * that fails after sign-in, and what before and after hold. To-do calls are open to every
 * signed-in operator, so no role is refused them (the audit test knows such endpoints).
 */

const dayAfter = (t: TestBackend) => new Date(t.clock.now + 86_400_000).toISOString();

export const auditCases: AuditCases = {
  'todo.create': {
    ok: async (t) => ({
      input: { name: 'audited to-do', desc: 'kept in the log', expireAt: dayAfter(t) },
      target: 'audited to-do',
      reason: null,
    }),
    // The same name again: refused as a duplicate, and recorded.
    error: async (t) => ({
      input: { name: 'audited to-do', expireAt: dayAfter(t) },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ name: 'audited to-do', desc: 'kept in the log' });
    },
  },
  'todo.delete': {
    ok: async (t, token) => {
      const r = await t.api.call(
        ENDPOINTS['todo.create'],
        { name: 'audited removal', expireAt: dayAfter(t) },
        token,
      );
      if (r.body.Status.Code !== Codes.OK) throw new Error(JSON.stringify(r.body.Status));
      return { input: { name: 'audited removal' }, target: 'audited removal', reason: null };
    },
    // Removed already: not in the list any more.
    error: async () => ({ input: { name: 'audited removal' }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'audited removal', desc: '' });
      expect(after).toBeNull();
    },
  },
};
