import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { playerIdOf } from '../seed/players.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { SERVER_WATCH_AUDIT_CASES } from '../serverWatch/audit-cases.js';
import { TODO_AUDIT_CASES } from '../todo/audit-cases.js';
import { SHORTCUTS_AUDIT_CASES } from '../shortcuts/audit-cases.js';
import { ACCESS_REQUESTS_AUDIT_CASES } from '../accessRequests/audit-cases.js';
import { BATCH_FIX_AUDIT_CASES } from '../batchFix/audit-cases.js';
import { PLATFORM_KEYS_AUDIT_CASES } from '../platformKeys/audit-cases.js';
import { GIFT_CODES_AUDIT_CASES } from '../giftCodes/audit-cases.js';
import { PAY_SERVER_AUDIT_CASES } from '../payServer/audit-cases.js';
import { ORDERS_AUDIT_CASES } from '../orders/audit-cases.js';
import { PAYMENTS_AUDIT_CASES } from '../payments/audit-cases.js';
import {
  clearPlayer,
  insertBlacklistIp,
  insertHeroBan,
  insertPaidRecharge,
  insertSpecialUser,
  setPlayerState,
  testHero,
} from '../../tests/support/fixture-rows.js';

/**
 * Every endpoint marked `audit` leaves an entry per call: operator, action, target, reason,
 * outcome, code, before and after; failures after sign-in are recorded too.
 */

interface Case {
  /** Prepares and returns a valid input; `error` returns one that fails after sign-in. */
  ok(
    t: TestBackend,
    token: string,
  ): Promise<{ input: Record<string, unknown>; target: string; reason: string | null; game?: GameId }>;
  error(t: TestBackend, token: string): Promise<{ input: Record<string, unknown>; code: number }>;
  /** What must hold of before/after on success. */
  check(before: unknown, after: unknown): void;
}

const pw = 'a-long-password';

async function createTarget(t: TestBackend, token: string, phone: string, name: string): Promise<void> {
  const r = await t.api.call(
    ENDPOINTS['users.create'],
    { phone, name, password: pw, roles: ['GUEST'] },
    token,
  );
  if (r.body.Status.Code !== 1) throw new Error(JSON.stringify(r.body.Status));
}

const CASES: Partial<Record<EndpointId, Case>> = {
  'users.create': {
    ok: async () => ({
      input: {
        phone: '13600000001',
        name: 'audited-create',
        password: pw,
        roles: ['GUEST'],
        reason: 'new hire',
      },
      target: '13600000001',
      reason: 'new hire',
    }),
    error: async () => ({
      input: { phone: '13600000001', name: 'audited-dup', password: pw, roles: ['GUEST'] },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ phone: '13600000001', name: 'audited-create', roles: ['GUEST'] });
      expect(JSON.stringify(after)).not.toMatch(/scrypt/);
    },
  },
  'users.update': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000002', 'audited-update');
      return {
        input: {
          phone: '13600000002',
          bio: 'after',
          password: 'another-long-password',
          reason: 'profile fix',
        },
        target: '13600000002',
        reason: 'profile fix',
      };
    },
    error: async () => ({
      input: { phone: '13600009999', bio: 'x', reason: 'no such person' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ bio: '' });
      expect(after).toMatchObject({ bio: 'after', passwordChanged: true });
      expect(JSON.stringify(after)).not.toMatch(/scrypt|another-long-password/);
    },
  },
  'users.delete': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000003', 'audited-delete');
      return { input: { phone: '13600000003', reason: 'left' }, target: '13600000003', reason: 'left' };
    },
    error: async () => ({ input: { phone: '13800000001', reason: 'myself' }, code: Codes.FORBIDDEN }),
    check: (before, after) => {
      expect(before).toMatchObject({ phone: '13600000003', name: 'audited-delete' });
      expect(after).toBeNull();
    },
  },
};

// Game calls: ymmj has every page. Targets are put straight into the database, so each case acts
// on its own row whatever the seed holds.
const G: GameId = 'ymmj';
const pid = (g: number) => playerIdOf(G, g);
const db = (t: TestBackend) => t.backend.database.db;
const now = (t: TestBackend) => new Date(t.clock.now);
const hero = testHero(G);
/** Rows a case's `ok` made, for its `error` to act on again. */
const made = new Map<EndpointId, number>();

Object.assign(CASES, {
  'players.delete': {
    ok: async (t) => {
      await setPlayerState(db(t), G, pid(14), 'active');
      return {
        input: { game: G, id: pid(14), reason: 'account sold' },
        target: pid(14),
        reason: 'account sold',
        game: G,
      };
    },
    error: async () => ({ input: { game: G, id: pid(14), reason: 'again' }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ id: pid(14), state: 'active' });
      expect(after).toMatchObject({ id: pid(14), state: 'deleted' });
    },
  },
  'players.activate': {
    ok: async (t) => {
      await setPlayerState(db(t), G, pid(15), 'inactive');
      return {
        input: { game: G, id: pid(15), reason: 'verified' },
        target: pid(15),
        reason: 'verified',
        game: G,
      };
    },
    error: async () => ({ input: { game: G, id: pid(15), reason: 'again' }, code: Codes.CONFLICT }),
    check: (before, after) => {
      expect(before).toMatchObject({ state: 'inactive' });
      expect(after).toMatchObject({ state: 'active' });
    },
  },
  'players.clearCache': {
    ok: async () => ({
      input: { game: G, id: pid(1), reason: 'stale bag' },
      target: pid(1),
      reason: 'stale bag',
      game: G,
    }),
    error: async () => ({ input: { game: G, id: '42', reason: 'nobody' }, code: Codes.NOT_FOUND }),
    check: () => {},
  },
  'bannedHeroes.ban': {
    ok: async (t) => {
      await clearPlayer(db(t), 'banned_heroes', G, pid(2));
      return {
        input: { game: G, heroId: hero.heroId, playerId: pid(2), reason: 'exploit' },
        target: pid(2),
        reason: 'exploit',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, heroId: hero.heroId, playerId: pid(2), reason: 'twice' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ heroId: hero.heroId, playerId: pid(2), status: 'active' });
    },
  },
  'bannedHeroes.unban': {
    ok: async (t) => {
      const banId = await insertHeroBan(db(t), G, pid(4), now(t));
      made.set('bannedHeroes.unban', banId);
      return { input: { game: G, banId, reason: 'appeal' }, target: pid(4), reason: 'appeal', game: G };
    },
    error: async () => ({
      input: { game: G, banId: made.get('bannedHeroes.unban'), reason: 'again' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ status: 'active' });
      expect(after).toMatchObject({ status: 'lifted', liftedBy: 'super' });
    },
  },
  'bannedHeroes.deleteItem': {
    ok: async (t) => {
      const banId = await insertHeroBan(db(t), G, pid(6), now(t));
      made.set('bannedHeroes.deleteItem', banId);
      return { input: { game: G, banId, reason: 'mistake' }, target: pid(6), reason: 'mistake', game: G };
    },
    error: async () => ({
      input: { game: G, banId: made.get('bannedHeroes.deleteItem'), reason: 'again' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ heroId: hero.heroId, playerId: pid(6) });
      expect(after).toBeNull();
    },
  },
  'blacklist.create': {
    ok: async () => ({
      input: { game: G, kind: 'ip', value: '198.51.100.7', reason: 'botnet' },
      target: '198.51.100.7',
      reason: 'botnet',
      game: G,
    }),
    error: async () => ({
      input: { game: G, kind: 'ip', value: '198.51.100.7', reason: 'twice' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ kind: 'ip', value: '198.51.100.7', status: 'active' });
    },
  },
  'blacklist.delete': {
    ok: async (t) => {
      const id = await insertBlacklistIp(db(t), G, '198.51.100.8', now(t));
      made.set('blacklist.delete', id);
      return {
        input: { game: G, entryId: id, reason: 'reassigned' },
        target: '198.51.100.8',
        reason: 'reassigned',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, entryId: made.get('blacklist.delete'), reason: 'again' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ value: '198.51.100.8' });
      expect(after).toBeNull();
    },
  },
  'specialUsers.create': {
    ok: async (t) => {
      await clearPlayer(db(t), 'special_users', G, pid(8));
      return {
        input: {
          game: G,
          playerId: pid(8),
          category: 'streamer',
          note: 'partner stream',
          reason: 'contract',
        },
        target: pid(8),
        reason: 'contract',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, playerId: pid(8), category: 'gm', reason: 'twice' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ playerId: pid(8), category: 'streamer' });
    },
  },
  'specialUsers.delete': {
    ok: async (t) => {
      const id = await insertSpecialUser(db(t), G, pid(10), now(t));
      made.set('specialUsers.delete', id);
      return {
        input: { game: G, entryId: id, reason: 'contract ended' },
        target: pid(10),
        reason: 'contract ended',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, entryId: made.get('specialUsers.delete'), reason: 'again' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ playerId: pid(10) });
      expect(after).toBeNull();
    },
  },
  'testingPlayers.refund': {
    ok: async (t) => {
      const id = await insertPaidRecharge(db(t), G, pid(12), 'audit-refund-1', now(t));
      made.set('testingPlayers.refund', id);
      return {
        input: { game: G, rechargeId: id, reason: 'test order' },
        target: pid(12),
        reason: 'test order',
        game: G,
      };
    },
    error: async () => ({
      input: { game: G, rechargeId: made.get('testingPlayers.refund'), reason: 'again' },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ status: 'paid' });
      expect(after).toMatchObject({ status: 'refunded', refundedBy: 'super' });
    },
  },
} satisfies Partial<Record<EndpointId, Case>>);
Object.assign(CASES, SERVER_WATCH_AUDIT_CASES);
Object.assign(CASES, TODO_AUDIT_CASES);
Object.assign(CASES, SHORTCUTS_AUDIT_CASES);
Object.assign(CASES, ACCESS_REQUESTS_AUDIT_CASES);
Object.assign(CASES, BATCH_FIX_AUDIT_CASES, PLATFORM_KEYS_AUDIT_CASES);
Object.assign(CASES, GIFT_CODES_AUDIT_CASES);
Object.assign(CASES, PAY_SERVER_AUDIT_CASES);
Object.assign(CASES, ORDERS_AUDIT_CASES);
Object.assign(CASES, PAYMENTS_AUDIT_CASES);

/** A pay-server token for the operator of a console token (payments: server/payServer). */
async function payServerToken(t: TestBackend, consoleToken: string): Promise<string> {
  const r = await t.api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, consoleToken);
  if (r.body.Status.Code !== Codes.OK)
    throw new Error(`pay-server sign-in: ${JSON.stringify(r.body.Status)}`);
  return r.body.Data.token;
}

/** Audited calls that are public: recorded under whom the call acted as (below). */
const PUBLIC_CASES: readonly EndpointId[] = ['setup.init', 'accessRequests.submit'];

describe.each(backendKinds())('audit log on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    token = (await t.api.login('super')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const entries = (action: string) =>
    t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('has a case for every audited endpoint', () => {
    const audited = ENDPOINT_IDS.filter((id) => ENDPOINTS[id].audit);
    expect([...Object.keys(CASES), ...PUBLIC_CASES].sort()).toEqual(audited.sort());
  });

  for (const [id, c] of Object.entries(CASES) as [EndpointId, Case][]) {
    const ep = ENDPOINTS[id];
    it(`${id} records successes and failures`, async () => {
      const action = id;
      const ok = await c.ok(t, token);
      // The payment service takes the pay-server token of the operator, not the console's.
      const payment = ep.service === 'payment';
      const bearer = payment ? await payServerToken(t, token) : token;
      const okReply = await t.api.call(ep, ok.input, bearer);
      expect(okReply.body.Status.Code).toBe(Codes.OK);
      const err = await c.error(t, token);
      const errReply = await t.api.call(ep, err.input, bearer);
      expect(errReply.body.Status.Code).toBe(err.code);
      // Denied by role: still recorded, with who tried (no role is denied what every operator may do).
      // A guest gets no pay-server token, so a payment call is refused before anyone is known.
      const deniable = ep.access.kind !== 'signedIn' && !payment;
      const guest = (await t.api.login('guest')).authToken;
      if (deniable) expect((await t.api.call(ep, ok.input, guest)).body.Status.Code).toBe(Codes.FORBIDDEN);
      if (payment)
        expect((await t.api.call(ep, ok.input, guest)).body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
      // Not signed in: nobody to record.
      expect((await t.api.call(ep, ok.input)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);

      const rows = await entries(action);
      const mine = rows.filter((r) => r.at.getTime() === t.clock.now);
      expect(mine.map((r) => [r.operator, r.outcome, r.code])).toEqual([
        ['super', 'ok', Codes.OK],
        ['super', 'error', err.code],
        ...(deniable ? [['guest', 'error', Codes.FORBIDDEN]] : []),
      ]);
      const success = mine[0];
      expect(success).toMatchObject({
        target: ok.target,
        reason: ok.reason,
        game: ok.game ?? null,
        client_ip: '127.0.0.1',
      });
      c.check(success?.before ?? null, success?.after ?? null);
      t.clock.advance(1);
    });
  }
});

describe.each(backendKinds())('audited public calls on %s', (kind) => {
  const launchKey = 'audit-test-launch-key-0123456789abcdef';
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend(kind, { demo: false, launchKey, firstRun: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('setup.init is recorded under the operator it created, and a refused one as not signed in', async () => {
    const ep = ENDPOINTS['setup.init'];
    const input = {
      mode: 'super',
      phone: '13700000001',
      name: 'first-root',
      password: 'first-root-password',
    };
    expect((await t.api.call(ep, input)).body.Status.Code).toBe(Codes.OK);
    expect((await t.api.call(ep, { mode: 'demo' })).body.Status.Code).toBe(Codes.CONFLICT);

    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setup.init')
      .orderBy('id')
      .execute();
    const created = await t.backend.database.db
      .selectFrom('operators')
      .select('id')
      .where('phone', '=', '13700000001')
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.operator, r.operator_id, r.outcome, r.code, r.target])).toEqual([
      ['first-root', created.id, 'ok', Codes.OK, '13700000001'],
      ['(not signed in)', null, 'error', Codes.CONFLICT, 'demo'],
    ]);
    expect(rows[0]?.after).toMatchObject({ phone: '13700000001', name: 'first-root', roles: ['SUPER'] });
    expect(JSON.stringify(rows[0]?.after)).not.toMatch(/scrypt|first-root-password/);
    // The first super-admin sees what they did in their own log.
    const token = (await t.api.login('first-root', 'first-root-password')).authToken;
    const logs = await t.api.call<{ items: { action: string }[] }>(
      ENDPOINTS['users.logs'],
      { phone: '13700000001', kind: 'actions' },
      token,
    );
    expect(logs.body.Data.items.map((i) => i.action)).toEqual(['setup.init']);
  });
});
