import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Codes } from '../shared/codes.js';
import {
  endpoint,
  endpointAccess,
  gamesOf,
  intParam,
  reasonSchema,
  routePattern,
} from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS } from '../shared/api/table.js';
import { GAME_IDS, type GameId } from '../shared/games.js';
import { PUBLIC, anyOf, canAccess } from '../shared/roles.js';
import { DEMO_OPERATORS } from './seed/operators.js';
import { endpointSet } from './http/endpoints.js';
import { signedInOf, type HandlerMap } from './http/context.js';
import { backendKinds, startTestBackend, type TestBackend } from '../tests/support/backends.js';
import { gameIdSchema } from '../shared/ids-schema.js';

/**
 * The endpoint layer: envelopes for every kind of bad input, the route table mechanism for
 * game-scoped endpoints (with a test-only table, until issue 3 brings real ones), output checks,
 * unexpected failures, OpenAPI and health.
 */

const testTable = {
  'test.gameEcho': endpoint({
    service: 'game',
    method: 'GET',
    path: '/test/echo/:id',
    summary: 'Echo for the game-scoped mechanism',
    access: anyOf('ADMIN', 'Service'),
    input: z.strictObject({
      game: gameIdSchema,
      id: z.string().min(1),
      n: intParam({ min: 0 }).optional(),
    }),
    output: z.object({ game: z.string(), id: z.string(), n: z.number().optional(), ctxGame: z.string() }),
  }),
  'test.gameWrite': endpoint({
    service: 'game',
    method: 'POST',
    path: '/test/write',
    summary: 'A write that fails after changing the database when asked to',
    access: anyOf('ADMIN'),
    audit: true,
    input: z.strictObject({
      game: gameIdSchema,
      key: z.string().min(1),
      fail: z.boolean(),
      reason: reasonSchema,
    }),
    output: z.object({ written: z.boolean() }),
  }),
  'test.hostileDraft': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/test/hostile-draft',
    summary: 'Leaves values in its audit draft that JSON and the database refuse',
    access: anyOf('ADMIN'),
    audit: true,
    input: z.strictObject({ fail: z.boolean(), reason: reasonSchema }),
    output: z.object({ done: z.boolean() }),
  }),
  'test.boom': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/test/boom',
    summary: 'Throws',
    access: PUBLIC,
    input: z.strictObject({}),
    output: z.object({}),
  }),
  'test.badOutput': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/test/bad-output',
    summary: 'Answers with the wrong shape',
    access: PUBLIC,
    input: z.strictObject({}),
    output: z.object({ count: z.number() }),
  }),
};

const testHandlers: HandlerMap<typeof testTable> = {
  'test.gameEcho': async (input, ctx) => ({ ...input, ctxGame: ctx.game ?? '' }),
  'test.gameWrite': async (input, ctx) => {
    signedInOf(ctx);
    ctx.audit.target = input.key;
    ctx.audit.after = { key: input.key };
    await ctx.db.insertInto('app_meta').values({ key: input.key, value: input.game }).execute();
    if (input.fail) throw new Error('failure after the write');
    return { written: true };
  },
  'test.hostileDraft': async (input, ctx) => {
    const cycle: Record<string, unknown> = { 'key\u0000': 'value\u0000' };
    cycle['self'] = cycle;
    ctx.audit.target = 'target\u0000';
    ctx.audit.before = cycle;
    ctx.audit.after = {
      big: 10n,
      toJSON() {
        throw new Error('not JSON');
      },
    };
    if (input.fail) throw new Error('failure with a hostile draft');
    return { done: true };
  },
  'test.boom': async () => {
    throw new Error('kaboom: an unexpected failure');
  },
  // @ts-expect-error the wrong shape on purpose: the server must not pass it on
  'test.badOutput': async () => ({ count: 'many' }),
};

const SR = '/api/v1/sr';

describe.each(backendKinds())('endpoint layer on %s', (kind) => {
  let t: TestBackend;
  const logs: string[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestBackend(kind, {
      extraEndpoints: [endpointSet(testTable, testHandlers)],
      bodyLimit: 64 * 1024,
      logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } },
    });
    for (const op of DEMO_OPERATORS) tokens.set(op.name, (await t.api.login(op.name)).authToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (r: { body: { Status: { Code: number } } }) => r.body.Status.Code;

  describe('bad input gets an error envelope, never a crash', () => {
    it('malformed JSON', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, {
        raw: '{"account": "super", "password": ',
        contentType: 'application/json',
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ Status: { Code: Codes.MALFORMED_JSON }, Data: null });
      expect(r.body.Status.Message).toMatch(/JSON/);
    });

    it('an empty JSON body', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, {
        raw: '',
        contentType: 'application/json',
      });
      expect(code(r)).toBe(Codes.MALFORMED_JSON);
    });

    it('a JSON body that is not an object', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, { json: ['super', 'x'] });
      expect(r.status).toBe(400);
      expect(code(r)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/expected a JSON object/);
    });

    it('wrong types, with the field in the message', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, { json: { account: 42, password: 'x' } });
      expect(r.status).toBe(400);
      expect(code(r)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/account/);
    });

    it('unknown fields', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, {
        json: { account: 'super', password: 'gameops-demo', admin: true },
      });
      expect(code(r)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/admin/);
    });

    it('unknown query parameters and wrong query types', async () => {
      const token = tokens.get('super');
      const r1 = await t.api.request('GET', `${SR}/admin/users?bogus=1`, { token });
      expect(code(r1)).toBe(Codes.VALIDATION);
      const r2 = await t.api.request('GET', `${SR}/admin/users?pageSize=lots`, { token });
      expect(code(r2)).toBe(Codes.VALIDATION);
      expect(r2.body.Status.Message).toMatch(/pageSize/);
      const r3 = await t.api.request('GET', `${SR}/admin/users?page=1&page=2`, { token });
      expect(code(r3)).toBe(Codes.VALIDATION);
    });

    it('messages follow Accept-Language', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, {
        json: { account: 42, password: 'x' },
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      expect(r.body.Status.Message).toMatch(/输入有误/);
    });

    it('an oversize body', async () => {
      const r = await t.api.request('POST', `${SR}/admin/login`, {
        json: { account: 'super', password: 'x'.repeat(70 * 1024) },
      });
      expect(r.status).toBe(413);
      expect(code(r)).toBe(Codes.PAYLOAD_TOO_LARGE);
    });

    it('a body that is not JSON', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const r = await t.api.request('POST', `${SR}/admin/login`, { raw: 'account=super', contentType });
        expect(r.status, contentType).toBe(415);
        expect(code(r)).toBe(Codes.UNSUPPORTED_MEDIA_TYPE);
      }
    });

    it('an unknown route', async () => {
      for (const path of ['/nope', `${SR}/admin/nope`, '/api/v1/dr/admin/login', `${SR}/admin/user/1/2/3`]) {
        const r = await t.api.request('GET', path);
        expect(r.status, path).toBe(404);
        expect(code(r)).toBe(Codes.ROUTE_NOT_FOUND);
      }
    });

    it('a known path with the wrong method', async () => {
      const r = await t.api.request('DELETE', `${SR}/admin/login`);
      expect(r.status).toBe(405);
      expect(code(r)).toBe(Codes.METHOD_NOT_ALLOWED);
      expect(r.headers.get('allow')).toBe('POST');
      const r2 = await t.api.request('POST', `${SR}/admin/user/13800000001`, { json: {} });
      expect(code(r2)).toBe(Codes.METHOD_NOT_ALLOWED);
    });

    it('a trailing slash is the same route', async () => {
      const r = await t.api.request('GET', `${SR}/admin/roles/`, { token: tokens.get('super') });
      expect(code(r)).toBe(Codes.OK);
    });

    it('a path parameter sent again in the query', async () => {
      const r = await t.api.request('GET', `${SR}/admin/user/13800000001?phone=13800000002`, {
        token: tokens.get('super'),
      });
      expect(code(r)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/phone/);
    });
  });

  describe('unexpected failures', () => {
    it('a handler that throws gets INTERNAL, logged, without its message leaking', async () => {
      const r = await t.api.request('GET', `${SR}/test/boom`);
      expect(r.status).toBe(500);
      expect(code(r)).toBe(Codes.INTERNAL);
      expect(r.body.Status.Message).not.toMatch(/kaboom/);
      expect(logs.join('\n')).toMatch(/kaboom/);
    });

    it('an answer that does not match its output schema is not passed on', async () => {
      const r = await t.api.request('GET', `${SR}/test/bad-output`);
      expect(code(r)).toBe(Codes.INTERNAL);
      expect(r.body.Data).toBeNull();
      expect(logs.join('\n')).toMatch(/output does not match/);
    });
  });

  describe('game-scoped endpoints are registered once per game', () => {
    const ep = testTable['test.gameEcho'];

    it('on each game’s service and prefix, with the game injected', async () => {
      for (const game of GAME_IDS) {
        const path = routePattern(ep, game).replace(':id', '77');
        const r = await t.api.request('GET', `${path}?n=3`, { token: tokens.get('admin') });
        expect(code(r), path).toBe(Codes.OK);
        expect(r.body.Data).toEqual({ game, id: '77', n: 3, ctxGame: game });
      }
      expect(routePattern(ep, 'atomicwar')).toBe('/api/v1/sr/atomicwar/test/echo/:id');
      expect(routePattern(ep, 'ymmj')).toBe('/api/v1/dr/test/echo/:id');
    });

    it('the game comes from the route only', async () => {
      const r = await t.api.request('GET', '/api/v1/lw/test/echo/1?game=ymmj', {
        token: tokens.get('admin'),
      });
      expect(code(r)).toBe(Codes.VALIDATION);
    });

    it("each game adds its own role to the endpoint's access", async () => {
      for (const game of GAME_IDS) {
        const access = endpointAccess(ep, game);
        for (const op of DEMO_OPERATORS) {
          const path = routePattern(ep, game).replace(':id', '1');
          const r = await t.api.request('GET', path, { token: tokens.get(op.name) });
          const expected = canAccess(op.roles, access) ? Codes.OK : Codes.FORBIDDEN;
          expect(code(r), `${op.name} on ${game}`).toBe(expected);
        }
      }
    });

    it('an audited call that fails after writing rolls back, and the failure is audited', async () => {
      const path = routePattern(testTable['test.gameWrite'], 'lw');
      const token = tokens.get('lordwar');
      const failed = await t.api.request('POST', path, {
        token,
        json: { key: 'test-key-fail', fail: true, reason: 'checking rollback' },
      });
      expect(code(failed)).toBe(Codes.INTERNAL);
      const ok = await t.api.request('POST', path, {
        token,
        json: { key: 'test-key-ok', fail: false, reason: 'checking commit' },
      });
      expect(code(ok)).toBe(Codes.OK);

      const db = t.backend.database.db;
      const keys = (
        await db.selectFrom('app_meta').select('key').where('key', 'like', 'test-key-%').execute()
      ).map((r) => r.key);
      expect(keys).toEqual(['test-key-ok']);
      const entries = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'test.gameWrite')
        .orderBy('id')
        .execute();
      expect(entries.map((e) => [e.outcome, e.code, e.game, e.target, e.reason, e.operator])).toEqual([
        ['error', Codes.INTERNAL, 'lw', 'test-key-fail', 'checking rollback', 'lordwar'],
        ['ok', Codes.OK, 'lw', 'test-key-ok', 'checking commit', 'lordwar'],
      ]);
    });
  });

  it('an audited call whose draft JSON and the database refuse is still recorded, failed or done', async () => {
    const path = `${SR}/test/hostile-draft`;
    const token = tokens.get('admin');
    const failed = await t.api.request('POST', path, { token, json: { fail: true, reason: 'hostile fail' } });
    expect(code(failed)).toBe(Codes.INTERNAL);
    const done = await t.api.request('POST', path, { token, json: { fail: false, reason: 'hostile ok' } });
    expect(code(done)).toBe(Codes.OK);
    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'test.hostileDraft')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.outcome, r.code, r.reason, r.target])).toEqual([
      ['error', Codes.INTERNAL, 'hostile fail', 'target\uFFFD'],
      ['ok', Codes.OK, 'hostile ok', 'target\uFFFD'],
    ]);
    expect(JSON.stringify(rows[1]?.before)).toContain('[nested too deep to record]');
    expect(rows[1]?.after).toEqual({ unrecordable: 'this value could not be written as JSON' });
  });

  it('serves OpenAPI 3.1 listing every endpoint with its access and audit', async () => {
    const res = await fetch(`${t.api.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            'x-access': unknown;
            'x-audit'?: string;
            'x-auth'?: string;
            security: unknown;
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ops = new Map<
      string,
      {
        'x-access': unknown;
        'x-audit'?: string;
        'x-auth'?: string;
        security: unknown;
        path: string;
        method: string;
      }
    >();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) ops.set(op.operationId, { ...op, path, method });
    }
    for (const id of ENDPOINT_IDS) {
      const ep = ENDPOINTS[id];
      // A game call is one operation per game it exists for, on that game's service.
      const games: (GameId | undefined)[] = ep.service === 'game' ? gamesOf(ep) : [undefined];
      for (const game of games) {
        const opId = game ? `${id}@${game}` : id;
        const op = ops.get(opId);
        expect(op, opId).toBeDefined();
        expect(op?.path).toBe(routePattern(ep, game).replace(/:(\w+)/g, '{$1}'));
        expect(op?.method).toBe(ep.method.toLowerCase());
        expect(op?.['x-access']).toEqual(endpointAccess(ep, game));
        expect(op?.['x-audit']).toBe(ep.audit ? id : undefined);
        // How the caller proves itself, and the bearer that goes with it (none for a signed body).
        const auth = ep.auth ?? (ep.access.kind === 'public' ? undefined : 'operator');
        expect(op?.['x-auth']).toBe(auth);
        expect(op?.security).toEqual(
          auth === 'operator' ? [{ bearer: [] }] : auth === 'payServer' ? [{ payServer: [] }] : [],
        );
      }
      for (const game of GAME_IDS.filter((g) => !games.includes(g)))
        expect(ops.has(`${id}@${game}`)).toBe(false);
    }
    for (const game of GAME_IDS) expect(ops.has(`test.gameEcho@${game}`)).toBe(true);
  });

  it('answers /health', async () => {
    const r = await t.api.request('GET', '/health');
    expect(r.body).toMatchObject({
      Status: { Code: 1 },
      Data: { status: 'ok', database: kind, secretsKey: { available: true } },
    });
  });
});
