import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../shared/codes.js';
import { endpointAccess, type Endpoint } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId, type InputOf } from '../shared/api/table.js';
import { canAccess } from '../shared/roles.js';
import type { GameId } from '../shared/games.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from './seed/operators.js';
import { playerIdOf } from './seed/players.js';
import { backendKinds, startTestBackend, type TestBackend } from '../tests/support/backends.js';
import { insertMaintenance, insertNotice, insertWatchedServer } from './serverWatch/test-kit.js';
import { insertTodoForEveryone } from './todo/test-kit.js';
import { insertAccessRequest } from './accessRequests/test-kit.js';
import type { CodeKind } from '../shared/api/giftCodes.js';
import { insertTestBatch, signedRedeemInput, testSecrets } from './giftCodes/test-kit.js';
import { insertTestOrder } from './orders/test-kit.js';
import { insertTestNotice } from './payments/test-kit.js';
import {
  clearPlayer,
  insertBlacklistIp,
  insertHeroBan,
  insertPaidRecharge,
  insertSpecialUser,
  setPlayerState,
  testHero,
} from '../tests/support/fixture-rows.js';

/**
 * Every endpoint of the table x every seeded role (and no sign-in at all): allowed or denied
 * exactly as canAccess(endpointAccess(...)) says. The matrix is generated from ENDPOINTS; a new
 * endpoint without a valid input below is a type error.
 */

interface Fixture {
  t: TestBackend;
  superToken: string;
  unique(): string;
  /** A player no other call of the matrix touches. */
  freshPlayer(): string;
}

/** Game-scoped calls are checked on ymmj, which has every page; other games share the code. */
const GAME: GameId = 'ymmj';
const REASON = 'rbac matrix';
const SEEDED = 120;

/** A valid input per endpoint; mutating ones get their own throwaway target each time. */
const VALID_INPUT: { [K in EndpointId]: (f: Fixture) => Promise<InputOf<K>> } = {
  'auth.login': async () => ({ account: 'guest', password: DEMO_PASSWORD }),
  'auth.refresh': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.logout': async (f) => ({ refreshToken: (await f.t.api.login('guest')).refreshToken }),
  'auth.session': async () => ({}),
  'setup.status': async () => ({}),
  'setup.init': async () => ({ mode: 'demo' }),
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

  'players.search': async () => ({ game: GAME, name: 'a' }),
  'players.get': async () => ({ game: GAME, id: playerIdOf(GAME, 1) }),
  'players.tab': async () => ({ game: GAME, id: playerIdOf(GAME, 1), tab: 'items' }),
  'players.equipment': async () => ({ game: GAME, id: playerIdOf(GAME, 2) }),
  'players.equipmentPage': async () => ({ game: GAME, id: playerIdOf(GAME, 2), pageSize: 50 }),
  'players.logs': async () => ({ game: GAME, id: playerIdOf(GAME, 1) }),
  'players.prelogs': async () => ({ game: GAME, id: playerIdOf(GAME, 1) }),
  'players.audit': async () => ({ game: GAME, id: playerIdOf(GAME, 1) }),
  'players.stats': async () => ({ game: GAME }),
  'players.clearCache': async () => ({ game: GAME, id: playerIdOf(GAME, 1), reason: REASON }),
  'players.delete': async (f) => ({ game: GAME, id: await playerInState(f, 'active'), reason: REASON }),
  'players.activate': async (f) => ({ game: GAME, id: await playerInState(f, 'inactive'), reason: REASON }),

  'heroes.list': async () => ({ game: GAME }),
  'bannedHeroes.list': async () => ({ game: GAME, status: 'all' }),
  'bannedHeroes.ban': async (f) => ({
    game: GAME,
    heroId: testHero(GAME).heroId,
    playerId: await playerWithout(f, 'banned_heroes'),
    reason: REASON,
  }),
  'bannedHeroes.unban': async (f) => ({
    game: GAME,
    banId: await insertHeroBan(db(f), GAME, f.freshPlayer(), at(f)),
    reason: REASON,
  }),
  'bannedHeroes.deleteItem': async (f) => ({
    game: GAME,
    banId: await insertHeroBan(db(f), GAME, f.freshPlayer(), at(f)),
    reason: REASON,
  }),
  'blacklist.list': async () => ({ game: GAME }),
  'blacklist.create': async (f) => ({ game: GAME, kind: 'ip', value: freshIp(f), reason: REASON }),
  'blacklist.delete': async (f) => ({
    game: GAME,
    entryId: await insertBlacklistIp(db(f), GAME, freshIp(f), at(f)),
    reason: REASON,
  }),
  'specialUsers.list': async () => ({ game: GAME }),
  'specialUsers.create': async (f) => ({
    game: GAME,
    playerId: await playerWithout(f, 'special_users'),
    category: 'streamer',
    reason: REASON,
  }),
  'specialUsers.delete': async (f) => ({
    game: GAME,
    entryId: await insertSpecialUser(db(f), GAME, f.freshPlayer(), at(f)),
    reason: REASON,
  }),
  'testingPlayers.list': async () => ({ game: GAME }),
  'testingPlayers.recharges': async () => ({ game: GAME }),
  'testingPlayers.refund': async (f) => ({
    game: GAME,
    rechargeId: await insertPaidRecharge(db(f), GAME, f.freshPlayer(), `rbac-${f.unique()}`, at(f)),
    reason: REASON,
  }),

  'serverWatch.list': async () => ({}),
  'serverWatch.get': async (f) => ({ id: await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`) }),
  'serverWatch.save': async (f) => ({
    name: `rbac-${f.unique()}`,
    game: GAME,
    check: { kind: 'tcp', host: '127.0.0.1', port: 9 },
  }),
  'serverWatch.delete': async (f) => ({
    id: await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`),
    reason: REASON,
  }),
  'serverWatch.pause': async (f) => ({
    id: await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`),
    reason: REASON,
  }),
  'serverWatch.resume': async (f) => ({
    id: await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`, { paused: true }),
  }),
  'serverWatch.test': async () => ({ kind: 'tcp', host: '127.0.0.1', port: 9, timeoutMs: 500 }),
  'serverWatch.addMaintenance': async (f) => ({
    id: await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`),
    startsAt: at(f).toISOString(),
    endsAt: new Date(at(f).getTime() + 3_600_000).toISOString(),
  }),
  'serverWatch.deleteMaintenance': async (f) => {
    const id = await insertWatchedServer(db(f), at(f), `rbac-${f.unique()}`);
    return { id, windowId: await insertMaintenance(db(f), id, at(f)), reason: REASON };
  },
  'serverWatch.events': async () => ({ after: 0, wait: 0 }),
  'serverWatch.mutes': async () => ({}),
  'serverWatch.mute': async () => ({}),
  'serverWatch.unmute': async () => ({}),
  'notices.list': async () => ({}),
  'notices.save': async () => ({ game: GAME, kind: 'playersBelow', threshold: 1 }),
  'notices.setEnabled': async (f) => ({ id: await insertNotice(db(f), at(f)), enabled: false }),
  'notices.delete': async (f) => ({ id: await insertNotice(db(f), at(f)), reason: REASON }),

  'batchFix.functions': async () => ({ game: GAME }),
  'batchFix.dryRun': async () => ({ game: GAME, name: 'batchfix1' }),
  'batchFix.run': async (f) => ({ game: GAME, name: await idleRepair(f), reason: REASON }),
  'batchFix.jobs': async () => ({ game: GAME }),
  'batchFix.job': async (f) => ({ game: GAME, jobId: await queuedRepairJob(f) }),
  'batchFix.cancel': async (f) => ({ game: GAME, jobId: await queuedRepairJob(f), reason: REASON }),

  'platformKeys.all': async () => ({}),
  'platformKeys.list': async () => ({ game: GAME }),
  'platformKeys.create': async (f) => ({
    game: GAME,
    name: `rbac-${f.unique()}`,
    platform: 'steamWebApi',
    secret: 'rbac-secret-0123456789',
    note: '',
  }),
  'platformKeys.update': async (f) => ({
    game: GAME,
    keyId: await platformKey(f),
    note: 'changed',
    reason: REASON,
  }),
  'platformKeys.delete': async (f) => ({ game: GAME, keyId: await platformKey(f), reason: REASON }),
  'platformKeys.reveal': async (f) => ({ game: GAME, keyId: await platformKey(f), reason: REASON }),

  'activeCodes.batches': async () => ({ game: GAME }),
  'activeCodes.create': async (f) => giftCreateInput(f, 'activeCode'),
  'activeCodes.batch': async (f) => ({ game: GAME, batchId: (await giftBatch(f, 'activeCode')).batchId }),
  'activeCodes.codes': async (f) => ({ game: GAME, batchId: (await giftBatch(f, 'activeCode')).batchId }),
  'activeCodes.export': async (f) => ({
    game: GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
    reason: REASON,
  }),
  'activeCodes.setBatchEnabled': async (f) => ({
    game: GAME,
    batchId: (await giftBatch(f, 'activeCode')).batchId,
    enabled: false,
    reason: REASON,
  }),
  'activeCodes.status': async (f) => ({
    game: GAME,
    code: (await giftBatch(f, 'activeCode')).codes[0] ?? '',
  }),
  'activeCodes.setCodeEnabled': async (f) => ({
    game: GAME,
    code: (await giftBatch(f, 'activeCode')).codes[0] ?? '',
    enabled: false,
    reason: REASON,
  }),
  // Public: the game server's signed call, a fresh code and nonce each time.
  'activeCodes.redeem': async (f) =>
    signedRedeemInput(GAME, (await giftBatch(f, 'activeCode')).codes[0] ?? '', 'rbac-player', f.t.clock.now),
  'shopTickets.batches': async () => ({ game: GAME }),
  'shopTickets.create': async (f) => giftCreateInput(f, 'shopTicket'),
  'shopTickets.batch': async (f) => ({ game: GAME, batchId: (await giftBatch(f, 'shopTicket')).batchId }),
  'shopTickets.codes': async (f) => ({ game: GAME, batchId: (await giftBatch(f, 'shopTicket')).batchId }),
  'shopTickets.export': async (f) => ({
    game: GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
    reason: REASON,
  }),
  'shopTickets.setBatchEnabled': async (f) => ({
    game: GAME,
    batchId: (await giftBatch(f, 'shopTicket')).batchId,
    enabled: false,
    reason: REASON,
  }),
  'shopTickets.status': async (f) => ({
    game: GAME,
    code: (await giftBatch(f, 'shopTicket')).codes[0] ?? '',
  }),
  'shopTickets.setCodeEnabled': async (f) => ({
    game: GAME,
    code: (await giftBatch(f, 'shopTicket')).codes[0] ?? '',
    enabled: false,
    reason: REASON,
  }),
  'shopTickets.redeem': async (f) =>
    signedRedeemInput(GAME, (await giftBatch(f, 'shopTicket')).codes[0] ?? '', 'rbac-player', f.t.clock.now),
  'catalogue.items': async () => ({ game: GAME }),
  'catalogue.shopItems': async () => ({ game: GAME }),
  'catalogue.rechargePacks': async () => ({ game: GAME }),

  'systemLogs.audit': async () => ({}),
  'systemLogs.entry': async (f) => ({ entryId: await auditEntry(f) }),
  'systemLogs.export': async () => ({}),
  'systemLogs.events': async () => ({}),
  'systemLogs.eventKinds': async () => ({}),
  'todo.list': async () => ({}),
  'todo.page': async () => ({}),
  'todo.create': async (f) => ({
    name: `rbac-${f.unique()}`,
    expireAt: new Date(f.t.clock.now + 86_400_000).toISOString(),
  }),
  'todo.delete': async (f) => ({ name: await insertTodoForEveryone(db(f), `rbac-${f.unique()}`, at(f)) }),
  'shortcuts.get': async () => ({}),
  // Home is the one page every caller may pin, whatever their roles.
  'shortcuts.save': async () => ({ shortcuts: { playerSearch: 'mod+alt+p', about: null }, pinned: ['home'] }),
  'accessRequests.submit': async (f) => {
    const n = f.unique();
    return {
      name: `newcomer-${n}`,
      phone: `1371${n}`,
      games: ['ymmj'],
      why: 'rbac matrix',
      password: 'a-long-password',
    };
  },
  'accessRequests.list': async () => ({ status: 'open' }),
  'accessRequests.approve': async (f) => {
    const n = f.unique();
    return {
      id: await insertAccessRequest(db(f), { phone: `1372${n}`, name: `approved-${n}`, at: at(f) }),
      roles: ['GUEST'],
    };
  },
  'accessRequests.decline': async (f) => {
    const n = f.unique();
    return {
      id: await insertAccessRequest(db(f), { phone: `1373${n}`, name: `declined-${n}`, at: at(f) }),
      reason: REASON,
    };
  },
  'orders.search': async () => ({ game: GAME, paymentStatus: ['Completed'], pageSize: 5 }),
  'orders.get': async (f) => ({ game: GAME, orderId: await testOrder(f, 'delivered') }),
  'orders.create': async (f) => ({
    game: GAME,
    playerId: playerIdOf(GAME, 1),
    grant: { kind: 'amount' },
    amount: 100,
    requestId: `rbac-${f.unique()}-request`,
    reason: REASON,
  }),
  'orders.approve': async (f) => ({ game: GAME, orderId: await pendingOrder(f), reason: REASON }),
  'orders.reject': async (f) => ({ game: GAME, orderId: await pendingOrder(f), reason: REASON }),
  'orders.resend': async (f) => ({ game: GAME, orderId: await testOrder(f, 'paid'), reason: REASON }),
  'orders.refund': async (f) => ({ game: GAME, orderId: await testOrder(f, 'delivered'), reason: REASON }),
  'orders.cancel': async (f) => ({ game: GAME, orderId: await testOrder(f, 'created'), reason: REASON }),
  'orders.bulk': async (f) => ({
    game: GAME,
    action: 'cancel',
    orderIds: [await testOrder(f, 'created'), await testOrder(f, 'paying')],
    reason: REASON,
  }),
  'orders.settings': async () => ({ game: GAME }),
  'orders.saveSettings': async (f) => ({
    game: GAME,
    approvalThreshold: 60_000 + Number(f.unique()),
    reason: REASON,
  }),
  'payServer.signIn': async () => ({}),
  'payServer.status': async () => ({}),
  // Shut down, then started again by the next entry: the payment calls after them find it open.
  'payServer.shutdown': async () => ({ reason: REASON }),
  'payServer.start': async () => ({ reason: REASON }),
  'payOrders.list': async (f) => ({
    start: new Date(f.t.clock.now - 86_400_000).toISOString(),
    end: new Date(f.t.clock.now + 60_000).toISOString(),
    pageSize: 5,
  }),
  'payOrders.resend': async (f) => ({ orderId: await testOrder(f, 'paid'), reason: REASON }),
  'payOrders.resendWebhook': async (f) => {
    const orderId = await testOrder(f, 'paying');
    await insertTestNotice(db(f), { orderId, at: at(f) });
    return { orderId, reason: REASON };
  },
  'payProviders.list': async () => ({}),
  'payProviders.notices': async () => ({ provider: 'paypal', pageSize: 5 }),
  'payProviders.refunds': async () => ({ provider: 'paypal', pageSize: 5 }),
  'payProviders.resendNotice': async (f) => ({
    noticeId: await insertTestNotice(db(f), { orderId: null, at: at(f) }),
    reason: REASON,
  }),
  'pay.order': async (f) => ({
    game: GAME,
    playerId: playerIdOf(GAME, 1),
    productId: 22001,
    requestId: `rbac-${f.unique()}`,
  }),
  'pay.status': async (f) => ({ orderId: await testOrder(f, 'delivered') }),
  'pay.do': async (f) => ({ provider: 'wechat', orderId: await testOrder(f, 'created') }),
  'pay.detail': async (f) => ({ orderId: await testOrder(f, 'delivered') }),
};

// Targets for the mutating game calls, put straight into the database so that each call of the
// matrix acts on its own row whatever the seed holds.

const db = (f: Fixture) => f.t.backend.database.db;
const at = (f: Fixture) => new Date(f.t.clock.now);

async function playerInState(f: Fixture, state: 'active' | 'inactive'): Promise<string> {
  const id = f.freshPlayer();
  await setPlayerState(db(f), GAME, id, state);
  return id;
}

async function playerWithout(f: Fixture, table: 'banned_heroes' | 'special_users'): Promise<string> {
  const id = f.freshPlayer();
  await clearPlayer(db(f), table, GAME, id);
  return id;
}

function freshIp(f: Fixture): string {
  const n = Number(f.unique());
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

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

/** An order of its own for a call of the matrix, in the state the call needs. */
const testOrder = (f: Fixture, state: 'created' | 'paying' | 'paid' | 'delivered') =>
  insertTestOrder(db(f), { game: GAME, state, at: at(f) });

/** A manual order waiting for approval, made by someone no caller of the matrix is. */
const pendingOrder = (f: Fixture) =>
  insertTestOrder(db(f), {
    game: GAME,
    state: 'created',
    at: at(f),
    kind: 'manual',
    approval: 'pending',
    createdBy: 'rbac-creator',
  });

/** A batch of one code, straight in the database, for a gift-code call of the matrix to act on. */
const giftBatch = (f: Fixture, kind: CodeKind) => insertTestBatch(db(f), GAME, kind, { now: at(f) });

function giftCreateInput(f: Fixture, kind: CodeKind) {
  return {
    game: GAME,
    name: `rbac-${f.unique()}`,
    count: 2,
    grant:
      kind === 'activeCode'
        ? { kind: 'items' as const, rewards: [{ itemId: 20001, count: 1 }] }
        : { kind: 'shopItem' as const, shopItemId: 21001, price: 0 },
    validFrom: at(f).toISOString(),
    validUntil: new Date(f.t.clock.now + 86_400_000).toISOString(),
    usesPerCode: 1,
    usesPerPlayer: 1,
    reason: REASON,
  };
}

/** A platform key made by the SUPER, for a call of the matrix to act on. */
async function platformKey(f: Fixture): Promise<number> {
  const r = await f.t.api.call(
    ENDPOINTS['platformKeys.create'],
    {
      game: GAME,
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

/**
 * A repair function with no run going on, so that the next caller's run is not refused as a
 * second one: the matrix waits for the previous caller's run (a few rows) to end.
 */
async function idleRepair(f: Fixture): Promise<string> {
  const name = 'batchfix1';
  for (let i = 0; i < 200; i++) {
    const active = await db(f)
      .selectFrom('batch_fix_jobs')
      .select('id')
      .where('game', '=', GAME)
      .where('name', '=', name)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (!active) return name;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} is still running after 10 s`);
}

/** A queued repair run put straight into the table (no runner picks it up), for job and cancel. */
async function queuedRepairJob(f: Fixture): Promise<number> {
  const row = await db(f)
    .insertInto('batch_fix_jobs')
    .values({
      game: GAME,
      name: `rbac-${f.unique()}`,
      status: 'queued',
      reason: REASON,
      operator_id: null,
      operator: 'rbac',
      created_at: at(f),
      heartbeat_at: at(f),
      total: 0,
      counts: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest audit entry (the matrix has written many by the time this runs). */
async function auditEntry(f: Fixture): Promise<number> {
  const row = await db(f)
    .selectFrom('audit_log')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return Number(row.id);
  await throwaway(f);
  return auditEntry(f);
}

const CALLERS = [{ name: '(not signed in)', roles: [] as string[] }, ...DEMO_OPERATORS];

/**
 * The bearer a signed-in caller sends: the console token, or for a payment-service call a fresh
 * pay-server token (fresh: the matrix's own payServer.signIn calls replace earlier ones); null
 * when the caller may not have one.
 */
async function bearerFor(f: Fixture, ep: Endpoint, consoleToken: string): Promise<string | null> {
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
  let fixture: Fixture;
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
        return playerIdOf(GAME, player);
      },
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
        const input = (await VALID_INPUT[id](fixture)) as Record<string, unknown>;
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
