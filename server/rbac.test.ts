import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../shared/codes.js';
import { endpointAccess } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId, type InputOf } from '../shared/api/table.js';
import { canAccess } from '../shared/roles.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from './seed/operators.js';
import { backendKinds, startTestBackend, type TestBackend } from '../tests/support/backends.js';

/**
 * Every endpoint of the table x every seeded role (and no sign-in at all): allowed or denied
 * exactly as canAccess(endpointAccess(...)) says. The matrix is generated from ENDPOINTS; a new
 * endpoint without a valid input below is a type error.
 */

interface Fixture {
  t: TestBackend;
  superToken: string;
  unique(): string;
}

/** A valid input per endpoint; mutating ones get their own throwaway target each time. */
const VALID_INPUT: { [K in EndpointId]: (f: Fixture) => Promise<InputOf<K>> } = {
  'auth.login': async () => ({ account: 'guest', password: DEMO_PASSWORD }),
  'auth.refresh': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.logout': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.session': async () => ({}),
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

async function throwaway(f: Fixture): Promise<string> {
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

const CALLERS = [{ name: '(not signed in)', roles: [] as string[] }, ...DEMO_OPERATORS];

describe.each(backendKinds())('RBAC matrix on %s', (kind) => {
  let fixture: Fixture;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const t = await startTestBackend(kind);
    for (const op of DEMO_OPERATORS) tokens.set(op.name, (await t.api.login(op.name)).authToken);
    let counter = 100000;
    fixture = { t, superToken: tokens.get('super') ?? '', unique: () => String(counter++) };
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  for (const id of ENDPOINT_IDS) {
    const ep = ENDPOINTS[id];
    it(`${id} (${ep.method} ${ep.path})`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const caller of CALLERS) {
        const signedIn = caller.roles.length > 0;
        const access = endpointAccess(ep);
        const want = canAccess(caller.roles, access, signedIn)
          ? Codes.OK
          : signedIn
            ? Codes.FORBIDDEN
            : Codes.UNAUTHENTICATED;
        const input = (await VALID_INPUT[id](fixture)) as Record<string, unknown>;
        const r = await fixture.t.api.call(ep, input, signedIn ? tokens.get(caller.name) : undefined);
        outcomes.push(`${caller.name}: ${r.body.Status.Code}`);
        expected.push(`${caller.name}: ${want}`);
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('covers every endpoint of the table', () => {
    expect(Object.keys(VALID_INPUT).sort()).toEqual([...ENDPOINT_IDS].sort());
  });
});
