import type { usersFeature } from '../../shared/api/users.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { type RbacCases, type RbacFixture } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of users (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof usersFeature> = {
  'users.list': async () => ({ page: 1, pageSize: 5, q: 'a' }),
  'users.get': async () => ({ phone: '13800000004' }),
  'users.logs': async () => ({ phone: '13800000001' }),
  'users.roles': async () => ({}),
  'users.create': async (f) => {
    const n = f.unique();
    return { phone: `1390${n}`, name: `created-${n}`, password: 'a-long-password', roles: ['GUEST'] };
  },
  'users.update': async (f) => ({
    phone: await throwaway(f),
    bio: 'updated by the matrix',
    reason: 'rbac matrix',
  }),
  'users.delete': async (f) => ({ phone: await throwaway(f), reason: 'rbac matrix' }),
};

/** An operator made by the SUPER for a call of the matrix to change or delete. */
async function throwaway(f: RbacFixture): Promise<string> {
  const n = f.unique();
  const phone = `1391${n}`;
  const r = await f.t.api.call(
    ENDPOINTS['users.create'],
    { phone, name: `target-${n}`, password: 'a-long-password', roles: ['GUEST'] },
    f.superToken,
  );
  if (r.body.Status.Code !== 1)
    throw new Error(`could not create a target: ${JSON.stringify(r.body.Status)}`);
  return phone;
}
