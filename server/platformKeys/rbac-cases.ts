import type { platformKeysFeature } from '../../shared/api/platformKeys.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of platformKeys (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof platformKeysFeature> = {
  'platformKeys.all': async () => ({}),
  'platformKeys.list': async () => ({ game: RBAC_GAME }),
  'platformKeys.create': async (f) => ({
    game: RBAC_GAME,
    name: `rbac-${f.unique()}`,
    platform: 'steamWebApi',
    secret: 'rbac-secret-0123456789',
    note: '',
  }),
  'platformKeys.update': async (f) => ({
    game: RBAC_GAME,
    keyId: await platformKey(f),
    note: 'changed',
    reason: RBAC_REASON,
  }),
  'platformKeys.delete': async (f) => ({ game: RBAC_GAME, keyId: await platformKey(f), reason: RBAC_REASON }),
  'platformKeys.reveal': async (f) => ({ game: RBAC_GAME, keyId: await platformKey(f), reason: RBAC_REASON }),
};

/** A platform key made by the SUPER, for a call of the matrix to act on. */
async function platformKey(f: RbacFixture): Promise<number> {
  const r = await f.t.api.call(
    ENDPOINTS['platformKeys.create'],
    {
      game: RBAC_GAME,
      name: `rbac-key-${f.unique()}`,
      platform: 'other',
      secret: 'rbac-secret-0123456789',
      note: '',
    },
    f.superToken,
  );
  if (r.body.Status.Code !== 1) throw new Error(`could not create a key: ${JSON.stringify(r.body.Status)}`);
  return (r.body.Data as { id: number }).id;
}
