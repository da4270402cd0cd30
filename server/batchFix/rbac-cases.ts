import type { batchFixFeature } from '../../shared/api/batchFix.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of batchFix (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof batchFixFeature> = {
  'batchFix.functions': async () => ({ game: RBAC_GAME }),
  'batchFix.dryRun': async () => ({ game: RBAC_GAME, name: 'batchfix1' }),
  'batchFix.run': async (f) => ({ game: RBAC_GAME, name: await idleRepair(f), reason: RBAC_REASON }),
  'batchFix.jobs': async () => ({ game: RBAC_GAME }),
  'batchFix.job': async (f) => ({ game: RBAC_GAME, jobId: await queuedRepairJob(f) }),
  'batchFix.cancel': async (f) => ({ game: RBAC_GAME, jobId: await queuedRepairJob(f), reason: RBAC_REASON }),
};

/**
 * A repair function with no run going on, so that the next caller's run is not refused as a
 * second one: the matrix waits for the previous caller's run (a few rows) to end.
 */
async function idleRepair(f: RbacFixture): Promise<string> {
  const name = 'batchfix1';
  for (let i = 0; i < 200; i++) {
    const active = await f.db
      .selectFrom('batch_fix_jobs')
      .select('id')
      .where('game', '=', RBAC_GAME)
      .where('name', '=', name)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (!active) return name;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} is still running after 10 s`);
}

/** A queued repair run put straight into the table (no runner picks it up), for job and cancel. */
async function queuedRepairJob(f: RbacFixture): Promise<number> {
  const row = await f.db
    .insertInto('batch_fix_jobs')
    .values({
      game: RBAC_GAME,
      name: `rbac-${f.unique()}`,
      status: 'queued',
      reason: RBAC_REASON,
      operator_id: null,
      operator: 'rbac',
      created_at: f.now(),
      heartbeat_at: f.now(),
      total: 0,
      counts: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
