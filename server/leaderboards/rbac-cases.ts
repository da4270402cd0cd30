import type { leaderboardsFeature } from '../../shared/api/leaderboards.js';
import { type RbacCases, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';
import { playerIdOf } from '../seed/players.js';
import { SCORE_TOP } from './levels-seed.js';
import { stageBoard } from './levels-stages.js';
import { insertTestRecord } from './test-records.js';

/** The RBAC matrix's inputs for the leaderboards (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof leaderboardsFeature> = {
  'leaderboards.seasons': async () => ({ game: RBAC_GAME }),
  'leaderboards.top': async () => ({ game: RBAC_GAME, board: 'player' }),
  'leaderboards.page': async () => ({ game: RBAC_GAME, board: 'equip', page: 1, pageSize: 10 }),
  'leaderboards.rank': async () => ({ game: RBAC_GAME, board: 'player', playerId: playerIdOf(RBAC_GAME, 1) }),
  // A record of its own (a player id no seed makes), so each caller's delete has one to delete.
  'leaderboards.deleteRecord': async (f) => ({
    game: RBAC_GAME,
    recordId: await insertTestRecord(f.db, RBAC_GAME, `7656119900${f.unique()}`, f.now()),
    reason: RBAC_REASON,
  }),
  'leaderboards.dynamicRank': async () => ({ game: RBAC_GAME }),
  'leaderboards.setDynamicRank': async () => ({ game: RBAC_GAME, enabled: true, reason: RBAC_REASON }),
  'leaderboards.stages': async () => ({ game: RBAC_GAME }),
  'leaderboards.stage': async () => ({ game: RBAC_GAME, stageId: 1, page: 1, pageSize: 10 }),
  'leaderboards.stageRank': async () => ({ game: RBAC_GAME, stageId: 1, playerId: playerIdOf(RBAC_GAME, 1) }),
  'leaderboards.deleteStageRecord': async (f) => ({
    game: RBAC_GAME,
    stageId: 1,
    recordId: await insertTestRecord(f.db, RBAC_GAME, `7656119901${f.unique()}`, f.now(), {
      board: stageBoard(1),
      score: SCORE_TOP - 90_000,
    }),
    reason: RBAC_REASON,
  }),
};
