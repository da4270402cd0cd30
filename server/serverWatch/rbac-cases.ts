import type { serverWatchFeature } from '../../shared/api/serverWatch.js';
import { insertMaintenance, insertWatchedServer } from './test-kit.js';
import { type RbacCases, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of serverWatch (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof serverWatchFeature> = {
  'serverWatch.list': async () => ({}),
  'serverWatch.get': async (f) => ({
    id: await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`),
  }),
  'serverWatch.save': async (f) => ({
    name: `rbac-${f.unique()}`,
    game: RBAC_GAME,
    check: { kind: 'tcp', host: '127.0.0.1', port: 9 },
  }),
  'serverWatch.delete': async (f) => ({
    id: await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`),
    reason: RBAC_REASON,
  }),
  'serverWatch.pause': async (f) => ({
    id: await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`),
    reason: RBAC_REASON,
  }),
  'serverWatch.resume': async (f) => ({
    id: await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`, { paused: true }),
  }),
  'serverWatch.test': async () => ({ kind: 'tcp', host: '127.0.0.1', port: 9, timeoutMs: 500 }),
  'serverWatch.addMaintenance': async (f) => ({
    id: await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`),
    startsAt: f.now().toISOString(),
    endsAt: new Date(f.now().getTime() + 3_600_000).toISOString(),
  }),
  'serverWatch.deleteMaintenance': async (f) => {
    const id = await insertWatchedServer(f.db, f.now(), `rbac-${f.unique()}`);
    return { id, windowId: await insertMaintenance(f.db, id, f.now()), reason: RBAC_REASON };
  },
  'serverWatch.events': async () => ({ after: 0, wait: 0 }),
  'serverWatch.mutes': async () => ({}),
  'serverWatch.mute': async () => ({}),
  'serverWatch.unmute': async () => ({}),
};
