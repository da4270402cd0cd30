import { ADMIN_ONLY } from '../roles.js';
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
    levelDetail: { access: ADMIN_ONLY, section: 'leaderboards' },
  },
});
