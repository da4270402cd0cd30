import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../shared/codes.js';
import { endpointAccess, type Endpoint } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId } from '../shared/api/table.js';
import { canAccess } from '../shared/roles.js';
import type { GameId } from '../shared/games.js';
import { DEMO_OPERATORS } from './seed/operators.js';
import { playerIdOf } from './seed/players.js';
import { backendKinds, startTestBackend } from '../tests/support/backends.js';
import { testSecrets } from './giftCodes/test-kit.js';
import { featureCases } from '../tests/support/feature-cases.js';
import { RBAC_GAME, type RbacFixture } from '../tests/support/rbac-case.js';

/**
 * Every endpoint of the table x every seeded role (and no sign-in at all): allowed or denied
 * exactly as canAccess(endpointAccess(...)) says. The matrix is generated from ENDPOINTS; each
 * feature gives its endpoints' valid inputs in its own folder (a new endpoint without one is a
 * type error there, and fails the coverage check below).
 */

/** Players of RBAC_GAME seeded for the matrix's calls that each need their own. */
const SEEDED = 120;

/** Every endpoint's valid input, from the features' folders (server/<feature>/rbac-cases.ts). */
const VALID_INPUT = await featureCases<(f: RbacFixture) => Promise<unknown>>('rbac-cases.ts', 'rbacCases');

const CALLERS = [{ name: '(not signed in)', roles: [] as string[] }, ...DEMO_OPERATORS];

/**
 * The bearer a signed-in caller sends: the console token, or for a payment-service call a fresh
 * pay-server token (fresh: the matrix's own payServer.signIn calls replace earlier ones); null
 * when the caller may not have one.
 */
async function bearerFor(f: RbacFixture, ep: Endpoint, consoleToken: string): Promise<string | null> {
  if (ep.service !== 'payment') return consoleToken;
  const r = await f.t.api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, consoleToken);
  return r.body.Status.Code === Codes.OK ? r.body.Data.token : null;
}

/**
 * Calls that a valid input cannot make succeed here, answered alike to every caller: first-run
 * setup is over once the database has operators (the matrix runs on the demo operators).
 */
const REFUSED_TO_ALL: Partial<Record<EndpointId, number>> = { 'setup.init': Codes.CONFLICT };

/** The matrix runs on an embedded backend in first-run mode, so the setup calls answer. */
const LAUNCH_KEY = 'rbac-matrix-launch-key-0123456789abcdef';

describe.each(backendKinds())('RBAC matrix on %s', (kind) => {
  let fixture: RbacFixture;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const t = await startTestBackend(kind, {
      seedPlayers: SEEDED,
      launchKey: LAUNCH_KEY,
      firstRun: true,
      // A known secrets key, so that the matrix can sign game servers' calls (gift-code redeem).
      secretsKey: testSecrets(),
    });
    for (const op of DEMO_OPERATORS) tokens.set(op.name, (await t.api.login(op.name)).authToken);
    let counter = 100000;
    let player = 20;
    fixture = {
      t,
      superToken: tokens.get('super') ?? '',
      unique: () => String(counter++),
      freshPlayer: () => {
        player += 1;
        if (player > SEEDED) throw new Error('the RBAC matrix ran out of seeded players');
        return playerIdOf(RBAC_GAME, player);
      },
      db: t.backend.database.db,
      now: () => new Date(t.clock.now),
    };
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
        const valid = VALID_INPUT[id];
        if (!valid) throw new Error(`${id} has no case: give it one in its feature's rbac-cases.ts`);
        const input = (await valid(fixture)) as Record<string, unknown>;
        const access = endpointAccess(ep, input['game'] as GameId | undefined);
        // The payment service takes a pay-server token only: a caller who cannot get one sends
        // the console's and is told to sign in to the pay server.
        const bearer = signedIn ? await bearerFor(fixture, ep, tokens.get(caller.name) ?? '') : undefined;
        const want =
          bearer === null
            ? Codes.PAY_SERVER_SIGN_IN
            : canAccess(caller.roles, access, signedIn)
              ? (REFUSED_TO_ALL[id] ?? Codes.OK)
              : signedIn
                ? Codes.FORBIDDEN
                : Codes.UNAUTHENTICATED;
        const r = await fixture.t.api.call(ep, input, bearer ?? tokens.get(caller.name));
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
