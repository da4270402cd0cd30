import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit cases of operator accounts, for server/audit/audit.test.ts (which checks every audited
 * endpoint has one): a call that succeeds, one that fails after sign-in, and what before and after
 * must hold.
 */

const pw = 'a-long-password';

async function createTarget(t: TestBackend, token: string, phone: string, name: string): Promise<void> {
  const r = await t.api.call(
    ENDPOINTS['users.create'],
    { phone, name, password: pw, roles: ['GUEST'] },
    token,
  );
  if (r.body.Status.Code !== 1) throw new Error(JSON.stringify(r.body.Status));
}

export const auditCases: AuditCases = {
  'users.create': {
    ok: async () => ({
      input: {
        phone: '13600000001',
        name: 'audited-create',
        password: pw,
        roles: ['GUEST'],
        reason: 'new hire',
      },
      target: '13600000001',
      reason: 'new hire',
    }),
    error: async () => ({
      input: { phone: '13600000001', name: 'audited-dup', password: pw, roles: ['GUEST'] },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ phone: '13600000001', name: 'audited-create', roles: ['GUEST'] });
      expect(JSON.stringify(after)).not.toMatch(/scrypt/);
    },
  },
  'users.update': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000002', 'audited-update');
      return {
        input: {
          phone: '13600000002',
          bio: 'after',
          password: 'another-long-password',
          reason: 'profile fix',
        },
        target: '13600000002',
        reason: 'profile fix',
      };
    },
    error: async () => ({
      input: { phone: '13600009999', bio: 'x', reason: 'no such person' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ bio: '' });
      expect(after).toMatchObject({ bio: 'after', passwordChanged: true });
      expect(JSON.stringify(after)).not.toMatch(/scrypt|another-long-password/);
    },
  },
  'users.delete': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000003', 'audited-delete');
      return { input: { phone: '13600000003', reason: 'left' }, target: '13600000003', reason: 'left' };
    },
    error: async () => ({ input: { phone: '13800000001', reason: 'myself' }, code: Codes.FORBIDDEN }),
    check: (before, after) => {
      expect(before).toMatchObject({ phone: '13600000003', name: 'audited-delete' });
      expect(after).toBeNull();
    },
  },
};
