import type { playersFeature } from '../../shared/api/players.js';
import { playerIdOf } from '../seed/players.js';
import { setPlayerState } from '../../tests/support/fixture-rows.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of players (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof playersFeature> = {
  'players.search': async () => ({ game: RBAC_GAME, name: 'a' }),
  'players.get': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1) }),
  'players.tab': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1), tab: 'items' }),
  'players.equipment': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 2) }),
  'players.equipmentPage': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 2), pageSize: 50 }),
  'players.logs': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1) }),
  'players.prelogs': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1) }),
  'players.audit': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1) }),
  'players.stats': async () => ({ game: RBAC_GAME }),
  'players.clearCache': async () => ({ game: RBAC_GAME, id: playerIdOf(RBAC_GAME, 1), reason: RBAC_REASON }),
  'players.delete': async (f) => ({
    game: RBAC_GAME,
    id: await playerInState(f, 'active'),
    reason: RBAC_REASON,
  }),
  'players.activate': async (f) => ({
    game: RBAC_GAME,
    id: await playerInState(f, 'inactive'),
    reason: RBAC_REASON,
  }),
};

async function playerInState(f: RbacFixture, state: 'active' | 'inactive'): Promise<string> {
  const id = f.freshPlayer();
  await setPlayerState(f.db, RBAC_GAME, id, state);
  return id;
}
