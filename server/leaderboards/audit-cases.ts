import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import type { TestBackend } from '../../tests/support/backends.js';
import { SCORE_TOP } from './levels-seed.js';
import { stageBoard } from './levels-stages.js';
import { insertTestRecord } from './test-records.js';

/**
 * The audit cases of the leaderboards, for server/audit/audit.test.ts: a deletion of a board's
 * record and of a stage's (then the same one again, refused as already deleted) and the dynamic
 * rank list's switch.
 */

const G: GameId = 'lw';
/** A player id no seed makes, so the record is the case's own. */
const PLAYER = '76561199000000042';
const STAGE_PLAYER = '76561199000000043';
const made = new Map<string, number>();

export const auditCases: AuditCases = {
  'leaderboards.deleteRecord': {
    ok: async (t: TestBackend) => {
      const recordId = await insertTestRecord(t.backend.database.db, G, PLAYER, new Date(t.clock.now), {
        board: 'team',
        score: 7,
      });
      made.set('delete', recordId);
      return {
        input: { game: G, recordId, reason: 'score injected by a memory editor' },
        target: `record ${recordId} (player ${PLAYER})`,
        reason: 'score injected by a memory editor',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, recordId: made.get('delete'), reason: 'again' },
      code: Codes.ALREADY_DELETED,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ playerId: PLAYER, board: 'team', score: 7, deletedAt: null });
      expect((before as { rank: number }).rank).toBeGreaterThan(0);
      expect(after).toMatchObject({
        record: {
          playerId: PLAYER,
          rank: null,
          deletedBy: 'super',
          deleteReason: 'score injected by a memory editor',
        },
        formerRank: (before as { rank: number }).rank,
      });
    },
  },
  'leaderboards.deleteStageRecord': {
    ok: async (t: TestBackend) => {
      const recordId = await insertTestRecord(t.backend.database.db, G, STAGE_PLAYER, new Date(t.clock.now), {
        board: stageBoard(2),
        score: SCORE_TOP - 500,
      });
      made.set('deleteStage', recordId);
      return {
        input: { game: G, stageId: 2, recordId, reason: 'a one-second clear of a siege' },
        target: `stage 2 record ${recordId} (player ${STAGE_PLAYER})`,
        reason: 'a one-second clear of a siege',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, stageId: 2, recordId: made.get('deleteStage'), reason: 'again' },
      code: Codes.ALREADY_DELETED,
    }),
    check: (before, after) => {
      // The fastest clear of the stage: rank 1 before, gone from the ranks after.
      expect(before).toMatchObject({ playerId: STAGE_PLAYER, stageId: 2, clearMs: 500, rank: 1 });
      expect(after).toMatchObject({
        record: {
          playerId: STAGE_PLAYER,
          stageId: 2,
          deletedBy: 'super',
          deleteReason: 'a one-second clear of a siege',
        },
        formerRank: 1,
      });
    },
  },
  'leaderboards.setDynamicRank': {
    ok: async () => ({
      input: { game: G, enabled: false, reason: 'season reset tonight' },
      target: 'dynamic rank list',
      reason: 'season reset tonight',
      game: G,
    }),
    error: async () => ({ input: { game: G, enabled: true, reason: 'x' }, code: Codes.VALIDATION }),
    check: (before, after) => {
      expect(before).toMatchObject({ game: G, enabled: true, updatedBy: null });
      expect(after).toMatchObject({ game: G, enabled: false, updatedBy: 'super' });
    },
  },
};
