import type { accessRequestsFeature } from '../../shared/api/accessRequests.js';
import { insertAccessRequest } from './test-kit.js';
import { type RbacCases, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of accessRequests (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof accessRequestsFeature> = {
  'accessRequests.submit': async (f) => {
    const n = f.unique();
    return {
      name: `newcomer-${n}`,
      phone: `1371${n}`,
      games: ['ymmj'],
      why: 'rbac matrix',
      password: 'a-long-password',
    };
  },
  'accessRequests.list': async () => ({ status: 'open' }),
  'accessRequests.approve': async (f) => {
    const n = f.unique();
    return {
      id: await insertAccessRequest(f.db, { phone: `1372${n}`, name: `approved-${n}`, at: f.now() }),
      roles: ['GUEST'],
    };
  },
  'accessRequests.decline': async (f) => {
    const n = f.unique();
    return {
      id: await insertAccessRequest(f.db, { phone: `1373${n}`, name: `declined-${n}`, at: f.now() }),
      reason: RBAC_REASON,
    };
  },
};
