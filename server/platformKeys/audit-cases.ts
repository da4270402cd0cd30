import { expect } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import type { TestBackend } from '../../tests/support/backends.js';
import type { AuditCases } from '../../tests/support/audit-case.js';

/** The audit cases of platform keys, for server/audit/audit.test.ts: no entry ever holds a secret. */

const GAME: GameId = 'ymmj';
const MISSING = 987_654;
const SECRET = 'audit-secret-0123456789abcdef';

async function key(t: TestBackend, token: string, name: string): Promise<number> {
  const r = await t.api.call(
    ENDPOINTS['platformKeys.create'],
    { game: GAME, name, platform: 'steamWebApi', secret: SECRET, note: '' },
    token,
  );
  if (r.body.Status.Code !== Codes.OK) throw new Error(JSON.stringify(r.body.Status));
  return (r.body.Data as { id: number }).id;
}

const noSecret = (before: unknown, after: unknown) =>
  expect(JSON.stringify([before, after])).not.toContain(SECRET);

export const auditCases: AuditCases = {
  'platformKeys.create': {
    ok: async () => ({
      input: { game: GAME, name: 'Audit created', platform: 'epic', secret: SECRET, note: 'n' },
      target: 'Audit created',
      reason: null,
      game: GAME,
    }),
    error: async () => ({
      input: { game: GAME, name: 'audit created', platform: 'epic', secret: SECRET },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ name: 'Audit created', platform: 'epic', secretMask: '••••••••cdef' });
      noSecret(before, after);
    },
  },
  'platformKeys.update': {
    ok: async (t, token) => {
      const id = await key(t, token, 'Audit update');
      return {
        input: { game: GAME, keyId: id, name: 'Audit updated', secret: `${SECRET}-2`, reason: 'rotation' },
        target: 'Audit update',
        reason: 'rotation',
        game: GAME,
      };
    },
    error: async () => ({
      input: { game: GAME, keyId: MISSING, note: 'x', reason: 'rotation' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'Audit update' });
      expect(after).toMatchObject({ name: 'Audit updated', secretReplaced: true });
      noSecret(before, after);
    },
  },
  'platformKeys.delete': {
    ok: async (t, token) => {
      const id = await key(t, token, 'Audit delete');
      return {
        input: { game: GAME, keyId: id, reason: 'retired' },
        target: 'Audit delete',
        reason: 'retired',
        game: GAME,
      };
    },
    error: async () => ({ input: { game: GAME, keyId: MISSING, reason: 'retired' }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'Audit delete', secretMask: '••••••••cdef' });
      expect(after).toBeNull();
      noSecret(before, after);
    },
  },
  'platformKeys.reveal': {
    ok: async (t, token) => {
      const id = await key(t, token, 'Audit reveal');
      return {
        input: { game: GAME, keyId: id, reason: 'support case 12' },
        target: 'Audit reveal',
        reason: 'support case 12',
        game: GAME,
      };
    },
    error: async () => ({ input: { game: GAME, keyId: MISSING, reason: 'look' }, code: Codes.NOT_FOUND }),
    check: (before, after) => {
      expect(before).toMatchObject({ name: 'Audit reveal' });
      expect(after).toEqual({ revealed: true, secretMask: '••••••••cdef' });
      noSecret(before, after);
    },
  },
};
