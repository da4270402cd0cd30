import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../shared/codes.js';
import { gamesOf, hasBody, pathParams, routePattern, type Endpoint } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId } from '../shared/api/table.js';
import type { GameId } from '../shared/games.js';
import { backendKinds, startTestBackend, type Reply, type TestBackend } from '../tests/support/backends.js';

/**
 * The contract's text rule (shared/api/text.ts) on every route the server registers, each game's
 * included: a NUL sent by a careless client, in a JSON body field, a query value or a path
 * parameter, is refused as VALIDATION (40000) with the field named, never a 5xxxx from the
 * database; and an audited call's attempt is recorded all the same, its NUL made storable.
 */

interface Route {
  id: EndpointId;
  ep: Endpoint;
  game: GameId | undefined;
}

const ROUTES: Route[] = ENDPOINT_IDS.flatMap((id) => {
  const ep = ENDPOINTS[id];
  const games: (GameId | undefined)[] = ep.service === 'game' ? gamesOf(ep) : [undefined];
  return games.map((game) => ({ id, ep, game }));
});

const WITH_NUL = 'a\u0000b';

/** An input field of the endpoint that the URL does not carry: the reason when there is one. */
function fieldOf(ep: Endpoint): string {
  const fromUrl = new Set([...pathParams(ep.path), 'game']);
  const fields = Object.keys(ep.input.shape).filter((k) => !fromUrl.has(k));
  return fields.includes('reason') ? 'reason' : (fields[0] ?? 'q');
}

/** The route's path with every parameter set to `value` (already URL-encoded). */
function pathWith(r: Route, value: string): string {
  return routePattern(r.ep, r.game).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, value);
}

describe.each(backendKinds())('the text rule on every route, on %s', (kind) => {
  let t: TestBackend;
  let consoleToken: string;
  // The payment service takes only a pay-server token (its own sign-in).
  let payToken: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    consoleToken = (await t.api.login('super')).authToken;
    const pay = await t.api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, consoleToken);
    payToken = pay.body.Data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const auditRows = (r: Route) => {
    let q = t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', r.id)
      .where('at', '=', new Date(t.clock.now));
    q = r.game ? q.where('game', '=', r.game) : q.where('game', 'is', null);
    return q.orderBy('id').execute();
  };

  function expectRefused(reply: Reply, what: string, field: string): void {
    expect(reply.status, what).toBe(400);
    expect(reply.body, what).toEqual({
      Status: { Code: Codes.VALIDATION, Message: expect.stringContaining(field) },
      Data: null,
    });
    expect(reply.body.Status.Message, what).toMatch(/control character/);
  }

  it('covers every endpoint of the table', () => {
    expect(new Set(ROUTES.map((r) => r.id))).toEqual(new Set(ENDPOINT_IDS));
  });

  for (const r of ROUTES) {
    it(`${r.id}${r.game ? `@${r.game}` : ''}`, async () => {
      t.clock.advance(1);
      const token = r.ep.service === 'payment' ? payToken : consoleToken;
      const field = fieldOf(r.ep);
      const params = pathParams(r.ep.path);
      const plain = pathWith(r, '1');
      const sent: string[] = [];

      if (hasBody(r.ep.method)) {
        const reply = await t.api.request(r.ep.method, plain, { token, json: { [field]: WITH_NUL } });
        expectRefused(reply, 'NUL in a body field', field);
        sent.push('body');
        // A query string on a call with a body is refused too, the text never read from it.
        const query = await t.api.request(r.ep.method, `${plain}?${field}=a%00b`, { token, json: {} });
        expect(query.body.Status.Code, 'query on a call with a body').toBe(Codes.VALIDATION);
        expect(query.body.Status.Message).toMatch(/JSON body, not the URL/);
        sent.push('query');
      } else {
        const reply = await t.api.request('GET', `${plain}?${field}=a%00b`, { token });
        expectRefused(reply, 'NUL in a query value', field);
        sent.push('query');
      }
      if (params.length > 0) {
        const reply = await t.api.request(r.ep.method, pathWith(r, 'a%00b'), {
          token,
          ...(hasBody(r.ep.method) ? { json: {} } : {}),
        });
        expectRefused(reply, 'NUL in a path parameter', params[0] ?? '');
        sent.push('path');
      }

      if (!r.ep.audit) return;
      const rows = await auditRows(r);
      const operator = r.ep.access.kind === 'public' ? '(not signed in)' : 'super';
      expect(rows.map((row) => [row.operator, row.outcome, row.code])).toEqual(
        sent.map(() => [operator, 'error', Codes.VALIDATION]),
      );
      // The refused reason is kept, with the NUL shown as U+FFFD; none is taken from a URL.
      const expectedReason = field === 'reason' ? 'a\uFFFDb' : null;
      expect(rows.map((row) => row.reason)).toEqual(
        sent.map((how) => (how === 'body' ? expectedReason : null)),
      );
    });
  }
});
