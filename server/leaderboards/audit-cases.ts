import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import type { TestBackend } from '../../tests/support/backends.js';
import { insertTestRecord } from './test-records.js';

/**
 * The audit cases of the leaderboards, for server/audit/audit.test.ts: a deletion (then the same
 * one again, refused as already deleted) and the dynamic rank list's switch.
 */

const G: GameId = 'lw';
/** A player id no seed makes, so the record is the case's own. */
const PLAYER = '76561199000000042';
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
