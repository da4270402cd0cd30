import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { TestBackend } from '../../tests/support/backends.js';
import { insertAccessRequest } from './test-kit.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit cases of access requests, for server/audit/audit.test.ts: approving and declining are
 * audited under the request's phone; a request decided already is refused (CONFLICT) and that
 * refusal is recorded too. Submitting is public: recorded as not signed in, under the phone, which
 * access-requests.test.ts checks.
 */

const db = (t: TestBackend) => t.backend.database.db;
const now = (t: TestBackend) => new Date(t.clock.now);
/** The request each case's `ok` made, for its `error` to decide again. */
const made = new Map<string, number>();

export const auditCases: AuditCases = {
  'accessRequests.submit': { checkedIn: 'server/accessRequests/access-requests.test.ts' },
  'accessRequests.approve': {
    ok: async (t) => {
      const id = await insertAccessRequest(db(t), {
        phone: '13650000001',
        name: 'audited-newcomer',
        at: now(t),
      });
      made.set('approve', id);
      return { input: { id, roles: ['GUEST', 'YMMJ'] }, target: '13650000001', reason: null };
    },
    error: async () => ({ input: { id: made.get('approve'), roles: ['GUEST'] }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ phone: '13650000001', status: 'open', roles: null });
      expect(after).toMatchObject({
        request: { status: 'approved', decidedBy: 'super', roles: ['GUEST', 'YMMJ'] },
        operator: { phone: '13650000001', name: 'audited-newcomer', roles: ['GUEST', 'YMMJ'] },
      });
      expect(JSON.stringify(after)).not.toMatch(/scrypt|password/);
    },
  },
  'accessRequests.decline': {
    ok: async (t) => {
      const id = await insertAccessRequest(db(t), {
        phone: '13650000002',
        name: 'audited-declined',
        at: now(t),
      });
      made.set('decline', id);
      return { input: { id, reason: 'not on the team' }, target: '13650000002', reason: 'not on the team' };
    },
    error: async () => ({ input: { id: made.get('decline'), reason: 'twice' }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ status: 'open', declineReason: null });
      expect(after).toMatchObject({
        status: 'declined',
        decidedBy: 'super',
        declineReason: 'not on the team',
      });
      expect(JSON.stringify(after)).not.toMatch(/scrypt/);
    },
  },
};
