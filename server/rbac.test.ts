import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../shared/codes.js';
import { endpointAccess } from '../shared/api/endpoint.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId, type InputOf } from '../shared/api/table.js';
import { canAccess } from '../shared/roles.js';
import type { GameId } from '../shared/games.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from './seed/operators.js';
import { playerIdOf } from './seed/players.js';
import { backendKinds, startTestBackend, type TestBackend } from '../tests/support/backends.js';
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

const CALLERS = [{ name: '(not signed in)', roles: [] as string[] }, ...DEMO_OPERATORS];

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
    const t = await startTestBackend(kind, { seedPlayers: SEEDED, launchKey: LAUNCH_KEY, firstRun: true });
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
        const want = canAccess(caller.roles, access, signedIn)
          ? (REFUSED_TO_ALL[id] ?? Codes.OK)
          : signedIn
            ? Codes.FORBIDDEN
            : Codes.UNAUTHENTICATED;
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
