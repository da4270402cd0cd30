import type { reportsFeature } from '../../shared/api/reports.js';
import { type RbacCases, RBAC_GAME } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of reports (server/rbac.test.ts finds them here). */
const range = async () => ({ game: RBAC_GAME, start: '2026-01-01', end: '2026-01-31' });

export const rbacCases: RbacCases<typeof reportsFeature> = {
  'reports.daily': range,
  'reports.shopDaily': range,
  'reports.recharge': range,
  'reports.charge': range,
  'reports.cohorts': range,
};
