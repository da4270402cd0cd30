import type { setupFeature } from '../../shared/api/setup.js';
import { type RbacCases } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of setup (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof setupFeature> = {
  'setup.status': async () => ({}),
  'setup.init': async () => ({ mode: 'demo' }),
};
