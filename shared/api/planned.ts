import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { feature } from '../pages.js';

/**
 * The spec's pages whose features are not built yet: who may open them (spec section 6) and where
 * they sit in the menu, so that the menu, the guard and the server agree from day one. Each moves
 * into its own feature module, with its endpoints, when an issue builds it; until then the
 * renderer has no screen for it and says so.
 */
export const plannedFeature = feature({
  id: 'planned',
  endpoints: {},
  gamePages: {
    rechargeStats: { access: ADMIN_ONLY, section: 'recharge' },
    dailyReport: { access: ADMIN_ONLY, section: 'statistics' },
    shopDailyReport: { access: ADMIN_ONLY, section: 'statistics' },
    matchStats: { access: ADMIN_OR_SERVICE, section: 'statistics' },
    apiStats: { access: ADMIN_ONLY, section: 'statistics' },
    ipStats: { access: ADMIN_ONLY, section: 'statistics' },
    clientIps: { access: ADMIN_ONLY, section: 'statistics' },
  },
});
