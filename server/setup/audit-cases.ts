import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit case of first-run setup, for server/audit/audit.test.ts: the call is public, so its
 * entry is recorded under the operator it created, which its own test checks.
 */
export const auditCases: AuditCases = {
  'setup.init': { checkedIn: 'server/setup/audit.test.ts' },
};
