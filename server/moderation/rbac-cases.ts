import type { moderationFeature } from '../../shared/api/moderation.js';
import {
  clearPlayer,
  insertBlacklistIp,
  insertHeroBan,
  insertPaidRecharge,
  insertSpecialUser,
  testHero,
} from '../../tests/support/fixture-rows.js';
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
    banId: await insertHeroBan(f.db, RBAC_GAME, f.freshPlayer(), f.now()),
    reason: RBAC_REASON,
  }),
  'bannedHeroes.deleteItem': async (f) => ({
    game: RBAC_GAME,
    banId: await insertHeroBan(f.db, RBAC_GAME, f.freshPlayer(), f.now()),
    reason: RBAC_REASON,
  }),
  'blacklist.list': async () => ({ game: RBAC_GAME }),
  'blacklist.create': async (f) => ({ game: RBAC_GAME, kind: 'ip', value: freshIp(f), reason: RBAC_REASON }),
  'blacklist.delete': async (f) => ({
    game: RBAC_GAME,
    entryId: await insertBlacklistIp(f.db, RBAC_GAME, freshIp(f), f.now()),
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
    entryId: await insertSpecialUser(f.db, RBAC_GAME, f.freshPlayer(), f.now()),
    reason: RBAC_REASON,
  }),
  'testingPlayers.list': async () => ({ game: RBAC_GAME }),
  'testingPlayers.recharges': async () => ({ game: RBAC_GAME }),
  'testingPlayers.refund': async (f) => ({
    game: RBAC_GAME,
    rechargeId: await insertPaidRecharge(f.db, RBAC_GAME, f.freshPlayer(), `rbac-${f.unique()}`, f.now()),
    reason: RBAC_REASON,
  }),
};

async function playerWithout(f: RbacFixture, table: 'banned_heroes' | 'special_users'): Promise<string> {
  const id = f.freshPlayer();
  await clearPlayer(f.db, table, RBAC_GAME, id);
  return id;
}

function freshIp(f: RbacFixture): string {
  const n = Number(f.unique());
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
