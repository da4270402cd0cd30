import type { statisticsFeature } from '../../shared/api/statistics.js';
import { type RbacCases, RBAC_GAME } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of statistics (server/rbac.test.ts finds them here). */
const range = async () => ({ game: RBAC_GAME, start: '2026-01-01', end: '2026-01-31' });

export const rbacCases: RbacCases<typeof statisticsFeature> = {
  'matchStats.days': range,
  'matchStats.matches': async () => ({ game: RBAC_GAME, day: '2026-01-10' }),
  'matchStats.detail': async () => ({ game: RBAC_GAME, matchId: '1' }),
  'apiStats.hours': range,
  'ipStats.list': async () => ({ game: RBAC_GAME }),
  'ipStats.accounts': async () => ({ game: RBAC_GAME, ip: '10.0.0.1' }),
  'clientIps.list': async () => ({ ...(await range()), ip: '10.0.0.1' }),
};
