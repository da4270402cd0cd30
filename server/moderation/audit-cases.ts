import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { playerIdOf } from '../seed/players.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import { moderationRows, testHero } from '../../tests/support/fixture-rows.js';

/**
 * The audit cases of the moderation lists, for server/audit/audit.test.ts (which checks every
 * audited endpoint has one): a call that succeeds, one that fails after sign-in, and what before
 * and after must hold.
 */

// Game calls: ymmj has every page. Targets are put straight into the database, so each case acts
// on its own row whatever the seed holds.
const G: GameId = 'ymmj';
const pid = (g: number) => playerIdOf(G, g);
const rows = (t: TestBackend) => moderationRows(t, G);
const hero = testHero(G);
/** Rows a case's `ok` made, for its `error` to act on again. */
const made = new Map<string, number>();

export const auditCases: AuditCases = {
  'bannedHeroes.ban': {
    ok: async (t) => {
      await rows(t).clear('banned_heroes', pid(2));
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
      const banId = await rows(t).heroBan(pid(4));
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
      const banId = await rows(t).heroBan(pid(6));
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
      const id = await rows(t).blacklistIp('198.51.100.8');
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
      await rows(t).clear('special_users', pid(8));
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
      const id = await rows(t).specialUser(pid(10));
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
      const id = await rows(t).paidRecharge(pid(12), 'audit-refund-1');
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
};
