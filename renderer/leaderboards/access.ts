import { leaderboardsFeature } from '../../shared/api/leaderboards.js';
import { canAccess } from '../../shared/roles.js';
import { useSession } from '../session/SessionContext.js';

type Changing =
  | 'leaderboards.deleteRecord'
  | 'leaderboards.deleteStageRecord'
  | 'leaderboards.dynamicRank'
  | 'leaderboards.setDynamicRank';

/**
 * Whether the signed-in operator may call a leaderboard endpoint, by that endpoint's own rule: a
 * Service operator opens the boards but is offered no deletion and no switch, since the server
 * would refuse them.
 */
export function useMayCall(endpoint: Changing): boolean {
  const { state } = useSession();
  return canAccess(state?.user.role ?? [], leaderboardsFeature.endpoints[endpoint].access);
}
