import type { moderationFeature } from '../../shared/api/moderation.js';
import { moderationRows, testHero } from '../../tests/support/fixture-rows.js';
import { type RbacCases, type RbacFixture, RBAC_GAME, RBAC_REASON } from '../../tests/support/rbac-case.js';

/** The RBAC matrix's inputs for the endpoints of moderation (server/rbac.test.ts finds them here). */
export const rbacCases: RbacCases<typeof moderationFeature> = {
  'heroes.list': async () => ({ game: RBAC_GAME }),
  'bannedHeroes.list': async () => ({ game: RBAC_GAME, status: 'all' }),
  'bannedHeroes.ban': async (f) => ({
    game: RBAC_GAME,
    heroId: testHero(RBAC_GAME).heroId,
    playerId: await playerWithout(f, 'banned_heroes'),
    reason: RBAC_REASON,
  }),
  'bannedHeroes.unban': async (f) => ({
    game: RBAC_GAME,
    banId: await rows(f).heroBan(f.freshPlayer()),
    reason: RBAC_REASON,
  }),
  'bannedHeroes.deleteItem': async (f) => ({
    game: RBAC_GAME,
    banId: await rows(f).heroBan(f.freshPlayer()),
    reason: RBAC_REASON,
  }),
  'blacklist.list': async () => ({ game: RBAC_GAME }),
  'blacklist.create': async (f) => ({ game: RBAC_GAME, kind: 'ip', value: freshIp(f), reason: RBAC_REASON }),
  'blacklist.delete': async (f) => ({
    game: RBAC_GAME,
    entryId: await rows(f).blacklistIp(freshIp(f)),
    reason: RBAC_REASON,
  }),
  'specialUsers.list': async () => ({ game: RBAC_GAME }),
  'specialUsers.create': async (f) => ({
    game: RBAC_GAME,
    playerId: await playerWithout(f, 'special_users'),
    category: 'streamer',
    reason: RBAC_REASON,
  }),
  'specialUsers.delete': async (f) => ({
    game: RBAC_GAME,
    entryId: await rows(f).specialUser(f.freshPlayer()),
    reason: RBAC_REASON,
  }),
  'testingPlayers.list': async () => ({ game: RBAC_GAME }),
  'testingPlayers.recharges': async () => ({ game: RBAC_GAME }),
  'testingPlayers.refund': async (f) => ({
    game: RBAC_GAME,
    rechargeId: await rows(f).paidRecharge(f.freshPlayer(), `rbac-${f.unique()}`),
    reason: RBAC_REASON,
  }),
};

/** Targets go straight into the database, so each call acts on its own row whatever the seed holds. */
const rows = (f: RbacFixture) => moderationRows(f.t, RBAC_GAME);

async function playerWithout(f: RbacFixture, table: 'banned_heroes' | 'special_users'): Promise<string> {
  const id = f.freshPlayer();
  await rows(f).clear(table, id);
  return id;
}

function freshIp(f: RbacFixture): string {
  const n = Number(f.unique());
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
