import type { authFeature } from '../../shared/api/auth.js';
import { DEMO_PASSWORD } from '../seed/operators.js';
import { type RbacCases } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of auth (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof authFeature> = {
  'auth.login': async () => ({ account: 'guest', password: DEMO_PASSWORD }),
  'auth.refresh': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.logout': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.session': async () => ({}),
};
