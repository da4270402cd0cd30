import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, type Endpoint } from '../../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS } from '../../shared/api/table.js';
import { PUBLIC, SIGNED_IN } from '../../shared/roles.js';
import { SERVER_FEATURES } from '../features.js';
import {
  authenticatorFor,
  callerAuthOf,
  collectAuthenticators,
  type HeaderAuthenticator,
  type InputAuthenticator,
} from './authenticate.js';

/**
 * Endpoints say how their caller proves itself; features register the proofs. The behaviour of
 * each proof towards a hostile client is tested over HTTP with its feature (auth, payServer,
 * giftCodes); here, that every endpoint of the table finds its proof, and that a missing,
 * misplaced or doubly registered one stops the start instead of opening a route.
 */

const header: HeaderAuthenticator = {
  from: 'header',
  authenticate: () => Promise.reject(new Error('not called here')),
};
const input: InputAuthenticator = {
  from: 'input',
  verify: () => Promise.reject(new Error('not called here')),
};

const probe = (def: Partial<Endpoint>): Endpoint =>
  endpoint({
    service: 'admin',
    method: 'GET',
    path: '/probe',
    summary: 'probe',
    access: SIGNED_IN,
    input: z.strictObject({}),
    output: z.object({}),
    ...def,
  });

describe('authenticators', () => {
  const registered = collectAuthenticators(SERVER_FEATURES);

  it("finds every endpoint's proof among the features' authenticators", () => {
    for (const id of ENDPOINT_IDS) {
      const ep: Endpoint = ENDPOINTS[id];
      const a = authenticatorFor(id, ep, registered);
      if (ep.access.kind === 'public' && !ep.auth) expect(a, id).toBeNull();
      else expect(a, id).not.toBeNull();
    }
  });

  it('asks a pay-server token of every payment-service call and of nothing else', () => {
    for (const id of ENDPOINT_IDS) {
      const ep: Endpoint = ENDPOINTS[id];
      expect(callerAuthOf(ep) === 'payServer', id).toBe(ep.service === 'payment');
    }
  });

  it("takes a game server's signature only on public calls, and an operator's token on the rest", () => {
    for (const id of ENDPOINT_IDS) {
      const ep: Endpoint = ENDPOINTS[id];
      const auth = callerAuthOf(ep);
      if (auth === 'gameServer') expect(ep.access.kind, id).toBe('public');
      if (ep.access.kind !== 'public') expect(['operator', 'payServer'], id).toContain(auth);
    }
    expect(callerAuthOf(ENDPOINTS['giftCodes.redeem'])).toBe('gameServer');
    expect(callerAuthOf(ENDPOINTS['auth.login'])).toBeNull();
  });

  it('refuses an endpoint whose proof no feature registers', () => {
    expect(() => authenticatorFor('probe', probe({ auth: 'payServer' }), { operator: header })).toThrow(
      'endpoint probe authenticates its caller as payServer, and no feature registers that',
    );
  });

  it('refuses a proof read from the wrong place', () => {
    expect(() =>
      authenticatorFor('probe', probe({ access: PUBLIC, auth: 'gameServer' }), { gameServer: header }),
    ).toThrow("a public endpoint's proof is in the input");
    expect(() => authenticatorFor('probe', probe({}), { operator: input })).toThrow(
      "a signedIn endpoint's proof is in the header",
    );
  });

  it('refuses a proof registered by two features', () => {
    expect(() =>
      collectAuthenticators([
        { id: 'one', authenticators: { operator: header } },
        { id: 'two', authenticators: { operator: header } },
      ]),
    ).toThrow('features one and two both register the operator authenticator');
  });
});
