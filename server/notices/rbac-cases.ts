import type { noticesFeature } from '../../shared/api/notices.js';
import { insertNotice } from '../serverWatch/test-kit.js';
import { type RbacCases, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of notices (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof noticesFeature> = {
  'notices.list': async () => ({}),
  'notices.save': async () => ({ game: RBAC_GAME, kind: 'playersBelow', threshold: 1 }),
  'notices.setEnabled': async (f) => ({ id: await insertNotice(f.db, f.now()), enabled: false }),
  'notices.delete': async (f) => ({ id: await insertNotice(f.db, f.now()), reason: RBAC_REASON }),
};
