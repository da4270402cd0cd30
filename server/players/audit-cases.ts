import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { playerIdOf } from '../seed/players.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';
import { setPlayerState } from '../../tests/support/fixture-rows.js';

/**
 * The audit cases of players, for server/audit/audit.test.ts (which checks every audited endpoint
 * has one): a call that succeeds, one that fails after sign-in, and what before and after must hold.
 */

// Game calls: ymmj has every page. Targets are put straight into the database, so each case acts
// on its own row whatever the seed holds.
const G: GameId = 'ymmj';
const pid = (g: number) => playerIdOf(G, g);
const db = (t: TestBackend) => t.backend.database.db;

export const auditCases: AuditCases = {
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
};
