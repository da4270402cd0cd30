import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS } from '../../shared/games.js';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { startBackend } from '../backend.js';
import { readMeta } from '../db/app-meta.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from '../seed/operators.js';
import { ApiClient, backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * The desktop app's embedded backend: it answers only requests carrying main's launch key, has no
 * operator (and so no known password) on a fresh install, and offers the first-run setup (the
 * first super-admin, or the demo operators chosen explicitly) to main alone.
 */

const KEY = 'k'.repeat(16) + '0123456789abcdef0123456789abcdef';
const SR = '/api/v1/sr';
const status = ENDPOINTS['setup.status'];
const init = ENDPOINTS['setup.init'];
const FIRST = { mode: 'super', phone: '13700000009', name: 'root', password: 'the-first-password' };

/** The made-up game data of each game: players, their moderation lists, orders and code batches. */
async function madeUpRows(db: TestBackend['backend']['database']['db']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['players', 'blacklist', 'banned_heroes', 'orders', 'gift_code_batches'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['game', db.fn.countAll<number>().as('n')])
      .groupBy('game')
      .execute();
    for (const game of GAME_IDS) out[`${table} ${game}`] = Number(rows.find((r) => r.game === game)?.n ?? 0);
  }
  return out;
}
const none = () =>
  Object.fromEntries(
    GAME_IDS.flatMap((g) =>
      ['players', 'blacklist', 'banned_heroes', 'orders', 'gift_code_batches'].map((t) => [`${t} ${g}`, 0]),
    ),
  );

describe.each(backendKinds())('first run of an embedded backend on %s', (kind) => {
  let t: TestBackend;
  /** The same backend, without the launch key. */
  let stranger: ApiClient;

  beforeAll(async () => {
    t = await startTestBackend(kind, { demo: false, launchKey: KEY, firstRun: true });
    stranger = new ApiClient(t.backend.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('only main is answered', () => {
    it('every request without the key is refused, /health and /openapi.json included', async () => {
      for (const [method, path] of [
        ['GET', '/health'],
        ['GET', '/openapi.json'],
        ['GET', `${SR}/admin/setup`],
        ['POST', `${SR}/admin/login`],
        ['GET', '/no/such/route'],
        ['GET', `${SR}/admin/user/%E0%A4%A`],
      ] as const) {
        const r = await stranger.request(method, path, method === 'POST' ? { json: {} } : {});
        expect(r.status, path).toBe(401);
        expect(r.body, path).toEqual({
          Status: {
            Code: Codes.UNAUTHENTICATED,
            Message: expect.stringMatching(/embedded backend.*answers the console that started it/),
          },
          Data: null,
        });
      }
    });

    it('a wrong key, a key with more or less, or two keys, are refused alike', async () => {
      for (const sent of [KEY.slice(0, -1), `${KEY}x`, KEY.toUpperCase(), 'x']) {
        const r = await stranger.request('GET', '/health', { headers: { [EMBEDDED_KEY_HEADER]: sent } });
        expect(r.body.Status.Code, sent).toBe(Codes.UNAUTHENTICATED);
      }
      const twice = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: t.backend.port,
            path: '/health',
            headers: ['host', '127.0.0.1', EMBEDDED_KEY_HEADER, KEY, EMBEDDED_KEY_HEADER, KEY],
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(twice).toBe(401);
    });

    it('with the key, everything answers as usual', async () => {
      expect((await t.api.request('GET', '/health')).body.Status.Code).toBe(Codes.OK);
      expect((await t.api.request('GET', '/no/such/route')).body.Status.Code).toBe(Codes.ROUTE_NOT_FOUND);
    });
  });

  describe('first run', () => {
    it('a fresh install has no operator and no known password: setup is needed', async () => {
      expect(t.backend.seeded.demoOperators).toBe(0);
      expect(t.backend.setup).toBe('needed');
      expect((await t.api.call(status, {})).body).toEqual({
        Status: { Code: Codes.OK },
        Data: { state: 'needed' },
      });
      const demo = await t.api.call(ENDPOINTS['auth.login'], { account: 'super', password: DEMO_PASSWORD });
      expect(demo.body.Status.Code).toBe(Codes.INVALID_CREDENTIALS);
    });

    it('setup.init checks its input: super needs phone, name and password; demo takes none', async () => {
      const missing = await t.api.call(init, { mode: 'super', phone: '13700000009' });
      expect(missing.body.Status.Code).toBe(Codes.VALIDATION);
      expect(missing.body.Status.Message).toMatch(/name.*needed to create the first super-admin/);
      const extra = await t.api.call(init, { mode: 'demo', name: 'root' });
      expect(extra.body.Status.Code).toBe(Codes.VALIDATION);
      const phoneLike = await t.api.call(init, { ...FIRST, name: '13700000008' });
      expect(phoneLike.body.Status.Code).toBe(Codes.VALIDATION);
      expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'needed' });
    });

    it('two first runs at once: one makes the super-admin, the other is refused', async () => {
      const [a, b] = await Promise.all([
        t.api.call(init, FIRST),
        t.api.call(init, { ...FIRST, phone: '13700000010', name: 'root-too' }),
      ]);
      const codes = [a.body.Status.Code, b.body.Status.Code].sort();
      expect(codes).toEqual([Codes.OK, Codes.CONFLICT].sort());
      const winner = a.body.Status.Code === Codes.OK ? a : b;
      expect(winner.body.Data).toEqual({ state: 'ready' });
      const supers = await t.backend.database.db.selectFrom('operators').select(['name', 'roles']).execute();
      expect(supers).toHaveLength(1);
      expect(supers[0]?.roles).toEqual(['SUPER']);
    });

    it('the super-admin signs in; setup is over and refuses again, clearly', async () => {
      const name = (
        await t.backend.database.db.selectFrom('operators').select('name').executeTakeFirstOrThrow()
      ).name;
      const login = await t.api.login(name, FIRST.password);
      expect(login.user.role).toEqual(['SUPER']);
      expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'ready' });
      const again = await t.api.call(init, { mode: 'demo' });
      expect(again.status).toBe(409);
      expect(again.body.Status.Code).toBe(Codes.CONFLICT);
      expect(again.body.Status.Message).toMatch(/already has operators.*sign in instead/);
    });

    it('set up without the demo data, no game holds a made-up player, order or code', async () => {
      expect(await madeUpRows(t.backend.database.db)).toEqual(none());
      const name = (
        await t.backend.database.db.selectFrom('operators').select('name').executeTakeFirstOrThrow()
      ).name;
      const token = (await t.api.login(name, FIRST.password)).authToken;
      for (const game of GAME_IDS) {
        const found = await t.api.call<{ total: number; items: unknown[] }>(
          ENDPOINTS['players.search'],
          { game },
          token,
        );
        expect(found.body.Status.Code, game).toBe(Codes.OK);
        expect(found.body.Data.items, game).toEqual([]);
      }
    });
  });
});

describe.each(backendKinds())('demo data on %s', (kind) => {
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend(kind, { demo: false, launchKey: KEY, firstRun: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('chosen explicitly: the demo operators, and the state says demo while the published password works', async () => {
    expect(await madeUpRows(t.backend.database.db)).toEqual(none());
    expect((await t.api.call(init, { mode: 'demo' })).body).toEqual({
      Status: { Code: Codes.OK },
      Data: { state: 'demo' },
    });
    const superToken = (await t.api.login('super')).authToken;
    expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'demo' });

    // Their to-do lists hold the demo's items, as on a database seeded with its operators.
    const todos = await t.api.call(ENDPOINTS['todo.list'], {}, superToken);
    expect(todos.body.Status.Code).toBe(Codes.OK);
    expect((todos.body.Data as { todo: { name: string }[] }).todo.map((i) => i.name)).toEqual([
      'Atomic War: review the weekend event rewards',
      'Secret Realm: check the season leaderboard',
      'Lord War: refund request follow-up',
      'Party Game: plan the next testing round',
    ]);

    // The demo's made-up players (as many as the backend was started with), lists, orders and codes.
    const made = await madeUpRows(t.backend.database.db);
    for (const game of GAME_IDS) {
      expect(made[`players ${game}`], game).toBe(20);
      expect(made[`blacklist ${game}`], game).toBeGreaterThan(0);
      expect(made[`orders ${game}`], game).toBeGreaterThan(0);
      expect(made[`gift_code_batches ${game}`], game).toBeGreaterThan(0);
    }

    // The answer is kept, so asking again costs no password check.
    expect(await readMeta(t.backend.database.db, 'setup_demo_check')).toMatch(/"demo":true/);

    // Every demo operator but super goes, then super's password changes: no published password is left.
    for (const op of DEMO_OPERATORS.filter((o) => o.name !== 'super')) {
      const r = await t.api.call(
        ENDPOINTS['users.delete'],
        { phone: op.phone, reason: 'demo over' },
        superToken,
      );
      expect(r.body.Status.Code).toBe(Codes.OK);
    }
    expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'demo' });
    const changed = await t.api.call(
      ENDPOINTS['users.update'],
      { phone: '13800000001', password: 'no-longer-the-demo-one', reason: 'going live' },
      superToken,
    );
    expect(changed.body.Status.Code).toBe(Codes.OK);
    expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'ready' });
  });
});

describe.each(backendKinds())('setup elsewhere on %s', (kind) => {
  it('a database made before first-run setup existed, with demo operators, reads demo', async () => {
    const t = await startTestBackend(kind, { launchKey: KEY, firstRun: true });
    try {
      expect(await readMeta(t.backend.database.db, 'setup_demo_check')).toBeDefined();
      await t.backend.database.db.deleteFrom('app_meta').where('key', '=', 'setup_demo_check').execute();
      expect((await t.api.call(status, {})).body.Data).toEqual({ state: 'demo' });
    } finally {
      await t.close();
    }
  });
});

describe.each(backendKinds())('a standalone server on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    // As `npm run server` starts on a new database: no demo, no seed size.
    t = await startTestBackend(kind, { demo: false, seedPlayers: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds no operator and no made-up player, order or code in any game', async () => {
    expect(t.backend.seeded).toEqual({ demoOperators: 0 });
    expect(await madeUpRows(t.backend.database.db)).toEqual(none());
  });

  it('refuses setup, naming create-super', async () => {
    for (const [ep, input] of [
      [status, {}],
      [init, FIRST],
    ] as const) {
      const r = await t.api.call(ep, input);
      expect(r.status).toBe(403);
      expect(r.body.Status.Code).toBe(Codes.FORBIDDEN);
      expect(r.body.Status.Message).toMatch(/npm run server -- create-super/);
    }
    const zh = await t.api.request('GET', `${SR}/admin/setup`, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.Status.Message).toMatch(/首次设置仅用于桌面应用内置的后端/);
    expect(await t.backend.database.db.selectFrom('operators').select('id').execute()).toEqual([]);
  });

  it('says in its OpenAPI document that the setup calls exist only on the embedded backend', async () => {
    const doc = (await (await fetch(`${t.api.url}/openapi.json`)).json()) as {
      info: { description: string };
      paths: Record<
        string,
        Record<string, { operationId: string; description: string; 'x-embedded-only'?: boolean }>
      >;
    };
    const ops = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const embeddedOnly = ops.filter((op) => op['x-embedded-only'] === true);
    expect(embeddedOnly.map((op) => op.operationId).sort()).toEqual(['setup.init', 'setup.status']);
    for (const op of embeddedOnly) {
      expect(op.description).toMatch(/^Embedded backend only: .*refuses it with 40300/);
      expect(op.description).toMatch(/Access: public, on the embedded backend\./);
    }
    expect(doc.info.description).toMatch(/x-embedded-only/);
  });
});

describe('starting an embedded backend', () => {
  it('first-run mode needs a launch key, and a launch key must be long enough', async () => {
    await expect(startBackend({ firstRun: true, seedPlayers: 0 })).rejects.toThrow(/needs a launch key/);
    await expect(startBackend({ launchKey: 'short', seedPlayers: 0 })).rejects.toThrow(/at least 32/);
  });

  it('demo operators only when asked, and only into a database without operators', async () => {
    const d = await startBackend({ seedPlayers: 0, demo: true, auth: { scrypt: { N: 1024 } } });
    try {
      expect(d.seeded.demoOperators).toBe(DEMO_OPERATORS.length);
      expect(d.setup).toBe('demo');
    } finally {
      await d.close();
    }
  });
});
