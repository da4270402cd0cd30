import type { overviewFeature } from '../../shared/api/overview.js';
import type { RbacCases } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of overview (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof overviewFeature> = {
  'overview.brief': async () => ({}),
};
