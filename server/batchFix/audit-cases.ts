import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/**
 * The audit cases of data repair, for server/audit/audit.test.ts (which checks
 * every audited endpoint has one): a call that succeeds, one that fails after sign-in, and what
 * before and after must hold.
 */

const db = (t: TestBackend) => t.backend.database.db;
const GAME: GameId = 'ymmj';
const MISSING = 987_654;

/** A queued run put straight into the table, so the cancel acts on a run that has not ended. */
async function queuedJob(t: TestBackend, name: string): Promise<number> {
  const at = new Date(t.clock.now);
  const row = await db(t)
    .insertInto('batch_fix_jobs')
    .values({
      game: GAME,
      name,
      status: 'queued',
      reason: 'audit',
      operator_id: null,
      operator: 'audit',
      created_at: at,
      heartbeat_at: at,
      total: 0,
      counts: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const auditCases: AuditCases = {
  'batchFix.run': {
    ok: async () => ({
      input: { game: GAME, name: 'batchfix1', reason: 'close old bans' },
      target: 'batchfix1',
      reason: 'close old bans',
      game: GAME,
    }),
    error: async () => ({
      input: { game: GAME, name: 'noSuchRepair', reason: 'typo' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      // Before: what the dry run found; after: the job as it was queued.
      expect(before).toMatchObject({ total: expect.any(Number), counts: expect.any(Array) });
      expect(after).toMatchObject({ name: 'batchfix1', status: 'queued', reason: 'close old bans' });
    },
  },
  'batchFix.cancel': {
    ok: async (t) => {
      const id = await queuedJob(t, 'audit-cancel');
      return {
        input: { game: GAME, jobId: id, reason: 'wrong function' },
        target: `audit-cancel (job ${id})`,
        reason: 'wrong function',
        game: GAME,
      };
    },
    error: async () => ({ input: { game: GAME, jobId: MISSING, reason: 'gone' }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'audit-cancel', status: 'queued' });
      expect(after).toMatchObject({ name: 'audit-cancel', status: 'cancelled', cancelRequested: true });
    },
  },
};
